// /sitemap.xml: the public pages and every active job's page, as absolute URLs on the
// origin of PUBLIC_URL. Past 50,000 URLs (the protocol's limit per file) it becomes a sitemap index of
// /sitemaps/pages and /sitemaps/jobs/{n}.
import { activeJobIds, countActiveJobsOnBoard } from "#modules/search/index.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import {
  JOBS_PER_SITEMAP,
  pagesUrlset,
  jobsUrlset,
  sitemapIndex,
  xmlResponse,
  PUBLIC_PAGES,
} from "#app/sitemap.server.ts";

export async function loader() {
  const origin = siteOrigin();
  const jobs = await readFromReplica(() => countActiveJobsOnBoard());
  if (jobs + PUBLIC_PAGES.length <= JOBS_PER_SITEMAP) {
    return xmlResponse(
      [pagesUrlset(origin), jobsUrlset(origin, await readFromReplica(() => activeJobIds(0, jobs)))].join("\n"),
      "urlset",
    );
  }
  return xmlResponse(sitemapIndex(origin, Math.ceil(jobs / JOBS_PER_SITEMAP)), "sitemapindex");
}
