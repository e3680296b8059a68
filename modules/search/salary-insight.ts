// Salary insight for a job that names no salary: what active board jobs of the same category, in
// the same region and currency, pay. Never shown on fewer than MIN_SALARY_SAMPLE jobs: a median of
// two postings would read as a fact it is not.
// The figures are computed for every category, region and currency at once by a scheduled job
// (SALARY_FIGURES_QUEUE, every 15 minutes) into `salary_figures`; a job page reads one row of it,
// never the board (decision 055). A job without a salary is never among the figures, so the job
// asking is not counted in its own insight.
import { em, transaction } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import type { QueueDefinition } from "../../lib/queue.ts";

export const MIN_SALARY_SAMPLE = 5;
// The name it was scheduled under when hiring held the board; pg-boss keeps the schedule by name.
export const SALARY_FIGURES_QUEUE = "hiring.refresh-salary-figures";

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

/** The table's key for a region: the same place however it is capitalised. */
const regionKey = (region: string) => region.toLowerCase();

// The same region as regionOf, in SQL: remote jobs are "remote", others their location's last part.
const REGION_SQL = `case when location_type = 'remote' then 'remote' else lower(btrim(regexp_replace(coalesce(location, ''), '^.*,', ''))) end`;
const MIDPOINT_SQL = `(coalesce(salary_min, salary_max) + coalesce(salary_max, salary_min)) / 2.0`;

/** Recomputes every figure from the active jobs, in one transaction (readers see the old ones until it commits). */
export async function refreshSalaryFigures(): Promise<{ figures: number }> {
  return transaction(async (tx) => {
    await tx.execute(`delete from salary_figures`);
    const rows = await tx.execute<{ n: number }[]>(
      `with mids as (
         select category::text as category, ${REGION_SQL} as region, salary_currency::text as currency, ${MIDPOINT_SQL} as mid
           from jobs
          where status = 'active' and category is not null and (salary_min is not null or salary_max is not null)
       ), inserted as (
         insert into salary_figures (category, region, currency, count, median, low, high, refreshed_at)
         select category, left(region, 200), currency, count(*),
                round(percentile_cont(0.5) within group (order by mid)),
                round(percentile_cont(0.25) within group (order by mid)),
                round(percentile_cont(0.75) within group (order by mid)),
                now()
           from mids where region <> ''
          group by category, left(region, 200), currency
         having count(*) >= ${MIN_SALARY_SAMPLE}
         returning 1
       )
       select count(*)::int as n from inserted`,
    );
    return { figures: rows[0]?.n ?? 0 };
  });
}

export async function boardSalaryInsight(job: {
  id: string;
  category: string | null;
  location: string;
  locationType: string | null;
  salaryCurrency: string;
}): Promise<SalaryInsight | null> {
  const region = regionOf(job.location, job.locationType);
  if (!job.category || !region) return null;
  const [row] = await em().execute<{ count: number; median: number; low: number; high: number }[]>(
    `select count, median, low, high from salary_figures where category = ? and region = ? and currency = ?`,
    [job.category, regionKey(region), job.salaryCurrency],
  );
  if (!row || row.count < MIN_SALARY_SAMPLE) return null;
  return {
    median: row.median,
    low: row.low,
    high: row.high,
    currency: job.salaryCurrency,
    count: row.count,
    region,
    category: job.category,
  };
}

export const salaryFiguresQueue: QueueDefinition<object> = {
  name: SALARY_FIGURES_QUEUE,
  schedule: "*/15 * * * *",
  expireInSeconds: 600,
  async handle() {
    const started = performance.now();
    const { figures } = await refreshSalaryFigures();
    logger.info({ figures, ms: Math.round(performance.now() - started) }, "salary figures refreshed");
  },
};
