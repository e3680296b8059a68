// Messages on an application (decision 071): one thread between the company and the candidate,
// oldest first. Owners and recruiters write for the company; interviewers assigned to the job read
// it (a post from one is refused as forbidden); the candidate reads and writes their own. Someone
// else's application is not found. Each message is emailed to the other side by a queued job
// (queues.ts), once per recipient. Imported listings have nobody on Hirewise to write to: no thread.
// A company's message has its placeholders filled in (templates.ts) before it is saved.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { findMember, jobCards, jobContacts, may, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import type { Application } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import { memberNames } from "./notes.ts";
import { applicationOfMember, candidateLabel } from "./review.ts";
import { candidateApplication } from "./refs.ts";
import { pageDateTime } from "./zoned-dates.ts";
import { fillForApplication } from "./templates.ts";

export const MAX_MESSAGE_LENGTH = 5000;
export const MESSAGE_EMAIL_QUEUE = "applications.message-email";

export type MessageSide = "company" | "candidate";

export const messageSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Please write your message.")
    .max(
      MAX_MESSAGE_LENGTH,
      `A message can be up to ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters. Please shorten it.`,
    )
    // PostgreSQL can't store NUL; forms refuse it earlier (lib/forms.ts), this guards other callers.
    .refine((body) => !body.includes("\0"), "The message contained characters we can't store."),
});

export interface MessageView {
  id: string;
  side: MessageSide;
  authorName: string;
  /** The person asking wrote it. */
  mine: boolean;
  body: string;
  createdAt: string;
  /** The time as the reader reads it (the company's time zone; UTC for candidates). */
  when: string;
}

export interface MessageThread {
  messages: MessageView[];
  /** Whether the person asking may write in it. */
  mayWrite: boolean;
  /** Why nobody can write here (an imported listing, a deleted candidate), or null. */
  closedReason: string | null;
}

/** The thread of an imported listing: the candidate applied on the company's own site. */
export const EXTERNAL_THREAD_REASON =
  "You applied on the company's own site, so they aren't on Hirewise to read messages here. They reply to you directly.";
export const DELETED_CANDIDATE_THREAD_REASON =
  "The candidate deleted their account, so messages can no longer reach them.";
export const INTERVIEWER_READS_ONLY = "Interviewers can read this thread. Owners and recruiters write in it.";

interface Where {
  jobId?: string;
}

function parseBody(body: unknown): string {
  const parsed = messageSchema.safeParse({ body });
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new ApplicationError("invalid", message, { fieldErrors: { body: message } });
  }
  return parsed.data.body;
}

interface MessageRow {
  id: string;
  author_id: string | null;
  author_side: MessageSide;
  body: string;
  created_at: Date;
}

function threadRows(applicationId: string): Promise<MessageRow[]> {
  return em().execute<MessageRow[]>(
    `select id, author_id, author_side, body, created_at from application_messages
      where application_id = ? order by created_at, id`,
    [applicationId],
  );
}

/** The application a member may read the thread of (else not found). */
function companyApplication(member: Member, applicationId: string, { jobId }: Where): Promise<Application> {
  return applicationOfMember(member, applicationId, { jobId, need: "review" });
}

/**
 * Throws unless the member may write on the application: not found if they can't see it, forbidden
 * for a reader (an interviewer), invalid once the candidate deleted their account.
 */
export async function checkCompanyWriter(member: Member, applicationId: string, where: Where = {}): Promise<void> {
  const application = await companyApplication(member, applicationId, where);
  if (!may(member, "decide")) throw new ApplicationError("forbidden", INTERVIEWER_READS_ONLY);
  if (!application.candidateId)
    throw new ApplicationError("invalid", DELETED_CANDIDATE_THREAD_REASON, {
      fieldErrors: { body: DELETED_CANDIDATE_THREAD_REASON },
    });
}

/** The thread as the company reads it: the candidate by name, members by theirs ("(you)" is the page's). */
export async function companyThread(member: Member, applicationId: string, where: Where = {}): Promise<MessageThread> {
  const application = await companyApplication(member, applicationId, where);
  const rows = await threadRows(applicationId);
  const [nameOf, people] = await Promise.all([
    memberNames(rows.filter((r) => r.author_side === "company").map((r) => r.author_id)),
    publicProfiles(application.candidateId ? [application.candidateId] : []),
  ]);
  const candidate = candidateLabel(application.candidateId, people.get(application.candidateId ?? ""));
  return {
    messages: rows.map((r) => ({
      id: r.id,
      side: r.author_side,
      authorName: r.author_side === "company" ? nameOf(r.author_id) : candidate,
      mine: r.author_side === "company" && r.author_id === member.userId,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      when: pageDateTime(r.created_at, member.timeZone),
    })),
    mayWrite: may(member, "decide") && Boolean(application.candidateId),
    closedReason: application.candidateId ? null : DELETED_CANDIDATE_THREAD_REASON,
  };
}

/** The thread as the candidate reads it: company members by name and company, their own as "You". */
export async function candidateThread(candidateId: string, applicationId: string): Promise<MessageThread> {
  const application = await candidateApplication(candidateId, applicationId);
  if (!application.companyId) return { messages: [], mayWrite: false, closedReason: EXTERNAL_THREAD_REASON };
  const rows = await threadRows(applicationId);
  const [nameOf, jobs] = await Promise.all([
    memberNames(rows.filter((r) => r.author_side === "company").map((r) => r.author_id)),
    jobCards([application.jobId]),
  ]);
  const company = jobs.get(application.jobId)?.companyName ?? "The company";
  return {
    messages: rows.map((r) => ({
      id: r.id,
      side: r.author_side,
      authorName: r.author_side === "company" ? `${nameOf(r.author_id)} · ${company}` : "You",
      mine: r.author_side === "candidate",
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      when: pageDateTime(r.created_at, "UTC"),
    })),
    mayWrite: true,
    closedReason: null,
  };
}

/** Saves the message, counts it against the author's quota and queues its email, all or nothing. */
async function saveMessage(applicationId: string, authorId: string, side: MessageSide, text: string): Promise<string> {
  const id = randomUUID();
  await transaction(async (tx) => {
    await enforceQuota("messages", authorId);
    await tx.execute(
      `insert into application_messages (id, application_id, author_id, author_side, body, created_at) values (?, ?, ?, ?, ?, ?)`,
      [id, applicationId, authorId, side, text, now()],
    );
    await enqueue(MESSAGE_EMAIL_QUEUE, { messageId: id });
  });
  return id;
}

/**
 * Posts the member's message to the candidate; returns its id. Throws not found, forbidden (an
 * interviewer), invalid with `fieldErrors.body`, or QuotaExceededError past the hour's messages.
 */
export async function postCompanyMessage(
  member: Member,
  applicationId: string,
  body: unknown,
  where: Where = {},
): Promise<string> {
  const text = await previewCompanyMessage(member, applicationId, body, where);
  return saveMessage(applicationId, member.userId, "company", text);
}

/**
 * The member's message as the candidate will read it, placeholders filled in (templates.ts);
 * throws as postCompanyMessage does, and invalid naming an unknown placeholder. Saves nothing.
 */
export async function previewCompanyMessage(
  member: Member,
  applicationId: string,
  body: unknown,
  where: Where = {},
): Promise<string> {
  await checkCompanyWriter(member, applicationId, where);
  return parseBody(await fillForApplication(member, applicationId, parseBody(body), where));
}

/** Throws unless the candidate may write on their application: not found, or invalid for an imported listing. */
export async function checkCandidateWriter(candidateId: string, applicationId: string): Promise<void> {
  const application = await candidateApplication(candidateId, applicationId);
  if (!application.companyId)
    throw new ApplicationError("invalid", EXTERNAL_THREAD_REASON, { fieldErrors: { body: EXTERNAL_THREAD_REASON } });
}

/** Posts the candidate's message to the company; throws as postCompanyMessage does (never forbidden). */
export async function postCandidateMessage(candidateId: string, applicationId: string, body: unknown): Promise<string> {
  await checkCandidateWriter(candidateId, applicationId);
  return saveMessage(applicationId, candidateId, "candidate", parseBody(body));
}

/** How many messages each application's thread holds (for the CSV). */
export async function messageCounts(applicationIds: string[]): Promise<Map<string, number>> {
  if (!applicationIds.length) return new Map();
  const rows = await em().execute<{ application_id: string; n: string }[]>(
    `select application_id, count(*) as n from application_messages where application_id = any(?::uuid[]) group by application_id`,
    [`{${applicationIds.join(",")}}`],
  );
  return new Map(rows.map((r) => [r.application_id, Number(r.n)]));
}

/**
 * Who on the company's side hears of the candidate's message: the members who wrote in the thread
 * or moved the application, and the job's contacts (who posted it), while they are still members
 * who may write (owners, recruiters). Oldest contact first, each once.
 */
export async function companyRecipients(application: Application): Promise<string[]> {
  const rows = await em().execute<{ user_id: string }[]>(
    `select author_id as user_id from application_messages where application_id = ? and author_side = 'company' and author_id is not null
     union select changed_by from application_status_changes where application_id = ? and changed_by is not null`,
    [application.id, application.id],
  );
  const people = [...new Set([...(await jobContacts(application.jobId)), ...rows.map((r) => r.user_id).sort()])];
  const members = await Promise.all(people.map((userId) => findMember(userId)));
  return people.filter((_, i) => {
    const member = members[i];
    return member !== null && member.companyId === application.companyId && may(member, "decide");
  });
}
