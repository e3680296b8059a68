// A job as lists show it (the board's search and the alerts' new jobs, the dashboard, the
// administrator's lists, a closed job's summary): the columns without the long texts, and the start
// of the description.
import type { Job } from "./entities.ts";
import type { JobStatus } from "./vocabulary.ts";

/** The columns every list of jobs shows. */
export interface ListedJob {
  id: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  locationType: string | null;
  employmentType: string | null;
  category: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  /** The description's start, as long as the list's statement cuts it; pages clamp it further. */
  descriptionPreview: string;
  publishedAt: string | null;
}

/** Those columns as a statement selects them from `jobs`, with the description cut as `description_preview`. */
export interface ListedJobRow {
  id: string;
  title: string | null;
  company_name: string | null;
  company_logo: string | null;
  location: string | null;
  location_type: string | null;
  employment_type: string | null;
  category: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string;
  description_preview: string | null;
  published_at: Date | null;
}

/** A listed job from its row (a draft's missing texts read as empty). */
export const listedJob = (r: ListedJobRow): ListedJob => ({
  id: r.id,
  title: r.title ?? "",
  companyName: r.company_name ?? "",
  companyLogo: r.company_logo,
  location: r.location ?? "",
  locationType: r.location_type,
  employmentType: r.employment_type,
  category: r.category,
  salaryMin: r.salary_min,
  salaryMax: r.salary_max,
  salaryCurrency: r.salary_currency,
  descriptionPreview: r.description_preview ?? "",
  publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
});

/** A job in its company's and the administrator's lists: who posted it, its status, when it was made. */
export interface JobSummary extends ListedJob {
  employerId: string | null;
  status: JobStatus;
  createdAt: string;
}

/** A loaded job's summary, with a 300-character description preview. */
export function summary(job: Job): JobSummary {
  return {
    id: job.id,
    employerId: job.employerId ?? null,
    status: job.status,
    title: job.title ?? "",
    companyName: job.companyName ?? "",
    companyLogo: job.companyLogo ?? null,
    location: job.location ?? "",
    locationType: job.locationType ?? null,
    employmentType: job.employmentType ?? null,
    category: job.category ?? null,
    salaryMin: job.salaryMin ?? null,
    salaryMax: job.salaryMax ?? null,
    salaryCurrency: job.salaryCurrency,
    descriptionPreview: (job.description ?? "").slice(0, 300),
    createdAt: job.createdAt.toISOString(),
    publishedAt: job.publishedAt?.toISOString() ?? null,
  };
}
