// Applying before making an account (decision 080). Submitting a visitor's wizard holds the
// application (nothing reaches the employer) and queues an email with a single-use link; opening it
// confirms the address, makes the candidate account (or, for an address that has one, asks its
// owner to sign in), turns the held answers and resume into the candidate's draft and submits it
// through the one submit use case (apply.ts), with its plan checks, emails and scoring.
import { UniqueConstraintViolationException } from "@mikro-orm/postgresql";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { enqueue } from "../../lib/queue.ts";
import { addressKey, enforceQuota } from "../../lib/quotas.ts";
import { sign } from "../../lib/secrets.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../locales/index.ts";
import { jobCards } from "../hiring/index.server.ts";
import {
  ApplicantDetailsSchema,
  createConfirmedCandidate,
  findAccountByEmail,
  type Account,
} from "../identity/index.server.ts";
import { checkAnswers } from "./answers.ts";
import { submitApplication } from "./apply.ts";
import { HeldApplication, Resume } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import {
  deleteHeldFile,
  guestJob,
  heldAlready,
  HOLD_DAYS,
  lockGuestDraft,
  saveGuestDetails,
  sha256,
} from "./held-drafts.ts";
import { MAX_LIBRARY_RESUMES } from "./resumes.ts";

export const HELD_EMAIL_QUEUE = "applications.held-application-email";

/**
 * The link's token: an HMAC of the held application's id under the server's secret, so the email
 * job can make it again on a retry while the database keeps only its SHA-256.
 */
export const heldToken = (heldId: string) => sign("held-application", heldId);

/**
 * Submits the visitor's wizard with their name and email: checks them and the answers (messages by
 * field, "full_name" and "email" beside the question ids), counts the client address's sign-ups and
 * the address's held links, and holds the application once per address and job. Throws
 * ApplicationError("invalid") with the reasons, QuotaExceededError past a quota.
 */
export async function holdApplication(
  browserKey: string,
  jobId: string,
  input: { full_name: string; email: string },
  address: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ email: string }> {
  const job = await guestJob(jobId);
  await saveGuestDetails(browserKey, jobId, { fullName: input.full_name, email: input.email });
  const details = ApplicantDetailsSchema.safeParse(input);
  const fieldErrors: Record<string, string> = details.success
    ? {}
    : Object.fromEntries(details.error.issues.map((i) => [String(i.path[0]), i.message]));
  const draft = await em().findOne(HeldApplication, { browserKeyHash: sha256(browserKey), jobId });
  if (draft?.heldAt) throw heldAlready(draft.email);
  Object.assign(fieldErrors, checkAnswers(job.questions, draft?.answers ?? {}));
  if (!details.success || Object.keys(fieldErrors).length)
    throw new ApplicationError("invalid", "Please check the fields marked below.", { fieldErrors });
  const { email, full_name } = details.data;
  // Holding leads to an account: the sign-up quota of the client address applies.
  await enforceQuota("signups", addressKey(address));
  try {
    return await transaction(async (tx) => {
      const row = await lockGuestDraft(browserKey, jobId);
      if (!row || row.heldAt) throw heldAlready(row?.email ?? null);
      if (await tx.count(HeldApplication, { email, jobId, heldAt: { $ne: null } })) throw heldAlready(email);
      await enforceQuota("held-application-emails", email);
      const at = now();
      row.email = email;
      row.fullName = full_name;
      row.language = language === DEFAULT_LANGUAGE ? null : language;
      row.heldAt = at;
      row.expiresAt = new Date(at.getTime() + HOLD_DAYS * 86_400_000);
      row.tokenHash = sha256(heldToken(row.id));
      await tx.flush();
      await enqueue(HELD_EMAIL_QUEUE, { heldId: row.id });
      return { email };
    });
  } catch (error) {
    // Two tabs holding one address for one job at once: the unique index decides.
    if (error instanceof UniqueConstraintViolationException) throw heldAlready(email);
    throw error;
  }
}

export interface HeldLink {
  jobId: string;
  jobTitle: string;
  companyName: string;
  email: string;
  fullName: string | null;
  /** The address has an account: its owner signs in to send the application. */
  accountId: string | null;
}

const liveHeld = (token: string) => ({
  tokenHash: sha256(token),
  heldAt: { $ne: null },
  expiresAt: { $gt: now() },
});

/** What a held application's link is good for right now, without using it (the GET: mail scanners open links). */
export async function heldLink(token: string): Promise<HeldLink | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await em().findOne(HeldApplication, liveHeld(token));
  if (!row?.email) return null;
  const [job, account] = await Promise.all([
    jobCards([row.jobId]).then((cards) => cards.get(row.jobId)),
    findAccountByEmail(row.email),
  ]);
  return {
    jobId: row.jobId,
    jobTitle: job?.title ?? "the job",
    companyName: job?.companyName ?? "the company",
    email: row.email,
    fullName: row.fullName ?? null,
    accountId: account?.id ?? null,
  };
}

export type ConfirmOutcome =
  | { outcome: "gone" }
  /** The address has an account and this browser isn't signed in to it. */
  | { outcome: "sign-in"; email: string }
  | {
      outcome: "confirmed";
      account: Account;
      jobId: string;
      /** Whether the link made the account (else its owner signed in). */
      newAccount: boolean;
      /** The application, once submitted; null when submit refused it (the reason is `refusal`). */
      applicationId: string | null;
      refusal: string | null;
    };

/**
 * Opens a held application's link: of any number of concurrent uses exactly one confirms (the row
 * is locked, then deleted with everything it held moved to the candidate). `viewer` is who this
 * browser is signed in as; `passwordHash` (identity's hashNewPassword) is set on a new account.
 */
export async function confirmHeldApplication(
  token: string,
  viewer: Pick<Account, "id" | "role"> | null,
  passwordHash: string | null,
): Promise<ConfirmOutcome> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { outcome: "gone" };
  let dropFile: string | null = null;
  type Moved = { signIn: string } | { account: Account; jobId: string; newAccount: boolean } | null;
  const moved = await transaction(async (tx): Promise<Moved> => {
    const row = await lockForUpdate(HeldApplication, liveHeld(token));
    if (!row?.email) return null;
    const existing = await findAccountByEmail(row.email);
    if (existing && (viewer?.id !== existing.id || existing.role !== "candidate")) return { signIn: row.email };
    const account =
      existing ??
      (await createConfirmedCandidate(
        {
          email: row.email,
          fullName: row.fullName ?? null,
          language: isLanguage(row.language) ? row.language : undefined,
        },
        passwordHash,
      ));
    const resumeId = row.resumeKey ? await adoptResume(account.id, row) : null;
    if (row.resumeKey && !resumeId) dropFile = row.resumeKey;
    // The held answers become the candidate's draft (over one they had), so submit reads them.
    await tx.execute(
      `insert into application_drafts (candidate_id, job_id, answers, resume_id, eeo, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (candidate_id, job_id) do update set answers = excluded.answers,
         resume_id = coalesce(excluded.resume_id, application_drafts.resume_id),
         eeo = coalesce(excluded.eeo, application_drafts.eeo), updated_at = excluded.updated_at`,
      [account.id, row.jobId, JSON.stringify(row.answers), resumeId, row.eeo ? JSON.stringify(row.eeo) : null, now()],
    );
    tx.remove(row);
    await tx.flush();
    return { account, jobId: row.jobId, newAccount: !existing };
  });
  await deleteHeldFile(dropFile);
  if (!moved) return { outcome: "gone" };
  if ("signIn" in moved) return { outcome: "sign-in", email: moved.signIn };
  const confirmed = { outcome: "confirmed", ...moved } as const;
  try {
    const { applicationId } = await submitApplication(moved.account.id, moved.jobId);
    return { ...confirmed, applicationId, refusal: null };
  } catch (error) {
    // The account and the draft stand: the wizard's last step shows the draft, and Submit the reason.
    if (error instanceof ApplicationError) return { ...confirmed, applicationId: null, refusal: error.message };
    logger.error({ err: error, jobId: moved.jobId }, "held application confirmed but not submitted");
    return { ...confirmed, applicationId: null, refusal: "Your application could not be sent yet. Please try again." };
  }
}

/**
 * The held PDF becomes a resume in the candidate's library, its file kept under the same key (no
 * copy). Null when the library is full (the answers still go; the file is deleted).
 */
async function adoptResume(candidateId: string, row: HeldApplication): Promise<string | null> {
  const tx = em();
  await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`resumes:candidate:${candidateId}`]);
  const kept = await tx.count(Resume, { candidateId, deletedAt: null });
  if (kept >= MAX_LIBRARY_RESUMES) return null;
  const hasDefault = kept > 0 && (await tx.count(Resume, { candidateId, deletedAt: null, isDefault: true })) > 0;
  const resume = tx.create(Resume, {
    candidateId,
    storageKey: row.resumeKey!,
    originalName: row.resumeName ?? "resume.pdf",
    sizeBytes: row.resumeSize ?? 0,
    sha256: row.resumeSha256 ?? "",
    textStatus: row.resumeText == null ? "unreadable" : "ready",
    text: row.resumeText ?? null,
    createdAt: now(),
    isDefault: !hasDefault,
    deletedAt: null,
  });
  await tx.flush();
  return resume.id;
}

/** Removes held applications and drafts past their time, with their files; returns how many. */
export async function removeExpiredHeld(): Promise<number> {
  const rows = await em().execute<{ resume_key: string | null }[]>(
    `delete from held_applications where expires_at <= ? returning resume_key`,
    [now()],
  );
  for (const row of rows) await deleteHeldFile(row.resume_key);
  return rows.length;
}
