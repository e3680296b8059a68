// Jobs: the post wizard's drafts, publishing, status changes, and what the company's members read.
// Every function takes the member asking (team.ts) and treats another company's job, or one their
// role may not touch, as not found.
import { placeKeys } from "./places.ts";
import { boardChanged } from "./board-events.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { getSubscription, mayPublishJob, planUsage, type UsageLine } from "../billing-plans/index.ts";
import { checkEmailVerified } from "../identity/index.ts";
import { Job, JobQuestion } from "./entities.ts";
import { isUuid } from "../../lib/uuid.ts";
import { jobOfMember, jobScope, may, planHolderOf, type Member, type TeamAction } from "./team.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import {
  checkJob,
  emptyWizardForm,
  summaryMessage,
  toWizardForm,
  type DraftQuestion,
  type WizardForm,
} from "./schemas.ts";
import { randomUUID } from "node:crypto";
import { CURRENCIES, EMPLOYMENT_TYPES, MAX_BENEFITS, MAX_QUESTIONS, MAX_SALARY, MAX_SKILLS, type JobStatus, type QuestionCategory, type QuestionType } from "./vocabulary.ts";
import { applicationCounts } from "./application-counts.ts";

// ---------------------------------------------------------------------------------------------
// Status rules

export type JobAction = "publish" | "close" | "reopen" | "archive";

const MOVES: Record<JobAction, { from: readonly JobStatus[]; to: JobStatus; verb: string }> = {
  publish: { from: ["draft"], to: "active", verb: "published" },
  close: { from: ["active"], to: "closed", verb: "closed" },
  reopen: { from: ["closed"], to: "active", verb: "reopened" },
  archive: { from: ["active", "closed"], to: "archived", verb: "archived" },
};

const STATUS_NOUN: Record<JobStatus, string> = {
  draft: "A draft",
  active: "An active job",
  closed: "A closed job",
  archived: "An archived job",
};

/** The actions allowed from a status, for the buttons a page offers. */
export function allowedActions(status: JobStatus): JobAction[] {
  return (Object.keys(MOVES) as JobAction[]).filter((action) => MOVES[action].from.includes(status));
}

function refuseMove(status: JobStatus, action: JobAction): HiringError {
  return new HiringError("invalid-transition", `${STATUS_NOUN[status]} can't be ${MOVES[action].verb}.`);
}

/**
 * Refuses a job that would go over the company plan's active-job limit. Serialised per company (an
 * advisory lock held to the end of the transaction), so two publishes at once can't both pass.
 */
async function checkPublishLimit(companyId: string, jobId: string): Promise<void> {
  const manager = em();
  await manager.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`jobs:${companyId}`]);
  const active = await manager.count(Job, { companyId, status: "active", id: { $ne: jobId } });
  const holder = await planHolderOf(companyId);
  if (!holder) throw new HiringError("plan-limit", "This company has no owner on a plan, so it can't publish jobs.");
  const verdict = await mayPublishJob(holder, active);
  if (!verdict.allowed) throw new HiringError("plan-limit", verdict.reason, { upgradeUrl: verdict.upgradeUrl });
}

/** One of the company's jobs the member may `need` (locked for the transaction when `lock`). */
async function ownJob(member: Member, jobId: string, { lock = false, need = "manage-jobs" }: { lock?: boolean; need?: TeamAction } = {}): Promise<Job> {
  if (!lock) return jobOfMember(member, jobId, need);
  if (!isUuid(jobId) || !may(member, need)) throw jobNotFound();
  const job = await lockForUpdate(Job, { id: jobId, companyId: member.companyId });
  if (!job || member.role === "interviewer") throw jobNotFound();
  return job;
}

export { isUuid };

/** Close, reopen or archive one of the employer's jobs (publishing goes through the wizard). */
export async function changeJobStatus(member: Member, jobId: string, action: Exclude<JobAction, "publish">): Promise<JobStatus> {
  return transaction(async () => {
    const job = await ownJob(member, jobId, { lock: true });
    await moveJob(job, action, member.userId);
    await em().flush();
    await boardChanged();
    return job.status;
  });
}

/**
 * Moves the job's status if the rules allow (the caller flushes, with its other changes). `actorId`
 * is the member doing it, or null for an administrator.
 */
async function moveJob(job: Job, action: JobAction, actorId: string | null): Promise<void> {
  const move = MOVES[action];
  if (!move.from.includes(job.status)) throw refuseMove(job.status, action);
  if (move.to === "active" && job.companyId) {
    // A job goes live only from an account that proved its address (REQUIRE_EMAIL_VERIFICATION).
    if (actorId) {
      const verdict = await checkEmailVerified(actorId, "publish a job");
      if (!verdict.allowed) throw new HiringError("email-unverified", verdict.reason);
    }
    await checkPublishLimit(job.companyId, job.id);
  }
  job.status = move.to;
}

/** An administrator closes any active job (the CLI). */
export async function closeJobAsAdmin(jobId: string): Promise<JobSummary> {
  return transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockForUpdate(Job, { id: jobId }) : null;
    if (!job) throw new HiringError("not-found", `No job with id ${jobId}.`);
    await moveJob(job, "close", null);
    await tx.flush();
    await boardChanged();
    return summary(job);
  });
}

// ---------------------------------------------------------------------------------------------
// The post wizard

export interface WizardState {
  jobId: string;
  status: JobStatus;
  form: WizardForm;
  /** True once the job has been published: the wizard edits it, Save Changes applies the edits. */
  published: boolean;
  /** Questions can't change once someone has answered them. */
  questionsLocked: boolean;
  /** The edit has unsaved changes (a draft of a published job). */
  editing: boolean;
}

function formFromJob(job: Job, questions: JobQuestion[]): WizardForm {
  const form = emptyWizardForm();
  return {
    ...form,
    title: job.title ?? "",
    company_name: job.companyName ?? "",
    location: job.location ?? "",
    location_type: job.locationType ?? "",
    employment_type: job.employmentType ?? "",
    category: job.category ?? "",
    salary_min: job.salaryMin?.toString() ?? "",
    salary_max: job.salaryMax?.toString() ?? "",
    salary_currency: job.salaryCurrency,
    requirements: job.requirements ?? "",
    description: job.description ?? "",
    skills: job.skills.join(", "),
    experience_level: job.experienceLevel ?? "",
    benefits: [...job.benefits],
    questions: questions.map(
      (q): DraftQuestion => ({
        question_text: q.questionText,
        question_type: q.questionType,
        category: q.category,
        options: q.options?.join(", ") ?? "",
        required: q.required,
      }),
    ),
  };
}

/** Starts a new draft of the member's company, holding what the first step posted. */
export async function startDraft(member: Member, form: WizardForm): Promise<string> {
  if (!may(member, "manage-jobs")) throw jobNotFound();
  const manager = em();
  const job = manager.create(Job, { employerId: member.userId, companyId: member.companyId, status: "draft", draft: toWizardForm({ ...form }) });
  await manager.flush();
  return job.id;
}

/** The wizard's state for one of the employer's jobs: its draft, or the published job as a form. */
export async function wizardState(member: Member, jobId: string): Promise<WizardState> {
  const job = await ownJob(member, jobId);
  if (job.status === "archived") throw new HiringError("invalid-transition", "An archived job can't be edited.");
  const published = job.status !== "draft";
  const questionsLocked = published && (await applicationCounts.hasApplications(job.id));
  let form = job.draft ? toWizardForm(job.draft as unknown as Record<string, unknown>) : null;
  if (!form) form = published ? formFromJob(job, await em().find(JobQuestion, { job }, { orderBy: { orderIndex: "asc" } })) : emptyWizardForm();
  return { jobId: job.id, status: job.status, form, published, questionsLocked, editing: published && job.draft !== null };
}

/** Keeps what the wizard holds (as typed: nothing is checked or lost). */
export async function saveDraft(member: Member, jobId: string, form: WizardForm): Promise<void> {
  await transaction(async (tx) => {
    const job = await ownJob(member, jobId, { lock: true });
    if (job.status === "archived") throw new HiringError("invalid-transition", "An archived job can't be edited.");
    job.draft = toWizardForm({ ...form });
    await tx.flush();
  });
}

/**
 * Publishes a draft, or saves the edits of a published job: checks everything, then writes the
 * job and its non-blank questions (in order) in one transaction. Publishing counts against the
 * plan's active jobs. Throws HiringError "invalid" with field messages, "plan-limit", or
 * "email-unverified" (the employer has not confirmed their address; the draft stays).
 */
export async function publishDraft(member: Member, jobId: string, companyLogo: string | null = null): Promise<{ published: boolean }> {
  return transaction(async (tx) => {
    const job = await ownJob(member, jobId, { lock: true });
    if (job.status === "archived") throw new HiringError("invalid-transition", "An archived job can't be edited.");
    const stored = job.draft as unknown as Record<string, unknown> | null;
    const form = stored ? toWizardForm(stored) : job.status === "draft" ? emptyWizardForm() : null;
    if (!form) return { published: false }; // a published job with nothing edited
    const checked = checkJob(form);
    if (!checked.ok) {
      throw new HiringError("invalid", summaryMessage(checked.errors), { fieldErrors: checked.errors });
    }
    const { details, questions } = checked.value;
    const wasDraft = job.status === "draft";
    if (wasDraft) {
      await moveJob(job, "publish", member.userId);
      job.publishedAt = now();
      if (companyLogo) job.companyLogo = companyLogo;
    }
    tx.assign(job, {
      title: details.title,
      companyName: details.company_name,
      location: details.location,
      locationType: details.location_type,
      employmentType: details.employment_type,
      category: details.category,
      experienceLevel: details.experience_level,
      salaryMin: details.salary_min,
      salaryMax: details.salary_max,
      salaryCurrency: details.salary_currency,
      requirements: details.requirements,
      description: details.description,
      skills: details.skills,
      benefits: details.benefits,
      draft: null,
    });
    const locked = !wasDraft && (await applicationCounts.hasApplications(job.id));
    if (!locked) {
      await tx.nativeDelete(JobQuestion, { job: job.id });
      questions.forEach((q, orderIndex) =>
        tx.create(JobQuestion, {
          job,
          questionText: q.question_text,
          questionType: q.question_type,
          category: q.category,
          options: q.options,
          required: q.required,
          orderIndex,
        }),
      );
    }
    await tx.flush();
    await boardChanged();
    return { published: wasDraft };
  });
}

/** Deletes a draft, or drops the unsaved edits of a published job. */
export async function discardDraft(member: Member, jobId: string): Promise<"deleted" | "discarded"> {
  return transaction(async (tx) => {
    const job = await ownJob(member, jobId, { lock: true });
    if (job.status === "draft") {
      tx.remove(job);
      await tx.flush();
      return "deleted";
    }
    job.draft = null;
    await tx.flush();
    return "discarded";
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

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

function summary(job: Job): JobSummary {
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

interface DashboardRow {
  id: string;
  employer_id: string;
  status: JobStatus;
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
  draft_title: string | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

/**
 * The member's dashboard in three queries whatever the number of jobs: a page of the jobs they see
 * with the drafts and counts (descriptions cut in the database), the application counts, and the
 * company's plan. Interviewers see the jobs they are assigned to, and no drafts.
 */
export async function employerDashboard(member: Member, page = 1): Promise<EmployerDashboard> {
  const scope = jobScope(member);
  const holder = (await planHolderOf(member.companyId)) ?? member.userId;
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
    applicationCounts.forMember(member, published.map((r) => r.id)),
    getSubscription(holder, "employer"),
  ]);
  // Counts come with every row; with no rows on this page, ask for them on their own.
  const totals = rows[0] ?? (await em().execute<{ active_count: number; published_count: number }[]>(
    `select count(*) filter (where status = 'active')::int as active_count, count(*) filter (where status <> 'draft')::int as published_count from jobs j where ${scope.sql}`,
    scope.params,
  ))[0]!;
  const jobs = published.map((r): DashboardJob => ({
    id: r.id,
    employerId: r.employer_id,
    status: r.status,
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
    createdAt: new Date(r.created_at).toISOString(),
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
    applications: counts.perJob.get(r.id)?.total ?? 0,
    newApplications: counts.perJob.get(r.id)?.unopened ?? 0,
  }));
  const activeJobs = Number(totals.active_count);
  const usage = planUsage(subscription.plan, { activeJobs }).find((line) => line.key === "activeJobs")!;
  return {
    jobs,
    drafts: rows
      .filter((r) => r.status === "draft")
      .map((r) => ({ id: r.id, title: r.draft_title?.trim() || "Untitled job", updatedAt: new Date(r.updated_at).toISOString() })),
    stats: { activeJobs, totalApplications: counts.total, shortlisted: counts.shortlisted },
    activeJobsUsage: { ...usage, planName: subscription.plan.name },
    pagination: { page: pageNumber, pages: Math.max(1, Math.ceil(Number(totals.published_count) / DASHBOARD_PAGE_SIZE)), total: Number(totals.published_count) },
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

const questionView = (q: JobQuestion): JobQuestionView => ({
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
  };
}

/** Jobs for the administrator (the CLI), newest first. */
export async function listJobs(filter: { employerId?: string; status?: JobStatus; limit?: number } = {}): Promise<JobSummary[]> {
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
export interface ActiveJob extends EmployerJobDetailBase {
  questionCount: number;
  /** "board", or the provider an imported listing came from. */
  source: string;
  applyLink: string | null;
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
  };
}

/** Ids and dates of active jobs for the sitemap, newest first, in pages of `limit`. */
export async function activeJobIds(offset: number, limit: number): Promise<{ id: string; publishedAt: string }[]> {
  const rows = await em().execute<{ id: string; published_at: Date | null; created_at: Date }[]>(
    `select id, published_at, created_at from jobs where status = 'active' order by published_at desc nulls last, id limit ? offset ?`,
    [limit, offset],
  );
  return rows.map((r) => ({ id: r.id, publishedAt: new Date(r.published_at ?? r.created_at).toISOString() }));
}

export function countActiveJobsOnBoard(): Promise<number> {
  return em().count(Job, { status: "active" });
}

/** A listing from a job-search provider, as hiring stores it. */
export interface ExternalListing {
  /** The provider's name, e.g. "sample" or "jsearch". */
  source: string;
  externalId: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  remote: boolean;
  description: string;
  employmentType: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  skills: string[];
  benefits: string[];
  applyLink: string | null;
  postedAt: string | null;
}

const clip = (text: string | null | undefined, max: number) => (text ?? "").trim().slice(0, max);

/**
 * Stores a provider's listing as an active job with no employer, and returns its id. The same
 * listing imported twice, or by two candidates at once, is one job: the unique (source,
 * external id) index decides, and the loser reads the winner's row.
 */
export async function importListing(listing: ExternalListing): Promise<string | null> {
  const title = clip(listing.title, 200);
  const company = clip(listing.companyName, 160);
  if (!title || !company) throw new HiringError("invalid", "This listing has no title or company, so it can't be applied to here.");
  const employment = (EMPLOYMENT_TYPES as readonly string[]).includes(listing.employmentType ?? "") ? listing.employmentType : null;
  const currency = (CURRENCIES as readonly string[]).includes(listing.salaryCurrency ?? "") ? listing.salaryCurrency : "USD";
  const [min, max] = [listing.salaryMin, listing.salaryMax].map((n) => (Number.isInteger(n) && n! >= 0 && n! <= MAX_SALARY ? n : null));
  const salaryOk = min === null || max === null || min <= max;
  const posted = listing.postedAt && !Number.isNaN(Date.parse(listing.postedAt)) ? new Date(listing.postedAt) : now();
  const manager = em();
  await manager
    .createQueryBuilder(Job)
    .insert({
      id: randomUUID(),
      employerId: null,
      companyId: null,
      source: clip(listing.source, 40),
      externalId: clip(listing.externalId, 200),
      status: "active",
      title,
      companyName: company,
      companyLogo: /^https:\/\//.test(listing.companyLogo ?? "") ? clip(listing.companyLogo, 500) : null,
      location: clip(listing.location, 200) || (listing.remote ? "Remote" : null),
      placeKeys: placeKeys(clip(listing.location, 200)),
      locationType: listing.remote ? "remote" : null,
      employmentType: employment as Job["employmentType"],
      salaryMin: salaryOk ? min : null,
      salaryMax: salaryOk ? max : null,
      salaryCurrency: currency as Job["salaryCurrency"],
      description: clip(listing.description, 20_000),
      requirements: listing.skills.length ? listing.skills.join(", ").slice(0, 10_000) : null,
      skills: listing.skills.slice(0, MAX_SKILLS).map((s) => clip(s, 60)).filter(Boolean),
      benefits: listing.benefits.slice(0, MAX_BENEFITS).map((b) => clip(b, 120)).filter(Boolean),
      applyLink: /^https?:\/\//.test(listing.applyLink ?? "") ? clip(listing.applyLink, 1000) : null,
      createdAt: now(),
      updatedAt: now(),
      publishedAt: posted,
    })
    .onConflict()
    .ignore()
    .execute();
  const job = await manager.findOneOrFail(Job, { source: clip(listing.source, 40), externalId: clip(listing.externalId, 200) });
  await boardChanged();
  // Imported before and since closed or archived here: not open to applications any more.
  return job.status === "active" ? job.id : null;
}

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

/** The jobs with these ids, by id (one query). */
export async function jobCards(ids: string[]): Promise<Map<string, JobCard>> {
  if (!ids.length) return new Map();
  const jobs = await em().find(Job, { id: { $in: [...new Set(ids)] } });
  return new Map(
    jobs.map((job) => [
      job.id,
      {
        id: job.id,
        title: job.title ?? "Untitled job",
        companyName: job.companyName || "Company Name",
        companyLogo: job.companyLogo ?? null,
        location: job.location ?? "",
        employmentType: job.employmentType ?? null,
        description: (job.description ?? "").slice(0, 400),
        status: job.status,
        companyId: job.companyId ?? null,
        applyLink: job.applyLink ?? null,
      },
    ]),
  );
}

/** What a job asks of candidates, whatever its status now (for scoring an application). */
export async function jobForScoring(jobId: string): Promise<{ title: string; requirements: string; skills: string[]; description: string } | null> {
  const job = isUuid(jobId) ? await em().findOne(Job, { id: jobId }) : null;
  return job ? { title: job.title ?? "", requirements: job.requirements ?? "", skills: [...job.skills], description: job.description ?? "" } : null;
}

/**
 * Gives an imported listing (no employer, no questions) its screening questions, once: a second
 * call, or one racing it, changes nothing. Returns whether these questions were stored.
 */
export interface GeneratedQuestionInput {
  questionText: string;
  questionType: QuestionType;
  category: QuestionCategory;
  options: string[] | null;
  required: boolean;
}

export async function addGeneratedQuestions(jobId: string, questions: GeneratedQuestionInput[]): Promise<boolean> {
  return transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockForUpdate(Job, { id: jobId, companyId: null }) : null;
    if (!job || job.questionsGeneratedAt || (await tx.count(JobQuestion, { job: jobId }))) return false;
    questions.slice(0, MAX_QUESTIONS).forEach((q, i) =>
      tx.create(JobQuestion, { job, questionText: q.questionText, questionType: q.questionType, category: q.category, options: q.options, required: q.required, orderIndex: i }),
    );
    job.questionsGeneratedAt = now();
    await tx.flush();
    return true;
  });
}
