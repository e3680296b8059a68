// /robots.txt: public pages may be crawled; signed-in areas and the auth screen may not.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteUrl, siteOrigin } from "#app/seo.ts";

export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /employer",
    "Disallow: /candidate",
    "Disallow: /account",
    "Disallow: /auth",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", siteOrigin(request))}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
