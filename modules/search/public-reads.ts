// The board as the public pages read it: the ids the sitemaps list and the site's own figures.
import { em } from "../../lib/db.ts";

/** Ids and dates of active jobs for the sitemap, newest first, in pages of `limit`. */
export async function activeJobIds(offset: number, limit: number): Promise<{ id: string; publishedAt: string }[]> {
  const rows = await em().execute<{ id: string; published_at: Date | null; created_at: Date }[]>(
    `select id, published_at, created_at from jobs where status = 'active' order by published_at desc nulls last, id limit ? offset ?`,
    [limit, offset],
  );
  return rows.map((r) => ({ id: r.id, publishedAt: new Date(r.published_at ?? r.created_at).toISOString() }));
}

export async function countActiveJobsOnBoard(): Promise<number> {
  const [row] = await em().execute<{ n: number }[]>(`select count(*)::int as n from jobs where status = 'active'`);
  return Number(row?.n ?? 0);
}

/**
 * The marketplace's own figures for the public pages: active jobs that companies posted here (not
 * listings imported from the job-search provider) and the companies behind them. One scan.
 */
export async function boardFigures(): Promise<{ activeJobs: number; companiesHiring: number }> {
  const [row] = await em().execute<{ jobs: number; companies: number }[]>(
    `select count(*)::int as jobs, count(distinct company_id)::int as companies from jobs where status = 'active' and company_id is not null`,
  );
  return { activeJobs: Number(row?.jobs ?? 0), companiesHiring: Number(row?.companies ?? 0) };
}
