// The board's open jobs as feeds for other sites read them (modules/feeds: the Indeed feed): jobs
// companies posted here (never listings imported from a provider) that are active and not past
// their closing date, in pages by id so a feed of any size is read a page at a time; and a version
// of that set, which changes whenever the set or one of its jobs does (the feed's ETag).
import { em } from "../../lib/db.ts";
import { companyDisplayName } from "./vocabulary.ts";
import type { ListedJob, ListedJobRow } from "./job-summary.ts";

/** A job as a list shows it, with the texts and dates a feed writes out in full. */
export interface FeedJob extends Omit<ListedJob, "companyLogo" | "descriptionPreview" | "publishedAt"> {
  publishedAt: Date;
  description: string;
  requirements: string;
  benefits: string[];
  closesAt: Date | null;
}

// One definition of "open on the board" for both reads.
const OPEN = `status = 'active' and company_id is not null and source = 'board' and (closes_at is null or closes_at > ?)`;

interface Row extends Omit<ListedJobRow, "company_logo" | "description_preview"> {
  created_at: Date;
  description: string | null;
  requirements: string | null;
  benefits: string[] | null;
  closes_at: Date | null;
}

/** Up to `limit` open board jobs with ids after `afterId` (null: from the start), by id. */
export async function openBoardJobs(afterId: string | null, limit: number, at: Date): Promise<FeedJob[]> {
  const rows = await em().execute<Row[]>(
    `select id, title, published_at, created_at, company_name, location, location_type, employment_type, category,
            salary_min, salary_max, salary_currency, description, requirements, benefits, closes_at
       from jobs where ${OPEN} and id > ? order by id limit ?`,
    [at, afterId ?? "00000000-0000-0000-0000-000000000000", limit],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title ?? "",
    publishedAt: new Date(r.published_at ?? r.created_at),
    companyName: companyDisplayName(r.company_name),
    location: r.location ?? "",
    locationType: r.location_type,
    employmentType: r.employment_type,
    category: r.category,
    salaryMin: r.salary_min,
    salaryMax: r.salary_max,
    salaryCurrency: r.salary_currency,
    description: r.description ?? "",
    requirements: r.requirements ?? "",
    benefits: r.benefits ?? [],
    closesAt: r.closes_at ? new Date(r.closes_at) : null,
  }));
}

/**
 * How many jobs are open, and when the set last changed: the latest write to a published board job
 * (a publish, an edit, a close: each moves `updated_at`) or the latest closing date that has passed
 * (a job leaves at its closing date, before the hourly run closes it). A job deleted outright
 * changes the count.
 */
export async function openBoardJobsVersion(at: Date): Promise<{ count: number; lastChange: Date | null }> {
  const [row] = await em().execute<{ n: number; written: Date | null; passed: Date | null }[]>(
    `select (select count(*)::int from jobs where ${OPEN}) as n,
            (select max(updated_at) from jobs where company_id is not null and source = 'board' and status <> 'draft') as written,
            (select max(closes_at) from jobs where status = 'active' and company_id is not null and closes_at <= ?) as passed`,
    [at, at],
  );
  const times = [row?.written, row?.passed].filter((d): d is Date => Boolean(d)).map((d) => new Date(d).getTime());
  return { count: Number(row?.n ?? 0), lastChange: times.length ? new Date(Math.max(...times)) : null };
}
