// The site's origin for absolute URLs (canonical links, og:url, structured data, sitemaps,
// robots.txt): always PUBLIC_URL, never the request's Host or X-Forwarded-Host, which anyone can
// set and which caches would then keep and serve to everyone.
import { config } from "#lib/config.ts";

export function siteOrigin(): string {
  return new URL(config().publicUrl).origin;
}
