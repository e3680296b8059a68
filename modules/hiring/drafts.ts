// The post wizard's drafts: starting one, its working copy, publishing it (or saving a published
// job's edits), and discarding it. The job's columns change only when it is published.
import { SALARY_RANGE_REQUIRED, salaryRangeErrors } from "./pay-transparency.ts";
import { moveJob, ownJob } from "./job-status.ts";
import { boardChanged } from "./board-events.ts";
import { tellJobPageChange } from "./job-page-events.ts";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { Company, Job, JobQuestion } from "./entities.ts";
import { may, type Member } from "./team.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { closingDateInput } from "./closing-date.ts";
import {
  checkJob,
  closingRule,
  emptyWizardForm,
  summaryMessage,
  toWizardForm,
  type DraftQuestion,
  type WizardForm,
} from "./schemas.ts";
import type { JobStatus } from "./vocabulary.ts";
import { applicationCounts } from "./application-counts.ts";
import { defaultCompanyZone } from "./place-zones.ts";

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

function formFromJob(job: Job, questions: JobQuestion[], timeZone: string): WizardForm {
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
    openings: String(job.openings),
    closes_at: closingInputOf(job, timeZone),
    requirements: job.requirements ?? "",
    description: job.description ?? "",
    skills: job.skills.join(", "),
    experience_level: job.experienceLevel ?? "",
    benefits: [...job.benefits],
    questions: questions.map((q): DraftQuestion => ({
      question_text: q.questionText,
      question_type: q.questionType,
      category: q.category,
      options: q.options?.join(", ") ?? "",
      required: q.required,
    })),
  };
}

// An open job's closing date in the form; a closed job's is not asked (reopening gives it a new one).
const closingInputOf = (job: Job, timeZone: string) =>
  job.status === "active" ? closingDateInput(job.closesAt ?? null, timeZone) : "";

/** The draft as stored; an edit begun before drafts held the closing date starts from the job's. */
function storedForm(job: Job, timeZone: string): WizardForm {
  const base = { ...emptyWizardForm(), closes_at: closingInputOf(job, timeZone) };
  return toWizardForm(job.draft as unknown as Record<string, unknown>, base);
}

/** Starts a new draft of the member's company, holding what the first step posted. */
export async function startDraft(member: Member, form: WizardForm): Promise<string> {
  if (!may(member, "manage-jobs")) throw jobNotFound();
  const manager = em();
  const job = manager.create(Job, {
    employerId: member.userId,
    companyId: member.companyId,
    status: "draft",
    draft: toWizardForm({ ...form }),
  });
  await manager.flush();
  return job.id;
}

/** The wizard's state for one of the employer's jobs: its draft, or the published job as a form. */
export async function wizardState(member: Member, jobId: string): Promise<WizardState> {
  const job = await ownJob(member, jobId);
  if (job.status === "archived") throw new HiringError("invalid-transition", "An archived job can't be edited.");
  const published = job.status !== "draft";
  const questionsLocked = published && (await applicationCounts.hasApplications(job.id));
  let form = job.draft ? storedForm(job, member.timeZone) : null;
  if (!form)
    form = published
      ? formFromJob(job, await em().find(JobQuestion, { job }, { orderBy: { orderIndex: "asc" } }), member.timeZone)
      : emptyWizardForm();
  return {
    jobId: job.id,
    status: job.status,
    form,
    published,
    questionsLocked,
    editing: published && job.draft !== null,
  };
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
export async function publishDraft(
  member: Member,
  jobId: string,
  companyLogo: string | null = null,
): Promise<{ published: boolean }> {
  return transaction(async (tx) => {
    const job = await ownJob(member, jobId, { lock: true });
    if (job.status === "archived") throw new HiringError("invalid-transition", "An archived job can't be edited.");
    const stored = job.draft as unknown as Record<string, unknown> | null;
    const form = stored ? storedForm(job, member.timeZone) : job.status === "draft" ? emptyWizardForm() : null;
    if (!form) return { published: false }; // a published job with nothing edited
    const checked = checkJob(form, closingRule(member.timeZone, job.status));
    if (!checked.ok) {
      throw new HiringError("invalid", summaryMessage(checked.errors), { fieldErrors: checked.errors });
    }
    const { details, questions } = checked.value;
    const wasDraft = job.status === "draft";
    if (job.status === "draft" || job.status === "active") {
      const company = await tx.findOne(Company, { id: member.companyId });
      const salaryErrors = salaryRangeErrors(company?.requireSalaryRange ?? false, {
        min: details.salary_min,
        max: details.salary_max,
      });
      if (salaryErrors) throw new HiringError("invalid", SALARY_RANGE_REQUIRED, { fieldErrors: salaryErrors });
    }
    // A date typed is kept; an empty one on a draft becomes 60 days from now as it's published (moveJob).
    if (wasDraft) job.closesAt = details.closes_at;
    else if (details.closes_at) job.closesAt = details.closes_at;
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
      openings: details.openings,
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
    if (wasDraft) await defaultCompanyZone(tx, member.companyId, details.location);
    // Publishing told the page's listeners in moveJob; an edit of a live job changes its page too.
    else if (job.status === "active") await tellJobPageChange({ jobId: job.id, shown: true });
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
