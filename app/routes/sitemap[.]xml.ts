// /sitemap.xml: the public pages, the career pages of companies hiring, and every active job's page, as absolute URLs on the
// origin of PUBLIC_URL. Past 50,000 URLs (the protocol's limit per file) it becomes a sitemap index of
// /sitemaps/pages and /sitemaps/jobs/{n}.
import { activeJobIds, countActiveJobsOnBoard } from "#modules/search/index.server.ts";
import { companiesHiring } from "#modules/hiring/index.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import {
  JOBS_PER_SITEMAP,
  pagesUrlset,
  jobsUrlset,
  sitemapIndex,
  xmlResponse,
  PUBLIC_PAGES,
  COMPANIES_PER_SITEMAP,
} from "#app/sitemap.server.ts";

export async function loader() {
  const origin = siteOrigin();
  const [jobs, companies] = await Promise.all([
    readFromReplica(() => countActiveJobsOnBoard()),
    readFromReplica(() => companiesHiring(COMPANIES_PER_SITEMAP)),
  ]);
  if (jobs + companies.length + PUBLIC_PAGES.length <= JOBS_PER_SITEMAP) {
    return xmlResponse(
      [pagesUrlset(origin, companies), jobsUrlset(origin, await readFromReplica(() => activeJobIds(0, jobs)))].join(
        "\n",
      ),
      "urlset",
    );
  }
  return xmlResponse(sitemapIndex(origin, Math.ceil(jobs / JOBS_PER_SITEMAP)), "sitemapindex");
}
