// A board job as the search's lists carry it: hiring's listed job (modules/hiring/job-summary.ts)
// with its skills and benefits, read by the same columns in the search, its misspelt-words
// fallback and the alerts' new jobs.
import { listedJob, type ListedJob, type ListedJobRow } from "../hiring/index.server.ts";

export interface BoardJob extends ListedJob {
  skills: string[];
  benefits: string[];
}

export interface BoardJobRow extends ListedJobRow {
  skills: string[];
  benefits: string[];
}

/** The columns of a board job, from `jobs j` (the description cut to 400 characters). */
export const BOARD_JOB_COLUMNS = `j.id, j.title, j.company_name, j.company_logo, j.location, j.location_type, j.employment_type, j.category,
            j.salary_min, j.salary_max, j.salary_currency, left(j.description, 400) as description_preview,
            j.skills, j.benefits, j.published_at`;

/** A board job from its row. */
export const toJob = (r: BoardJobRow): BoardJob => ({ ...listedJob(r), skills: r.skills, benefits: r.benefits });
