// /sitemaps/pages and /sitemaps/jobs/{n}: the parts /sitemap.xml lists once there are more than
// 50,000 URLs.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "#app/site-origin.server.ts";
import { pagesUrlset, xmlResponse } from "#app/sitemap.server.ts";

export function loader({ params }: LoaderFunctionArgs) {
  if (params.part !== "pages") throw new Response("Not found", { status: 404 });
  return xmlResponse(pagesUrlset(siteOrigin()), "urlset");
}
