// /sitemaps/jobs/{n}: the n-th 50,000 active jobs, newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { activeJobIds } from "#modules/search/index.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import { JOBS_PER_SITEMAP, jobsUrlset, xmlResponse } from "#app/sitemap.server.ts";

export async function loader({ params }: LoaderFunctionArgs) {
  const n = Number(params.n);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Response("Not found", { status: 404 });
  const jobs = await readFromReplica(() => activeJobIds((n - 1) * JOBS_PER_SITEMAP, JOBS_PER_SITEMAP));
  if (!jobs.length) throw new Response("Not found", { status: 404 });
  return xmlResponse(jobsUrlset(siteOrigin(), jobs), "urlset");
}
