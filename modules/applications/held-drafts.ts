// A visitor's apply wizard before there is an account (decision 080): the same steps and answer
// rules as a candidate's draft (answers.ts), kept per browser and job in held_applications under
// the SHA-256 of a random key the browser's cookie holds. The resume waits in file storage until the
// application is confirmed (held.ts) or removed with the row (held-cleanup.ts).
import { createHash, randomBytes } from "node:crypto";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { addressKey, enforceQuota } from "../../lib/quotas.ts";
import { storage } from "../../lib/storage.ts";
import { isUuid, jobToApply, type JobToApply } from "../hiring/index.server.ts";
import { checkAnswers, countAnswered, pickAnswers } from "./answers.ts";
import { asksEeo, draftEeoAnswers } from "./eeo.ts";
import type { EeoQuestion } from "./eeo-vocabulary.ts";
import { HeldApplication } from "./entities.ts";
import { ApplicationError, applyJobNotFound } from "./errors.ts";
import type { UploadedPdf } from "./resumes.ts";

/** How long a visitor's application waits, unconfirmed, before it and its file are removed. */
export const HOLD_DAYS = 7;

const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new key for a browser's cookie (only its hash is stored). */
export const newBrowserKey = () => randomBytes(32).toString("base64url");

const holdUntil = () => new Date(now().getTime() + HOLD_DAYS * 86_400_000);

export interface HeldResume {
  name: string;
  sizeKb: number;
}

export interface GuestApplyState {
  job: JobToApply;
  answers: Record<string, string>;
  answered: number;
  resume: HeldResume | null;
  /** The name and email typed on the last step, if any. */
  details: { fullName: string; email: string };
  /** Set once submitted: the address the link went to (the wizard says to open it). */
  heldEmail: string | null;
  /** A US job: the voluntary self-identification section, with what was chosen ("" unanswered). */
  eeo: Record<EeoQuestion, string> | null;
}

/** A board job taking applications here; imported listings need an account (they ask the company's site). */
export async function guestJob(jobId: string): Promise<JobToApply> {
  const job = await jobToApply(jobId);
  if (!job || !job.companyId) throw applyJobNotFound();
  return job;
}

export async function guestDraft(browserKey: string | null, jobId: string): Promise<HeldApplication | null> {
  if (!browserKey || !KEY_SHAPE.test(browserKey) || !isUuid(jobId)) return null;
  return em().findOne(HeldApplication, { browserKeyHash: sha256(browserKey), jobId });
}

const resumeOf = (row: HeldApplication | null): HeldResume | null =>
  row?.resumeKey && row.resumeName
    ? { name: row.resumeName, sizeKb: Math.max(1, Math.round((row.resumeSize ?? 0) / 1024)) }
    : null;

/** What the visitor's wizard shows: the job, and what this browser entered so far. */
export async function guestApplyState(browserKey: string | null, jobId: string): Promise<GuestApplyState> {
  const job = await guestJob(jobId);
  const row = await guestDraft(browserKey, jobId);
  const answers = row?.answers ?? {};
  return {
    job,
    answers,
    answered: countAnswered(job.questions, answers),
    resume: resumeOf(row),
    details: { fullName: row?.fullName ?? "", email: row?.email ?? "" },
    heldEmail: row?.heldAt ? (row.email ?? null) : null,
    eeo: asksEeo(job) ? draftEeoAnswers(row) : null,
  };
}

type DraftChange = Partial<Pick<HeldApplication, "answers" | "fullName" | "email" | "eeo">> & {
  resume?: { key: string; file: UploadedPdf; text: string | null } | null;
};

/**
 * Creates or changes this browser's draft; returns the resume file it let go of (deleted by the
 * caller once committed). A submitted (held) application is not changed any more.
 */
async function updateGuestDraft(browserKey: string, jobId: string, change: DraftChange): Promise<string | null> {
  if (!KEY_SHAPE.test(browserKey)) throw new ApplicationError("invalid", "Please reload the page and try again.");
  const keyHash = sha256(browserKey);
  return transaction(async (tx) => {
    await tx.execute(
      `insert into held_applications (id, job_id, browser_key_hash, answers, expires_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, '{}', ?, ?, ?) on conflict (browser_key_hash, job_id) do nothing`,
      [jobId, keyHash, holdUntil(), now(), now()],
    );
    const row = await lockForUpdate(HeldApplication, { browserKeyHash: keyHash, jobId });
    if (!row) throw new Error("the visitor's application draft vanished while locked");
    if (row.heldAt) throw heldAlready(row.email ?? null);
    const replaced = change.resume !== undefined ? (row.resumeKey ?? null) : null;
    if (change.answers) row.answers = { ...row.answers, ...change.answers };
    if (change.fullName !== undefined) row.fullName = change.fullName;
    if (change.email !== undefined) row.email = change.email;
    if (change.eeo) row.eeo = change.eeo;
    if (change.resume !== undefined) {
      row.resumeKey = change.resume?.key ?? null;
      row.resumeName = change.resume?.file.filename ?? null;
      row.resumeSize = change.resume?.file.size ?? null;
      row.resumeSha256 = change.resume?.file.sha256 ?? null;
      row.resumeText = change.resume?.text ?? null;
    }
    // Seven days from the last change: a draft left alone goes like an unconfirmed application.
    row.expiresAt = holdUntil();
    await tx.flush();
    return replaced;
  });
}

export const heldAlready = (email: string | null | undefined) =>
  new ApplicationError(
    "invalid",
    `Your application is waiting for you to confirm it: open the link we emailed${email ? ` to ${email}` : ""}.`,
  );

/** Removes a stored file nothing points at any more (after the change that let go of it committed). */
export async function deleteHeldFile(key: string | null | undefined): Promise<void> {
  if (!key) return;
  await storage()
    .delete(key)
    .catch((err: unknown) => logger.error({ err, key }, "held application file not deleted"));
}

/** The review step's voluntary self-identification (a US job only), kept as posted; nothing required. */
export async function saveGuestSelfIdentification(
  browserKey: string,
  jobId: string,
  posted: Record<string, string>,
): Promise<void> {
  const job = await guestJob(jobId);
  if (!asksEeo(job)) return;
  await updateGuestDraft(browserKey, jobId, { eeo: posted });
}

/** Step 1: keeps the answers (only this job's questions) and says which are missing or wrong. */
export async function saveGuestAnswers(
  browserKey: string,
  jobId: string,
  posted: Record<string, string>,
): Promise<Record<string, string>> {
  const job = await guestJob(jobId);
  const answers = pickAnswers(job.questions, posted);
  await updateGuestDraft(browserKey, jobId, { answers });
  return checkAnswers(job.questions, answers);
}

/** Counts a resume a visitor sent against their client address's uploads (QuotaExceededError past it). */
export async function countGuestResumeUpload(address: string): Promise<void> {
  await enforceQuota("resume-uploads", `address:${addressKey(address)}`);
}

/** Step 2: stores a checked PDF (with the text its check read) as the draft's resume. */
export async function attachGuestResume(
  browserKey: string,
  jobId: string,
  file: UploadedPdf,
  text: string | null,
): Promise<HeldResume> {
  await guestJob(jobId);
  const key = `held-applications/${jobId}/${randomBytes(12).toString("hex")}.pdf`;
  await storage().putFile(key, file.path, "application/pdf");
  let replaced: string | null;
  try {
    replaced = await updateGuestDraft(browserKey, jobId, { resume: { key, file, text } });
  } catch (error) {
    await deleteHeldFile(key);
    throw error;
  }
  await deleteHeldFile(replaced);
  return { name: file.filename, sizeKb: Math.max(1, Math.round(file.size / 1024)) };
}

export async function removeGuestResume(browserKey: string, jobId: string): Promise<void> {
  await deleteHeldFile(await updateGuestDraft(browserKey, jobId, { resume: null }));
}

/** Keeps the name and email as typed (the last step's fields), whatever else happens. */
export async function saveGuestDetails(
  browserKey: string,
  jobId: string,
  details: { fullName: string; email: string },
): Promise<void> {
  await updateGuestDraft(browserKey, jobId, {
    fullName: details.fullName.slice(0, 200),
    email: details.email.trim().toLowerCase().slice(0, 320),
  });
}

/** Throws this browser's draft away (not a held application: that waits for its link), with its file. */
export async function discardGuestDraft(browserKey: string | null, jobId: string): Promise<void> {
  if (!browserKey || !KEY_SHAPE.test(browserKey) || !isUuid(jobId)) return;
  const rows = await em().execute<{ resume_key: string | null }[]>(
    `delete from held_applications where browser_key_hash = ? and job_id = ? and held_at is null returning resume_key`,
    [sha256(browserKey), jobId],
  );
  await deleteHeldFile(rows[0]?.resume_key);
}

/** For the hold: the locked draft of this browser, not yet held. */
export async function lockGuestDraft(browserKey: string, jobId: string): Promise<HeldApplication | null> {
  if (!KEY_SHAPE.test(browserKey)) return null;
  return lockForUpdate(HeldApplication, { browserKeyHash: sha256(browserKey), jobId });
}
