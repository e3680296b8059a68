// Notes on an application (issue 18 item 4, decision 051): the company's members who may review it
// (owners, recruiters, interviewers assigned to its job) write notes; each author edits and deletes
// only their own (anyone else's note is not found). Newest first: the latest thinking on top, beside
// the form that adds to it. Candidates never read notes: nothing a candidate sees reads this table.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { isUuid, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { ApplicationError } from "./errors.ts";
import { applicationOfMember } from "./review.ts";
import { pageDateTime } from "./zoned-dates.ts";

export const MAX_NOTE_LENGTH = 5000;

/** What someone who left (deleted their account) is called beside what they wrote. */
export const FORMER_MEMBER = "Former member";

export const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Please write the note.")
    .max(MAX_NOTE_LENGTH, `A note can be up to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`)
    // PostgreSQL can't store NUL; forms refuse it earlier (lib/forms.ts), this guards other callers.
    .refine((body) => !body.includes("\0"), "The note contained characters we can't store."),
});

export interface NoteView {
  id: string;
  authorName: string;
  /** The member asking wrote it: they may edit and delete it. */
  mine: boolean;
  body: string;
  createdAt: string;
  /** The time as the company reads it (its time zone). */
  when: string;
  editedAt: string | null;
}

interface Where {
  jobId?: string;
}

const noteNotFound = () => new ApplicationError("not-found", "That note could not be found.");

function parseBody(body: unknown): string {
  const parsed = noteSchema.safeParse({ body });
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new ApplicationError("invalid", message, { fieldErrors: { body: message } });
  }
  return parsed.data.body;
}

/** Display names for author ids: the full name, else the address; a deleted author is FORMER_MEMBER. */
export async function memberNames(userIds: (string | null)[]): Promise<(id: string | null) => string> {
  const people = await publicProfiles(userIds.filter((id): id is string => Boolean(id)));
  return (id) => {
    const person = id ? people.get(id) : undefined;
    return person ? person.fullName?.trim() || person.email : FORMER_MEMBER;
  };
}

/** Whether the member may read and write notes and ratings on the application: throws not found if not. */
export async function checkReviewer(member: Member, applicationId: string, { jobId }: Where = {}): Promise<void> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
}

/** The application's notes, newest first, for a member who may review it (else not found). */
export async function applicationNotes(
  member: Member,
  applicationId: string,
  { jobId }: Where = {},
): Promise<NoteView[]> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const rows = await em().execute<
    { id: string; author_id: string | null; body: string; created_at: Date; edited_at: Date | null }[]
  >(
    `select id, author_id, body, created_at, edited_at from application_notes where application_id = ? order by created_at desc, id desc`,
    [applicationId],
  );
  const nameOf = await memberNames(rows.map((r) => r.author_id));
  return rows.map((r) => ({
    id: r.id,
    authorName: nameOf(r.author_id),
    mine: r.author_id === member.userId,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    when: pageDateTime(r.created_at, member.timeZone),
    editedAt: r.edited_at ? new Date(r.edited_at).toISOString() : null,
  }));
}

/** Adds the member's note to the application; returns its id. Throws "invalid" with `fieldErrors.body`. */
export async function addNote(
  member: Member,
  applicationId: string,
  body: unknown,
  { jobId }: Where = {},
): Promise<string> {
  const text = parseBody(body);
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const id = randomUUID();
  await em().execute(
    `insert into application_notes (id, application_id, author_id, body, created_at) values (?, ?, ?, ?, ?)`,
    [id, applicationId, member.userId, text, now()],
  );
  return id;
}

/** Replaces the text of one of the member's own notes; anyone else's (or a missing one) is not found. */
export async function editNote(
  member: Member,
  applicationId: string,
  noteId: string,
  body: unknown,
  { jobId }: Where = {},
): Promise<void> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  if (!isUuid(noteId)) throw noteNotFound();
  // Someone else's note is not found, whatever the text says.
  const [own] = await em().execute<{ id: string }[]>(
    `select id from application_notes where id = ? and application_id = ? and author_id = ?`,
    [noteId, applicationId, member.userId],
  );
  if (!own) throw noteNotFound();
  const text = parseBody(body);
  // One statement: the author check and the change cannot be split by a concurrent delete.
  const changed = await em().execute<{ id: string }[]>(
    `update application_notes set body = ?, edited_at = ? where id = ? and application_id = ? and author_id = ? returning id`,
    [text, now(), noteId, applicationId, member.userId],
  );
  if (!changed.length) throw noteNotFound();
}

/** Deletes one of the member's own notes; anyone else's (or a missing one) is not found. */
export async function deleteNote(
  member: Member,
  applicationId: string,
  noteId: string,
  { jobId }: Where = {},
): Promise<void> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  if (!isUuid(noteId)) throw noteNotFound();
  const deleted = await em().execute<{ id: string }[]>(
    `delete from application_notes where id = ? and application_id = ? and author_id = ? returning id`,
    [noteId, applicationId, member.userId],
  );
  if (!deleted.length) throw noteNotFound();
}

/** One of the member's own notes on the application (for its edit form), or null. */
export async function ownNote(
  member: Member,
  applicationId: string,
  noteId: string,
  { jobId }: Where = {},
): Promise<{ id: string; body: string } | null> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  if (!isUuid(noteId)) return null;
  const rows = await em().execute<{ id: string; body: string }[]>(
    `select id, body from application_notes where id = ? and application_id = ? and author_id = ?`,
    [noteId, applicationId, member.userId],
  );
  return rows[0] ?? null;
}
