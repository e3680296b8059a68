// Salary insight for a job that names no salary: what active board jobs of the same category, in
// the same region and currency, pay. Never shown on fewer than MIN_SALARY_SAMPLE jobs: a median of
// two postings would read as a fact it is not.
import { em } from "../../lib/db.ts";

export const MIN_SALARY_SAMPLE = 5;

export interface SalaryInsight {
  /** Median of each job's midpoint (its one bound when it gives only one). */
  median: number;
  /** The middle half of those midpoints (25th and 75th percentiles): one outlier does not stretch it. */
  low: number;
  high: number;
  currency: string;
  /** How many jobs the figures come from. */
  count: number;
  /** "United States", "Remote", ... as matched. */
  region: string;
  category: string;
}

/** The region a job's location names: "Remote" for remote jobs, otherwise the last part (the country). */
export function regionOf(location: string, locationType: string | null): string {
  if (locationType === "remote") return "Remote";
  return location.split(",").at(-1)?.trim() ?? "";
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function boardSalaryInsight(job: { id: string; category: string | null; location: string; locationType: string | null; salaryCurrency: string }): Promise<SalaryInsight | null> {
  const region = regionOf(job.location, job.locationType);
  if (!job.category || !region) return null;
  const place = region === "Remote" ? `location_type = 'remote'` : `(location ilike ? or location ilike ?)`;
  const placeParams = region === "Remote" ? [] : [escapeLike(region), `%, ${escapeLike(region)}`];
  const [row] = await em().execute<{ count: string; median: number | null; low: number | null; high: number | null }[]>(
    `select count(*) as count,
            percentile_cont(0.5) within group (order by (coalesce(salary_min, salary_max) + coalesce(salary_max, salary_min)) / 2.0) as median,
            percentile_cont(0.25) within group (order by (coalesce(salary_min, salary_max) + coalesce(salary_max, salary_min)) / 2.0) as low,
            percentile_cont(0.75) within group (order by (coalesce(salary_min, salary_max) + coalesce(salary_max, salary_min)) / 2.0) as high
       from jobs
      where status = 'active' and id <> ? and category = ? and salary_currency = ?
        and (salary_min is not null or salary_max is not null) and ${place}`,
    [job.id, job.category, job.salaryCurrency, ...placeParams],
  );
  const count = Number(row?.count ?? 0);
  if (!row || count < MIN_SALARY_SAMPLE || row.median === null || row.low === null || row.high === null) return null;
  return { median: Math.round(Number(row.median)), low: Math.round(Number(row.low)), high: Math.round(Number(row.high)), currency: job.salaryCurrency, count, region, category: job.category };
}
