// A rejection's private side (decision 073): the reason the team gives itself (a short list and an
// optional note, kept on the status change, in the CSV, never on the candidate's pages, email or
// export: like notes and ratings, decision 051), and when its email goes: at once (the status
// email's usual moment) or a day later, cancellable until then (the email job then sends nothing).
import { z } from "zod";
import { now } from "../../lib/clock.ts";
import { em, transaction } from "../../lib/db.ts";
import type { Member } from "../hiring/index.server.ts";
import { ApplicationStatusChange, type ApplicationStatus } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import { applicationOfMember } from "./review.ts";
import { pageDateTime } from "./zoned-dates.ts";

export const REJECTION_REASONS = ["skills", "another-candidate", "position-filled", "not-reachable", "other"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  skills: "Skills or experience",
  "another-candidate": "Another candidate chosen",
  "position-filled": "Position filled or closed",
  "not-reachable": "Not reachable",
  other: "Other",
};

export const MAX_REJECTION_NOTE = 500;
/** "Later": the email waits a day, and can be cancelled meanwhile. */
export const REJECTION_EMAIL_DELAY_SECONDS = 24 * 60 * 60;

export const REJECTION_EMAIL_TIMINGS = ["later", "now"] as const;
export type RejectionEmailTiming = (typeof REJECTION_EMAIL_TIMINGS)[number];

/** The reject form's private fields; the reason may be left unchosen (an older form, a quick reject). */
export const rejectionSchema = z.object({
  reason: z
    .enum(["", ...REJECTION_REASONS], { errorMap: () => ({ message: "Choose a reason from the list." }) })
    .transform((reason) => reason || null),
  note: z
    .string()
    .trim()
    .max(MAX_REJECTION_NOTE, `A note can be up to ${MAX_REJECTION_NOTE} characters.`)
    .refine((text) => !/(?![\t\n\r])\p{Cc}/u.test(text), "A note can't contain control characters.")
    .transform((text) => text || null),
  emailTiming: z.enum(REJECTION_EMAIL_TIMINGS).catch("later"),
});
export type RejectionInput = z.infer<typeof rejectionSchema>;

/** What statusAsTold reads of a status change. */
export interface ToldChange {
  fromStatus?: string | null;
  toStatus: string;
  emailDueAt?: Date | string | null;
  emailCancelledAt?: Date | string | null;
}

/** A rejection whose email is still waiting, or was cancelled: the candidate has not been told it. */
export const heldBack = (change: ToldChange, at: Date): boolean =>
  change.toStatus === "rejected" &&
  Boolean(change.emailDueAt) &&
  (Boolean(change.emailCancelledAt) || new Date(change.emailDueAt!) > at);

/**
 * The status the candidate reads: while the latest change is a held-back rejection, the stage
 * before it (a rejection "without email" is shown as before: its email was never on its way).
 */
export function statusAsTold(status: ApplicationStatus, latest: ToldChange | undefined, at: Date): ApplicationStatus {
  if (status !== "rejected" || !latest || !heldBack(latest, at)) return status;
  return (latest.fromStatus as ApplicationStatus | null) ?? "submitted";
}

/** The rejection email still waiting to go, if the latest change of the application is one. */
async function pendingChange(applicationId: string): Promise<ApplicationStatusChange | null> {
  const [latest] = await em().find(
    ApplicationStatusChange,
    { applicationId },
    { orderBy: { changedAt: "desc", id: "desc" }, limit: 1 },
  );
  if (!latest || latest.toStatus !== "rejected" || !latest.emailDueAt || latest.emailCancelledAt) return null;
  return new Date(latest.emailDueAt) > now() ? latest : null;
}

/**
 * When the rejection email of an application the member reads goes, in their zone, while it may
 * still be cancelled (else null).
 */
export async function pendingRejectionEmail(member: Member, applicationId: string): Promise<string | null> {
  const change = await pendingChange(applicationId);
  return change ? pageDateTime(change.emailDueAt!, member.timeZone) : null;
}

/** Cancels the pending rejection email of one of the company's applications: nothing will be sent. */
export async function cancelRejectionEmail(member: Member, applicationId: string, jobId?: string): Promise<void> {
  await transaction(async (tx) => {
    const application = await applicationOfMember(member, applicationId, { jobId, lock: true, need: "decide" });
    const pending = await pendingChange(application.id);
    if (!pending || application.status !== "rejected")
      throw new ApplicationError("invalid-transition", "There is no rejection email waiting to be sent.");
    // The application's lock serialises cancels; the email job reads the change afresh when it runs.
    pending.emailCancelledAt = now();
    await tx.flush();
  });
}

/** The latest rejection's reason and note per application, for the CSV. */
export async function rejectionReasons(ids: string[]): Promise<Map<string, { reason: string; note: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await em().execute<
    { application_id: string; rejection_reason: RejectionReason; rejection_note: string | null }[]
  >(
    `select distinct on (application_id) application_id, rejection_reason, rejection_note
       from application_status_changes
      where application_id = any(?::uuid[]) and to_status = 'rejected' and rejection_reason is not null
      order by application_id, changed_at desc, id desc`,
    [`{${ids.join(",")}}`],
  );
  return new Map(
    rows.map((r) => [
      r.application_id,
      { reason: REJECTION_REASON_LABELS[r.rejection_reason], note: r.rejection_note },
    ]),
  );
}
