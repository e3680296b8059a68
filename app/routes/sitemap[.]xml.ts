// /sitemap.xml: the public pages, as absolute URLs on the origin the request came to.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteUrl, siteOrigin } from "#app/seo.ts";

const PUBLIC_PAGES = ["/", "/pricing", "/how-it-works", "/about"] as const;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url>\n    <loc>${escapeXml(absoluteUrl(path, origin))}</loc>\n    <priority>${path === "/" ? "1.0" : "0.8"}</priority>\n  </url>`,
  ).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
