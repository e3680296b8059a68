// The apply wizard: a draft per candidate and job holds the answers and the resume between steps
// (every step is a form post, so it works without JavaScript); submitting writes the application,
// its answers, its first status and its resume reference in one transaction, under the plans'
// limits, once per candidate and job whatever races.
import { UniqueConstraintViolationException } from "@mikro-orm/postgresql";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { mayApply, mayReceiveApplication, receivesApplicationsWithoutLimit } from "../billing-plans/index.server.ts";
import { companyPlan, companyPlanSource, isUuid, jobToApply, type JobToApply } from "../hiring/index.server.ts";
import { checkEmailVerified } from "../identity/index.server.ts";
import { checkAnswers, countAnswered, pickAnswers, toStoredAnswers } from "./answers.ts";
import { Application, ApplicationAnswer, ApplicationDraft, ApplicationStatusChange, Resume } from "./entities.ts";
import { ApplicationError, applyJobNotFound } from "./errors.ts";
import {
  candidateResumes,
  defaultResume,
  deleteIfOrphan,
  ownResume,
  resumeInfo,
  storeResume,
  type ResumeInfo,
  type UploadedPdf,
} from "./resumes.ts";
import { afterSubmitQueues } from "./queues.ts";
import { applicationAllowance, countApplicationsTowardPlan, type ApplicationAllowance } from "./allowance.ts";
import { requestQuestions } from "./scoring.ts";
import { asksEeo, draftEeoAnswers, recordSelfIdentification } from "./eeo.ts";
import type { EeoQuestion } from "./eeo-vocabulary.ts";

export interface ApplyState {
  job: JobToApply;
  answers: Record<string, string>;
  answered: number;
  resume: ResumeInfo | null;
  /** Resumes uploaded before, to pick instead of uploading again (the chosen one included). */
  previousResumes: ResumeInfo[];
  /** Set when the candidate has applied already: the wizard shows that application instead. */
  existingApplicationId: string | null;
  /** An imported listing's questions are being made: the page waits for them. */
  preparingQuestions: boolean;
  /** The candidate's plan: applications left, and whether one more may be sent. */
  allowance: ApplicationAllowance;
  /** An imported listing: the candidate prepares here and applies on the company's site. */
  external: { applyLink: string } | null;
  /** A US job: the voluntary self-identification section, with the draft's answers ("" unanswered). */
  eeo: Record<EeoQuestion, string> | null;
}

/** An imported listing (no company here) takes applications on its company's site. */
export const isExternal = (job: { companyId: string | null; source: string }) =>
  job.companyId === null && job.source !== "board";

async function openJob(jobId: string): Promise<JobToApply> {
  const job = await jobToApply(jobId);
  // An imported listing without a link to the company's site can't be applied to at all.
  if (!job || (isExternal(job) && !job.applyLink)) throw applyJobNotFound();
  return job;
}

async function existingApplication(candidateId: string, jobId: string): Promise<Application | null> {
  return em().findOne(Application, { jobId, candidateId });
}

/** Everything the wizard shows: the job, the draft's answers and resume, and earlier resumes. */
export async function applyState(candidateId: string, jobId: string): Promise<ApplyState> {
  const job = await openJob(jobId);
  const [draft, existing, previous, allowance] = await Promise.all([
    em().findOne(ApplicationDraft, { candidateId, jobId }),
    existingApplication(candidateId, jobId),
    candidateResumes(candidateId),
    applicationAllowance(candidateId),
  ]);
  // Nothing is prepared for a candidate who can't send it (the plan's limit): no questions asked.
  if (job.questionsPending && allowance.allowed) await requestQuestions(jobId);
  const answers = draft?.answers ?? {};
  // Until the candidate picks or removes one, the draft starts with their default resume.
  const chosen = draft
    ? draft.resumeId
      ? await ownResume(candidateId, draft.resumeId)
      : null
    : await defaultResume(candidateId);
  return {
    job,
    answers,
    answered: countAnswered(job.questions, answers),
    resume: chosen ? resumeInfo(chosen) : null,
    previousResumes: previous,
    existingApplicationId: existing?.id ?? null,
    preparingQuestions: job.questionsPending,
    allowance,
    external: isExternal(job) && job.applyLink ? { applyLink: job.applyLink } : null,
    eeo: asksEeo(job) ? draftEeoAnswers(draft) : null,
  };
}

/** Creates or updates the draft with `change` (answers merged, resume replaced when given). */
async function updateDraft(
  candidateId: string,
  jobId: string,
  change: { answers?: Record<string, string>; resumeId?: string | null; eeo?: Record<string, string> },
): Promise<string | null> {
  return transaction(async (tx) => {
    // A new draft starts with the candidate's default resume (what the wizard showed as chosen).
    await tx.execute(
      `insert into application_drafts (candidate_id, job_id, answers, resume_id, updated_at)
       values (?, ?, '{}', (select id from resumes where candidate_id = ? and is_default and deleted_at is null limit 1), ?)
       on conflict (candidate_id, job_id) do update set updated_at = excluded.updated_at`,
      [candidateId, jobId, candidateId, now()],
    );
    // The statement above created the draft or locked it, so concurrent saves queue here and each
    // merges into what the one before it wrote.
    const draft = await lockForUpdate(ApplicationDraft, { candidateId, jobId });
    if (!draft) throw new Error("the application draft vanished while locked");
    const replaced = change.resumeId !== undefined && draft.resumeId !== change.resumeId ? draft.resumeId : null;
    if (change.answers) draft.answers = { ...draft.answers, ...change.answers };
    if (change.resumeId !== undefined) draft.resumeId = change.resumeId;
    if (change.eeo) draft.eeo = change.eeo;
    draft.updatedAt = now();
    await tx.flush();
    return replaced ?? null;
  });
}

/**
 * At the plan's limit the wizard takes no answer or resume either (submit would refuse them):
 * refused with the plan's reason and where to upgrade, before anything is read or stored.
 */
async function checkAllowance(candidateId: string): Promise<void> {
  const allowance = await applicationAllowance(candidateId);
  if (!allowance.allowed)
    throw new ApplicationError("plan-limit", allowance.reason ?? "Your plan doesn't allow more applications.", {
      upgradeUrl: allowance.upgradeUrl ?? undefined,
    });
}

/**
 * Keeps the answers step 1 posted, by question id (answers to other questions are dropped), and
 * says which are missing or wrong. The draft keeps them either way, so nothing typed is lost.
 */
export async function saveAnswers(
  candidateId: string,
  jobId: string,
  posted: Record<string, string>,
): Promise<Record<string, string>> {
  await checkAllowance(candidateId);
  const job = await openJob(jobId);
  const answers = pickAnswers(job.questions, posted);
  await updateDraft(candidateId, jobId, { answers });
  return checkAnswers(job.questions, answers);
}

/**
 * Keeps the voluntary self-identification section as posted (codes; a blank question left out) in
 * the draft, for a US job; for any other job nothing is kept. Nothing in it is ever required.
 */
export async function saveSelfIdentification(
  candidateId: string,
  jobId: string,
  posted: Record<string, string>,
): Promise<void> {
  const job = await openJob(jobId);
  if (!asksEeo(job)) return;
  await checkAllowance(candidateId);
  // Nothing chosen: kept (as "asked, nothing chosen") only on a draft there is; a bare POST makes none.
  if (!Object.keys(posted).length) {
    await em().nativeUpdate(ApplicationDraft, { candidateId, jobId }, { eeo: {}, updatedAt: now() });
    return;
  }
  await updateDraft(candidateId, jobId, { eeo: posted });
}

/** Stores an uploaded, checked PDF (with the text its check read) and makes it the draft's resume. */
export async function attachUploadedResume(
  candidateId: string,
  jobId: string,
  file: UploadedPdf,
  text: string | null,
): Promise<ResumeInfo> {
  await checkAllowance(candidateId);
  await openJob(jobId);
  const resume = await storeResume(candidateId, jobId, file, text);
  let replaced: string | null;
  try {
    replaced = await updateDraft(candidateId, jobId, { resumeId: resume.id });
  } catch (error) {
    // The draft never pointed at it: no stored file or row is left behind.
    await deleteIfOrphan(resume.id);
    throw error;
  }
  await deleteIfOrphan(replaced);
  return resumeInfo(resume);
}

/**
 * Counts a resume the candidate sent, before it is checked (the check reads the PDF in a child
 * process). Refused at the plan's limit; throws QuotaExceededError past the account's resume uploads
 * for the hour.
 */
export async function countResumeUpload(candidateId: string): Promise<void> {
  await checkAllowance(candidateId);
  await enforceQuota("resume-uploads", candidateId);
}

/** Makes one of the candidate's earlier resumes the draft's resume. */
export async function chooseResume(candidateId: string, jobId: string, resumeId: string): Promise<ResumeInfo> {
  await checkAllowance(candidateId);
  await openJob(jobId);
  const resume = await ownResume(candidateId, resumeId);
  if (!resume) throw new ApplicationError("invalid", "That resume could not be found. Please upload it again.");
  const replaced = await updateDraft(candidateId, jobId, { resumeId: resume.id });
  await deleteIfOrphan(replaced);
  return resumeInfo(resume);
}

/** Takes the resume off the draft; an upload nothing else uses is deleted. */
export async function removeDraftResume(candidateId: string, jobId: string): Promise<void> {
  await checkAllowance(candidateId);
  const replaced = await updateDraft(candidateId, jobId, { resumeId: null });
  await deleteIfOrphan(replaced);
}

/** Throws the draft away, with its upload when nothing else uses it. */
export async function discardApplyDraft(candidateId: string, jobId: string): Promise<void> {
  if (!isUuid(jobId)) return;
  const rows = await em().execute<{ resume_id: string | null }[]>(
    `delete from application_drafts where candidate_id = ? and job_id = ? returning resume_id`,
    [candidateId, jobId],
  );
  await deleteIfOrphan(rows[0]?.resume_id);
}

/** Holds a lock named `name` until the transaction ends, so checks and inserts under it run one at a time. */
async function lock(name: string): Promise<void> {
  await em().execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [name]);
}

/** Plan limits at submit; the caller holds the candidate's lock, so their count is exact. */
async function checkPlans(candidateId: string, companyId: string | null): Promise<void> {
  const sent = await countApplicationsTowardPlan(candidateId);
  const mine = await mayApply(candidateId, sent);
  if (!mine.allowed) throw new ApplicationError("plan-limit", mine.reason, { upgradeUrl: mine.upgradeUrl });
  // The company's plan is its plan holder's (counted across the companies they hold), or the
  // company's trial when nobody holds one. Only a capped plan needs the count, and the lock that
  // keeps it exact under concurrent submits.
  const holder = companyId ? await companyPlanSource(companyId) : null;
  if (!companyId || !holder || (await receivesApplicationsWithoutLimit(holder.source))) return;
  const plan = await companyPlan(companyId);
  if (!plan) return;
  await lock(`applications:${plan.lockKey}`);
  const received = await em().count(Application, { companyId: { $in: plan.companyIds } });
  const theirs = await mayReceiveApplication(plan.source, received);
  // The employer's plan is theirs to upgrade, so the candidate gets no upgrade link.
  if (!theirs.allowed)
    throw new ApplicationError(
      "plan-limit",
      "This job isn't accepting more applications right now. Please try again later.",
    );
}

/**
 * Submits the draft as an application. Returns the application's id, whether this call created it
 * (a candidate who has applied already gets that application back, never a second one), and, for
 * an imported listing, the company's site where the application goes on. `eeo`: the review step's
 * self-identification as posted with the submit, in place of the draft's (a US job only).
 */
export async function submitApplication(
  candidateId: string,
  jobId: string,
  { eeo }: { eeo?: Record<string, string> } = {},
): Promise<{ applicationId: string; created: boolean; companySite: string | null }> {
  // Read before the transaction (it holds a pooled connection): used only when there is no draft.
  const fallbackResumeId = (await defaultResume(candidateId))?.id ?? null;
  try {
    return await transaction(async (tx) => {
      const job = await openJob(jobId);
      if (job.questionsPending)
        throw new ApplicationError("invalid", "Your application form is still being prepared. Please wait a moment.");
      // Serialises this candidate's submits, so racing ones see each other's application.
      await lock(`applications:candidate:${candidateId}`);
      const existing = await existingApplication(candidateId, jobId);
      if (existing) return { applicationId: existing.id, created: false, companySite: null };

      const draft = await tx.findOne(ApplicationDraft, { candidateId, jobId });
      const answers = draft?.answers ?? {};
      const problems = checkAnswers(job.questions, answers);
      if (Object.keys(problems).length) {
        throw new ApplicationError("invalid", "Please answer every question before submitting.", {
          fieldErrors: problems,
        });
      }
      // Locked, so deleting it from the library waits until this application holds it.
      const resumeId = draft ? draft.resumeId : fallbackResumeId;
      const resume = resumeId ? await lockForUpdate(Resume, { id: resumeId, candidateId, deletedAt: null }) : null;
      // Only from an account that proved its address (REQUIRE_EMAIL_VERIFICATION); the draft stays.
      const verified = await checkEmailVerified(candidateId, "send an application");
      if (!verified.allowed) throw new ApplicationError("email-unverified", verified.reason);
      await checkPlans(candidateId, job.companyId);

      const at = now();
      const external = isExternal(job);
      const status = external ? "applied_external" : "submitted";
      const application = tx.create(Application, {
        jobId,
        candidateId,
        companyId: job.companyId,
        status,
        resumeId: resume?.id ?? null,
        createdAt: at,
        updatedAt: at,
      });
      // The application first: its answers and history point at it (no ORM relation orders them).
      await tx.flush();
      toStoredAnswers(job.questions, answers).forEach((a, i) =>
        tx.create(ApplicationAnswer, {
          applicationId: application.id,
          questionId: a.question.id,
          questionText: a.question.questionText,
          questionType: a.question.questionType,
          category: a.question.category,
          options: a.question.options,
          answer: a.answer,
          rating: a.rating,
          orderIndex: i,
        }),
      );
      tx.create(ApplicationStatusChange, {
        applicationId: application.id,
        fromStatus: null,
        toStatus: status,
        changedBy: candidateId,
        changedAt: at,
      });
      // Apart from the application, in the same transaction; never read by its reviewers.
      const chosen = eeo ?? draft?.eeo;
      if (chosen && asksEeo(job)) recordSelfIdentification(tx, application.id, chosen);
      if (draft) tx.remove(draft);
      await tx.flush();
      for (const queue of afterSubmitQueues(external)) await enqueue(queue, { applicationId: application.id });
      return { applicationId: application.id, created: true, companySite: external ? job.applyLink : null };
    });
  } catch (error) {
    // Another process won the race between our check and insert: theirs is the application.
    if (error instanceof UniqueConstraintViolationException) {
      const existing = await existingApplication(candidateId, jobId);
      if (existing) return { applicationId: existing.id, created: false, companySite: null };
    }
    throw error;
  }
}
