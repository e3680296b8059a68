// Members who decide (owners, recruiters) move applications through the pipeline, one at a time
// or several of a job's at once. Every move is checked against the one table (pipeline.ts), runs
// in a transaction on locked rows, is recorded (who, when, from, to, the message) and, for the
// stages the candidate hears of, queues one email keyed to the change, unless the member chose
// "without email". A move to Offer or Hired, or a rejection after an interview, also records the
// decision (decisions.ts: who, why, against how many scorecards). The message's placeholders (templates.ts) are filled in for each candidate. A move to the status the application already has changes nothing (a double
// click, or two colleagues pressing the same button), so it is not an error.
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { em, lockAllForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { enqueue } from "../../lib/queue.ts";
import { isUuid, jobOfMember, may, type Member } from "../hiring/index.server.ts";
import { Application, ApplicationStatusChange, APPLICATION_STATUSES, type ApplicationStatus } from "./entities.ts";
import { ApplicationError, applicationNotFound } from "./errors.ts";
import { canMove, isEmailed, refusedMoveMessage, STATUS_LABELS } from "./pipeline.ts";
import { STATUS_EMAIL_QUEUE } from "./queues.ts";
import { applicationOfMember, candidateLabel } from "./review.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { fillPlaceholders, hasPlaceholders, placeholderValuesFor, unknownPlaceholderMessage } from "./templates.ts";
import { REJECTION_EMAIL_DELAY_SECONDS, type RejectionEmailTiming, type RejectionReason } from "./rejections.ts";
import { checkedWhy, pendingDecisions, storeDecision, type PendingDecision } from "./decisions.ts";

/** The most applications one bulk move takes. */
export const MAX_BULK_MOVE = 100;
/** The longest message an employer may add to a change's email. */
export const MAX_MOVE_MESSAGE = 1000;

export interface MoveOptions {
  /** Email the candidate (for the stages that have an email). Default: yes. */
  notify?: boolean;
  /** The employer's own words, included in the email. */
  message?: string;
  /** A rejection's private reason, and whether its email waits a day (rejections.ts). */
  rejection?: { reason: RejectionReason | null; note: string | null; emailTiming: RejectionEmailTiming };
  /** Why, for a move that records a decision (decisions.ts); a rejection's note stands for it when not given. */
  why?: string;
}

const whyOf = (options: MoveOptions) => checkedWhy(options.why || options.rejection?.note);

/** The message field as the confirmation forms send it: trimmed, empty is none. */
export const moveMessageSchema = z
  .string()
  .trim()
  .max(MAX_MOVE_MESSAGE, `A message can be up to ${MAX_MOVE_MESSAGE.toLocaleString("en")} characters.`)
  // Control characters other than tabs and line breaks (\p{Cc} less \t, \n, \r).
  .refine((text) => !/(?![\t\n\r])\p{Cc}/u.test(text), "A message can't contain control characters.")
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholderMessage(text);
    if (unknown) ctx.addIssue({ code: "custom", message: unknown });
  });

function checkedMessage(options: MoveOptions): string | null {
  if (!options.message) return null;
  const parsed = moveMessageSchema.safeParse(options.message);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new ApplicationError("invalid", message, { fieldErrors: { message } });
  }
  return parsed.data || null;
}

/** The message as each application's candidate reads it: placeholders filled in for each. */
async function messagesFor(
  member: Member,
  applications: readonly Application[],
  message: string | null,
): Promise<Map<string, string | null>> {
  if (!message || !hasPlaceholders(message)) return new Map(applications.map((a) => [a.id, message]));
  const values = await placeholderValuesFor(member, applications);
  return new Map(applications.map((a) => [a.id, fillPlaceholders(message, values.get(a.id)!)]));
}

function checkedTarget(to: string): ApplicationStatus {
  if (!(APPLICATION_STATUSES as readonly string[]).includes(to))
    throw new ApplicationError("invalid", "Choose a stage to move the application to.");
  return to as ApplicationStatus;
}

/** Why a deleted candidate's application stays where it was: nobody is left to move on. */
export const DELETED_CANDIDATE_MOVE =
  "This candidate deleted their account, so their application can't be moved any more. Your team's notes and ratings stay.";

/** Records one move on a locked application and queues its email. */
async function record(
  tx: EntityManager,
  member: Member,
  application: Application,
  to: ApplicationStatus,
  notify: boolean,
  message: string | null,
  rejection?: MoveOptions["rejection"],
  decision?: PendingDecision,
): Promise<void> {
  const emailed = notify && isEmailed(to) && Boolean(application.candidateId);
  const later = to === "rejected" && rejection?.emailTiming === "later";
  const delay = later ? REJECTION_EMAIL_DELAY_SECONDS : config().statusEmailDelaySeconds;
  const from = application.status;
  application.status = to;
  application.updatedAt = now();
  const change = tx.create(ApplicationStatusChange, {
    applicationId: application.id,
    fromStatus: from,
    toStatus: to,
    changedBy: member.userId,
    changedAt: now(),
    message: emailed ? message : null,
    rejectionReason: to === "rejected" ? (rejection?.reason ?? null) : null,
    rejectionNote: to === "rejected" ? (rejection?.note ?? null) : null,
    emailDueAt: emailed ? new Date(now().getTime() + delay * 1000) : null,
  });
  await tx.flush();
  if (decision) await storeDecision(member, change.id, decision);
  // The change's id is the email's key: one message per change, however often the job runs. It
  // waits a moment, so a move made meanwhile is the one the candidate hears of (queues.ts skips the older).
  if (emailed)
    await enqueue(
      STATUS_EMAIL_QUEUE,
      { applicationId: application.id, status: to, changeId: change.id },
      { startAfter: delay },
    );
}

/**
 * Moves one of the company's applications (to `jobId`, when the page names one) to `to`, if the
 * table allows it; returns the status it has now. Refused: "invalid-transition" (409) for a move
 * not in the table, not found for anything the member may not decide on.
 */
export async function moveApplication(
  member: Member,
  applicationId: string,
  target: string,
  options: MoveOptions & { jobId?: string } = {},
): Promise<ApplicationStatus> {
  const to = checkedTarget(target);
  const message = checkedMessage(options);
  const why = whyOf(options);
  return transaction(async (tx) => {
    const application = await applicationOfMember(member, applicationId, {
      jobId: options.jobId,
      lock: true,
      need: "decide",
    });
    if (!application.candidateId) throw new ApplicationError("invalid-transition", DELETED_CANDIDATE_MOVE);
    if (application.status === to) return to;
    if (!canMove(application.status, to))
      throw new ApplicationError("invalid-transition", refusedMoveMessage(application.status, to));
    const decision = (await pendingDecisions([application], to, why)).get(application.id);
    const filled = (await messagesFor(member, [application], message)).get(application.id) ?? null;
    await record(tx, member, application, to, options.notify ?? true, filled, options.rejection, decision);
    return to;
  });
}

/** Shortlist or reject (the job page's buttons before the pipeline had more stages). */
export function decideApplication(
  member: Member,
  applicationId: string,
  decision: "shortlist" | "reject",
  jobId?: string,
): Promise<ApplicationStatus> {
  return moveApplication(member, applicationId, decision === "shortlist" ? "shortlisted" : "rejected", { jobId });
}

export interface BulkMoveResult {
  /** How many changed status. */
  moved: number;
  /** How many already had it. */
  unchanged: number;
}

/**
 * Moves several of one job's applications to `to` in one transaction: all of them, or none. The
 * rows are locked in id order, so two bulk moves over the same applicants take turns. Refused,
 * with nothing changed: an id that is not an application to this job of the member's company (not
 * found), more than MAX_BULK_MOVE, or any of them that the table does not let move to `to`
 * ("invalid-transition", naming how many).
 */
export async function moveApplications(
  member: Member,
  jobId: string,
  applicationIds: string[],
  target: string,
  options: MoveOptions = {},
): Promise<BulkMoveResult> {
  if (!isUuid(jobId) || !may(member, "decide")) throw applicationNotFound();
  const ids = [...new Set(applicationIds)];
  if (!ids.length) throw new ApplicationError("invalid", "Choose at least one applicant to move.");
  if (ids.length > MAX_BULK_MOVE)
    throw new ApplicationError(
      "invalid",
      `You can move up to ${MAX_BULK_MOVE} applicants at once: you chose ${ids.length}.`,
    );
  if (!ids.every(isUuid)) throw applicationNotFound();
  const to = checkedTarget(target);
  const message = checkedMessage(options);
  const why = whyOf(options);
  await jobOfMember(member, jobId, "decide").catch(() => Promise.reject(applicationNotFound()));
  return transaction(async (tx) => {
    const rows = await lockAllForUpdate(
      Application,
      { id: { $in: ids }, jobId, companyId: member.companyId },
      { id: "asc" },
    );
    if (rows.length !== ids.length)
      throw new ApplicationError("not-found", "Some of the chosen applications could not be found. Nothing was moved.");
    const deleted = rows.filter((r) => !r.candidateId).length;
    if (deleted) {
      const who = deleted === 1 ? "1 of the chosen applicants" : `${deleted} of the chosen applicants`;
      throw new ApplicationError(
        "invalid-transition",
        `${who} deleted their account and can't be moved. Nothing was moved.`,
      );
    }
    const stuck = rows.filter((r) => r.status !== to && !canMove(r.status, to));
    if (stuck.length) {
      const who =
        stuck.length === 1 ? "1 of the chosen applicants can't" : `${stuck.length} of the chosen applicants can't`;
      throw new ApplicationError(
        "invalid-transition",
        `${who} move to ${STATUS_LABELS[to]} from where they are now. Nothing was moved.`,
      );
    }
    const decisions = await pendingDecisions(rows, to, why);
    const messages = await messagesFor(member, rows, message);
    let moved = 0;
    for (const row of rows) {
      if (row.status === to) continue;
      const filled = messages.get(row.id) ?? null;
      await record(tx, member, row, to, options.notify ?? true, filled, options.rejection, decisions.get(row.id));
      moved += 1;
    }
    return { moved, unchanged: rows.length - moved };
  });
}

export interface ApplicantToMove {
  id: string;
  candidateName: string;
  status: ApplicationStatus;
  /** The candidate deleted their account: the application can't move any more. */
  deleted: boolean;
  /** Whether the table lets it move to the target asked about (true when it is there already). */
  canMove: boolean;
}

/**
 * The applicants a confirmation page names before a move: these applications to one job of the
 * member's company, in the order given, each with whether it can move to `to`. Not found when the
 * member may not decide on the job or any id is not one of its applications.
 */
export async function applicantsToMove(
  member: Member,
  jobId: string,
  applicationIds: string[],
  target: string,
): Promise<ApplicantToMove[]> {
  if (!isUuid(jobId) || !may(member, "decide")) throw applicationNotFound();
  await jobOfMember(member, jobId, "decide").catch(() => Promise.reject(applicationNotFound()));
  const ids = [...new Set(applicationIds)];
  if (ids.length > MAX_BULK_MOVE)
    throw new ApplicationError(
      "invalid",
      `You can move up to ${MAX_BULK_MOVE} applicants at once: you chose ${ids.length}.`,
    );
  if (!ids.length) return [];
  if (!ids.every(isUuid)) throw applicationNotFound();
  const to = checkedTarget(target);
  const rows = await em().find(Application, { id: { $in: ids }, jobId, companyId: member.companyId });
  if (rows.length !== ids.length)
    throw new ApplicationError("not-found", "Some of the chosen applications could not be found.");
  const people = await publicProfiles(rows.flatMap((r) => (r.candidateId ? [r.candidateId] : [])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return {
      id,
      candidateName: candidateLabel(row.candidateId, row.candidateId ? people.get(row.candidateId) : undefined),
      status: row.status,
      deleted: !row.candidateId,
      canMove: Boolean(row.candidateId) && (row.status === to || canMove(row.status, to)),
    };
  });
}
