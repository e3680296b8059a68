// A job as lists show it (the dashboard, the administrator's lists, a closed job's summary): the
// columns without the long texts, a 300-character description preview.
import type { Job } from "./entities.ts";
import type { JobStatus } from "./vocabulary.ts";

export interface JobSummary {
  id: string;
  employerId: string | null;
  status: JobStatus;
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
  /** The first 300 characters; pages clamp it further. */
  descriptionPreview: string;
  createdAt: string;
  publishedAt: string | null;
}

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
