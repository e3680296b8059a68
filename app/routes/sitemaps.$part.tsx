// /sitemaps/pages (with the career pages) and /sitemaps/jobs/{n}: the parts /sitemap.xml lists once there are more than
// 50,000 URLs.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "#app/site-origin.server.ts";
import { COMPANIES_PER_SITEMAP, pagesUrlset, xmlResponse } from "#app/sitemap.server.ts";
import { companiesHiring } from "#modules/hiring/index.server.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.part !== "pages") throw new Response("Not found", { status: 404 });
  const companies = await readFromReplica(() => companiesHiring(COMPANIES_PER_SITEMAP));
  return xmlResponse(pagesUrlset(siteOrigin(), companies), "urlset");
}
