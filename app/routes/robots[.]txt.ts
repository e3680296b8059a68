// /robots.txt: public pages may be crawled; signed-in areas and the auth screen may not.
import { absoluteUrl } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /employer",
    "Disallow: /candidate",
    "Disallow: /account",
    "Disallow: /auth",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", siteOrigin())}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
