// Jobs as candidates read them: an active job, the job an application is made to, and the jobs a
// candidate's applications name.
import { questionView, type EmployerJobDetail, type JobQuestionView } from "./employer-reads.ts";
import { summary } from "./job-summary.ts";
import { em } from "../../lib/db.ts";
import { Job, JobQuestion } from "./entities.ts";
import { isUuid } from "../../lib/uuid.ts";
import { companyDisplayName, type JobStatus } from "./vocabulary.ts";

export interface ActiveJob extends EmployerJobDetailBase {
  questionCount: number;
  /** "board", or the provider an imported listing came from. */
  source: string;
  applyLink: string | null;
  /** When it stops taking applications (ISO), null for an imported listing. */
  closesAt: string | null;
}

type EmployerJobDetailBase = Omit<EmployerJobDetail, "applications" | "actions" | "hasUnsavedEdits" | "questions">;

/** An active job by id, or null for a missing, draft, closed or archived one (one query). */
export async function activeJob(jobId: string): Promise<ActiveJob | null> {
  if (!isUuid(jobId)) return null;
  const job = await em().findOne(Job, { id: jobId, status: "active" });
  return job ? activeView(job, await em().count(JobQuestion, { job: job.id })) : null;
}

/** A job's published columns as candidates and visitors see them. */
function activeView(job: Job, questionCount: number): ActiveJob {
  return {
    ...summary(job),
    description: job.description ?? "",
    requirements: job.requirements ?? "",
    benefits: [...job.benefits],
    skills: [...job.skills],
    experienceLevel: job.experienceLevel ?? null,
    questionCount,
    source: job.source,
    applyLink: job.applyLink ?? null,
    closesAt: job.closesAt?.toISOString() ?? null,
  };
}

/** A listing from a job-search provider, as hiring stores it. */

// ---------------------------------------------------------------------------------------------
// For applications: the job a candidate applies to, and the jobs their applications name.

/** An active job with its employer and questions, as the apply wizard needs it. */
export interface JobToApply extends ActiveJob {
  /** The company taking applications; null for an imported listing. */
  companyId: string | null;
  questions: JobQuestionView[];
  /** An imported listing whose screening questions are still to be made. */
  questionsPending: boolean;
}

/** The job with its questions when it is open to applications, else null (two queries). */
export async function jobToApply(jobId: string): Promise<JobToApply | null> {
  if (!isUuid(jobId)) return null;
  // The job first, then its questions: generated questions commit with the job's mark, so a job
  // read as generated always comes with them (read at once, the mark could arrive without them).
  const job = await em().findOne(Job, { id: jobId, status: "active" });
  if (!job) return null;
  const questions = await em().find(JobQuestion, { job: jobId }, { orderBy: { orderIndex: "asc" } });
  return {
    ...activeView(job, questions.length),
    companyId: job.companyId ?? null,
    questionsPending: job.source !== "board" && questions.length === 0 && !job.questionsGeneratedAt,
    questions: questions.map(questionView),
  };
}

/** A job as a list of applications shows it, whatever its status now. */
export interface JobCard {
  id: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  employmentType: string | null;
  description: string;
  status: JobStatus;
  companyId: string | null;
  /** An imported listing's link to apply on the company's site. */
  applyLink: string | null;
}

interface JobCardRow {
  id: string;
  title: string | null;
  company_name: string | null;
  company_logo: string | null;
  location: string | null;
  employment_type: string | null;
  description: string | null;
  status: JobStatus;
  company_id: string | null;
  apply_link: string | null;
}

/**
 * The jobs with these ids, by id (one query). A plain query: these lists name up to hundreds of
 * jobs, and making each a whole entity (its draft and texts included) was most of their cost.
 */
export async function jobCards(ids: string[]): Promise<Map<string, JobCard>> {
  if (!ids.length) return new Map();
  // left(…, 400) counts characters, each one or two UTF-16 units: the slice below stays exact.
  const rows = await em().execute<JobCardRow[]>(
    `select id, title, company_name, company_logo, location, employment_type, left(description, 400) as description,
            status, company_id, apply_link
       from jobs where id = any(?::uuid[])`,
    [`{${[...new Set(ids)].join(",")}}`],
  );
  return new Map(
    rows.map((job) => [
      job.id,
      {
        id: job.id,
        title: job.title ?? "Untitled job",
        companyName: companyDisplayName(job.company_name),
        companyLogo: job.company_logo ?? null,
        location: job.location ?? "",
        employmentType: job.employment_type ?? null,
        description: (job.description ?? "").slice(0, 400),
        status: job.status,
        companyId: job.company_id ?? null,
        applyLink: job.apply_link ?? null,
      },
    ]),
  );
}

/** What a job asks of candidates, whatever its status now (for scoring an application). */
export async function jobForScoring(
  jobId: string,
): Promise<{ title: string; requirements: string; skills: string[]; description: string } | null> {
  const job = isUuid(jobId) ? await em().findOne(Job, { id: jobId }) : null;
  return job
    ? {
        title: job.title ?? "",
        requirements: job.requirements ?? "",
        skills: [...job.skills],
        description: job.description ?? "",
      }
    : null;
}

/**
 * Gives an imported listing (no employer, no questions) its screening questions, once: a second
 * call, or one racing it, changes nothing. Returns whether these questions were stored.
 */
