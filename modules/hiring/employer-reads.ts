// What a company's members read about their jobs: the dashboard (a page of jobs, drafts and counts
// in three queries), one job with its questions, and the administrator's lists.
import { allowedActions, ownJob, type JobAction } from "./job-status.ts";
import { listedJob, summary, type JobSummary, type ListedJobRow } from "./job-summary.ts";
import { boardChanged } from "./board-events.ts";
import { em } from "../../lib/db.ts";
import { planOf, planUsage, type UsageLine } from "../billing-plans/index.server.ts";
import { Job, JobQuestion } from "./entities.ts";
import { companyPlanSource, jobScope, may, type Member } from "./team.ts";
import { jobNotFound } from "./errors.ts";
import type { JobStatus } from "./vocabulary.ts";
import { applicationCounts } from "./application-counts.ts";

// ---------------------------------------------------------------------------------------------
// Reading

export interface DraftSummary {
  id: string;
  title: string;
  updatedAt: string;
}

export interface DashboardJob extends JobSummary {
  applications: number;
  /** Applications nobody has opened yet (still Submitted). */
  newApplications: number;
}

export interface EmployerDashboard {
  jobs: DashboardJob[];
  drafts: DraftSummary[];
  stats: { activeJobs: number; totalApplications: number; shortlisted: number };
  /** The plan's active-job limit, e.g. "1 of 5 active jobs". */
  activeJobsUsage: UsageLine & { planName: string };
  /** The published jobs come in pages of DASHBOARD_PAGE_SIZE, newest first. */
  pagination: { page: number; pages: number; total: number };
}

export const DASHBOARD_PAGE_SIZE = 50;
const MAX_DRAFTS_LISTED = 50;

interface DashboardRow extends ListedJobRow {
  employer_id: string;
  status: JobStatus;
  draft_title: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The member's dashboard in three queries whatever the number of jobs: a page of the jobs they see
 * with the drafts and counts (descriptions cut in the database), the application counts, and the
 * company's plan. Interviewers see the jobs they are assigned to, and no drafts.
 */
export async function employerDashboard(member: Member, page = 1): Promise<EmployerDashboard> {
  const scope = jobScope(member);
  const plan = await companyPlanSource(member.companyId);
  const pageNumber = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  // One statement: this page of published jobs, every draft, and the counts the stats need.
  const rows = await em().execute<(DashboardRow & { active_count: number; published_count: number })[]>(
    `with mine as (
       select id, employer_id, status, title, company_name, company_logo, location, location_type,
              employment_type, category, salary_min, salary_max, salary_currency,
              left(description, 300) as description_preview, draft->>'title' as draft_title,
              created_at, updated_at, published_at
         from jobs j where ${scope.sql}${may(member, "manage-jobs") ? "" : " and j.status <> 'draft'"}
     )
     select page.*,
            (select count(*)::int from mine where status = 'active') as active_count,
            (select count(*)::int from mine where status <> 'draft') as published_count
       from ((select * from mine where status <> 'draft' order by coalesce(published_at, created_at) desc, id limit ? offset ?)
             union all
             (select * from mine where status = 'draft' order by updated_at desc limit ?)) page`,
    [...scope.params, DASHBOARD_PAGE_SIZE, (pageNumber - 1) * DASHBOARD_PAGE_SIZE, MAX_DRAFTS_LISTED],
  );
  const published = rows.filter((r) => r.status !== "draft");
  const [counts, subscription] = await Promise.all([
    applicationCounts.forMember(
      member,
      published.map((r) => r.id),
    ),
    planOf(plan?.source ?? member.userId, "employer"),
  ]);
  // Counts come with every row; with no rows on this page, ask for them on their own.
  const totals =
    rows[0] ??
    (
      await em().execute<{ active_count: number; published_count: number }[]>(
        `select count(*) filter (where status = 'active')::int as active_count, count(*) filter (where status <> 'draft')::int as published_count from jobs j where ${scope.sql}`,
        scope.params,
      )
    )[0]!;
  const jobs = published.map((r): DashboardJob => ({
    ...listedJob(r),
    employerId: r.employer_id,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    applications: counts.perJob.get(r.id)?.total ?? 0,
    newApplications: counts.perJob.get(r.id)?.unopened ?? 0,
  }));
  const activeJobs = Number(totals.active_count);
  const usage = planUsage(subscription.plan, { activeJobs }).find((line) => line.key === "activeJobs")!;
  return {
    jobs,
    drafts: rows
      .filter((r) => r.status === "draft")
      .map((r) => ({
        id: r.id,
        title: r.draft_title?.trim() || "Untitled job",
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    stats: { activeJobs, totalApplications: counts.total, shortlisted: counts.shortlisted },
    activeJobsUsage: { ...usage, planName: subscription.plan.name },
    pagination: {
      page: pageNumber,
      pages: Math.max(1, Math.ceil(Number(totals.published_count) / DASHBOARD_PAGE_SIZE)),
      total: Number(totals.published_count),
    },
  };
}

export interface JobQuestionView {
  id: string;
  questionText: string;
  questionType: string;
  category: string;
  options: string[] | null;
  required: boolean;
  orderIndex: number;
}

export const questionView = (q: JobQuestion): JobQuestionView => ({
  id: q.id,
  questionText: q.questionText,
  questionType: q.questionType,
  category: q.category,
  options: q.options ?? null,
  required: q.required,
  orderIndex: q.orderIndex,
});

export interface EmployerJobDetail extends JobSummary {
  description: string;
  requirements: string;
  benefits: string[];
  skills: string[];
  experienceLevel: string | null;
  questions: JobQuestionView[];
  applications: { total: number; shortlisted: number; unopened: number };
  /** What this member may do to the job (none for an interviewer). */
  actions: JobAction[];
  /** A published job with edits not yet saved. */
  hasUnsavedEdits: boolean;
  /** When it stops taking applications (ISO); set while it is open. */
  closesAt: string | null;
}

/** One of the company's published jobs the member sees, with its questions (two queries, plus the counts). */
export async function employerJob(member: Member, jobId: string): Promise<EmployerJobDetail> {
  const job = await ownJob(member, jobId, { need: "review" });
  if (job.status === "draft") throw jobNotFound(); // drafts open in the wizard
  const [questions, counts] = await Promise.all([
    em().find(JobQuestion, { job: job.id }, { orderBy: { orderIndex: "asc" } }),
    applicationCounts.forMember(member, [job.id]),
  ]);
  return {
    ...summary(job),
    description: job.description ?? "",
    requirements: job.requirements ?? "",
    benefits: [...job.benefits],
    skills: [...job.skills],
    experienceLevel: job.experienceLevel ?? null,
    questions: questions.map(questionView),
    applications: counts.perJob.get(job.id) ?? { total: 0, shortlisted: 0, unopened: 0 },
    actions: may(member, "manage-jobs") ? allowedActions(job.status).filter((a) => a !== "publish") : [],
    hasUnsavedEdits: job.draft !== null,
    closesAt: job.closesAt?.toISOString() ?? null,
  };
}

/** Jobs for the administrator (the CLI), newest first. */
export async function listJobs(
  filter: { employerId?: string; status?: JobStatus; limit?: number } = {},
): Promise<JobSummary[]> {
  const where: Record<string, unknown> = {};
  if (filter.employerId) where.employerId = filter.employerId;
  if (filter.status) where.status = filter.status;
  const jobs = await em().find(Job, where, { orderBy: { createdAt: "desc", id: "asc" }, limit: filter.limit });
  return jobs.map(summary);
}

/** How many of the company's jobs are active (the plan's limit counts these). */
export function countActiveJobs(companyId: string): Promise<number> {
  return em().count(Job, { companyId, status: "active" });
}

/** Shows the employer's new company logo on the jobs they posted. */
export async function setJobsCompanyLogo(employerId: string, logoUrl: string | null): Promise<void> {
  await em().nativeUpdate(Job, { employerId }, { companyLogo: logoUrl });
  await boardChanged();
}

/** An active job as candidates and visitors see it: published columns and questions only. */
