// A job's interview kits (issue 34 item 2, decision 087): each a name ("Technical interview"), the
// questions to ask in order, which of the job's scorecard attributes it covers and a prompt for
// the interviewer's notes. Owners and recruiters write them; everyone who sees the job (assigned
// interviewers too) reads them. An interview may pick one (interviews' kit_id); otherwise the
// job's first kit is the one an application in Interview shows.
import { randomUUID } from "node:crypto";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { isUuid } from "../../lib/uuid.ts";
import { Job } from "./entities.ts";
import { HiringError } from "./errors.ts";
import { jobOfMember, may, type Member } from "./team.ts";
import { scorecardAttributesOf, storeJobAttributes, type ScorecardAttribute } from "./scorecard-attributes.ts";
import type { ScorecardGroup } from "./scorecard-vocabulary.ts";
import { MAX_KIT_NAME, MAX_KIT_QUESTION, MAX_KIT_QUESTIONS, MAX_KITS, MAX_NOTES_PROMPT } from "./kit-vocabulary.ts";

export interface InterviewKit {
  id: string;
  name: string;
  questions: string[];
  /** The attributes it covers, in the scorecard's order (a retired one says so). */
  attributes: ScorecardAttribute[];
  notesPrompt: string;
}

export interface JobInterviewKits {
  jobId: string;
  jobTitle: string;
  kits: InterviewKit[];
  /** The job's scorecard attributes (active first), to choose from. */
  attributes: ScorecardAttribute[];
  /** Owners and recruiters write kits. */
  mayEdit: boolean;
}

export interface KitInput {
  name: string;
  questions: string[];
  attributeIds: string[];
  notesPrompt: string;
}

/** What "Generate questions" gives the AI: the job and the attributes the kit covers. */
export interface KitQuestionsSource {
  title: string;
  description: string;
  requirements: string;
  skills: string[];
  attributes: { name: string; guidance: string; group: ScorecardGroup }[];
}

type Row = { id: string; name: string; questions: string[]; attribute_ids: string[]; notes_prompt: string };

const kitNotFound = () => new HiringError("not-found", "That interview kit could not be found.");

async function kitRows(jobId: string): Promise<Row[]> {
  return em().execute<Row[]>(
    `select id, name, questions, attribute_ids, notes_prompt from interview_kits where job_id = ?
      order by position, created_at, id`,
    [jobId],
  );
}

function viewOf(row: Row, attributes: ScorecardAttribute[]): InterviewKit {
  const chosen = new Set(row.attribute_ids);
  return {
    id: row.id,
    name: row.name,
    questions: row.questions,
    attributes: attributes.filter((a) => chosen.has(a.id)),
    notesPrompt: row.notes_prompt,
  };
}

/** The job's kits for a member who sees the job (else not found). */
export async function jobInterviewKits(member: Member, jobId: string): Promise<JobInterviewKits> {
  const job = await jobOfMember(member, jobId);
  const [{ attributes }, rows] = await Promise.all([scorecardAttributesOf(job.id), kitRows(job.id)]);
  return {
    jobId: job.id,
    jobTitle: job.title ?? "Untitled job",
    kits: rows.map((r) => viewOf(r, attributes)),
    attributes,
    mayEdit: may(member, "manage-jobs"),
  };
}

/** The job's kits by name, for the interview offer's picker (a job already checked). */
export async function kitChoices(jobId: string): Promise<{ id: string; name: string }[]> {
  return (await kitRows(jobId)).map((r) => ({ id: r.id, name: r.name }));
}

/**
 * The kit an interview uses, for a job already checked: `kitId` when it is one of the job's,
 * else the job's first kit; null when the job has none.
 */
export async function kitForJob(jobId: string, kitId: string | null): Promise<InterviewKit | null> {
  const rows = await kitRows(jobId);
  const row = rows.find((r) => r.id === kitId) ?? rows[0];
  if (!row) return null;
  return viewOf(row, (await scorecardAttributesOf(jobId)).attributes);
}

const invalid = (fieldErrors: Record<string, string>) =>
  new HiringError("invalid", Object.values(fieldErrors)[0]!, {
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])),
  });

/** The input trimmed and checked; messages keyed name, questions, attributes, notesPrompt. */
function checkKit(input: KitInput): KitInput {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const questions = input.questions.map((q) => q.trim()).filter(Boolean);
  const notesPrompt = input.notesPrompt.trim();
  if (!name) errors.name = "Name the kit, e.g. Technical interview.";
  else if (name.length > MAX_KIT_NAME) errors.name = `A name can be up to ${MAX_KIT_NAME} characters.`;
  if (!questions.length) errors.questions = "Write at least one question to ask, or generate some.";
  else if (questions.length > MAX_KIT_QUESTIONS) errors.questions = `A kit holds up to ${MAX_KIT_QUESTIONS} questions.`;
  else if (questions.some((q) => q.length > MAX_KIT_QUESTION))
    errors.questions = `Each question can be up to ${MAX_KIT_QUESTION} characters.`;
  if (notesPrompt.length > MAX_NOTES_PROMPT)
    errors.notesPrompt = `The notes prompt can be up to ${MAX_NOTES_PROMPT} characters.`;
  for (const [field, text] of [
    ["name", name],
    ["questions", questions.join("\n")],
    ["notesPrompt", notesPrompt],
  ] as const)
    if (text.includes("\0")) errors[field] = "This contained characters we can't store.";
  if (Object.keys(errors).length) throw invalid(errors);
  return { name, questions, attributeIds: [...new Set(input.attributeIds)], notesPrompt };
}

/**
 * Creates a kit (`kitId` null) or changes one of the job's; returns its id. Owners and recruiters
 * only (anyone else: not found). Every attribute must be one of the job's (the default set is
 * stored first when the job has none stored, so its ids hold).
 */
export async function saveInterviewKit(
  member: Member,
  jobId: string,
  kitId: string | null,
  input: KitInput,
): Promise<string> {
  const job = await jobOfMember(member, jobId, "manage-jobs");
  if (kitId !== null && !isUuid(kitId)) throw kitNotFound();
  const kit = checkKit(input);
  return transaction(async () => {
    await lockForUpdate(Job, { id: job.id });
    await storeJobAttributes(job.id);
    const { attributes } = await scorecardAttributesOf(job.id);
    const ours = new Set(attributes.map((a) => a.id));
    if (kit.attributeIds.some((id) => !ours.has(id)))
      throw invalid({ attributes: "Choose attributes from this job's scorecard." });
    const rows = await kitRows(job.id);
    if (kitId !== null && !rows.some((r) => r.id === kitId)) throw kitNotFound();
    const others = rows.filter((r) => r.id !== kitId);
    if (others.some((r) => r.name.toLowerCase() === kit.name.toLowerCase()))
      throw invalid({ name: "Another kit of this job has this name." });
    const at = now();
    // Kept in the scorecard's order, whatever order the form sent.
    const attributeIds = JSON.stringify(attributes.filter((a) => kit.attributeIds.includes(a.id)).map((a) => a.id));
    const questions = JSON.stringify(kit.questions);
    if (kitId !== null) {
      await em().execute(
        `update interview_kits set name = ?, questions = ?::jsonb, attribute_ids = ?::jsonb, notes_prompt = ?, updated_at = ?
          where id = ? and job_id = ?`,
        [kit.name, questions, attributeIds, kit.notesPrompt, at, kitId, job.id],
      );
      return kitId;
    }
    if (rows.length >= MAX_KITS) throw invalid({ name: `A job has up to ${MAX_KITS} interview kits.` });
    const id = randomUUID();
    await em().execute(
      `insert into interview_kits (id, job_id, name, questions, attribute_ids, notes_prompt, position, created_at, updated_at)
       values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)`,
      [id, job.id, kit.name, questions, attributeIds, kit.notesPrompt, rows.length, at, at],
    );
    return id;
  });
}

/** Deletes one of the job's kits; interviews that used it fall back to the job's first kit. */
export async function deleteInterviewKit(member: Member, jobId: string, kitId: string): Promise<void> {
  const job = await jobOfMember(member, jobId, "manage-jobs");
  if (!isUuid(kitId)) throw kitNotFound();
  const deleted = await em().execute<{ id: string }[]>(
    `delete from interview_kits where id = ? and job_id = ? returning id`,
    [kitId, job.id],
  );
  if (!deleted.length) throw kitNotFound();
}

/**
 * What "Generate questions" sends the AI, for an owner or recruiter (else not found): the job's
 * title, description, requirements and skills, and the chosen attributes (none chosen: all the
 * active ones). Writes nothing.
 */
export async function kitQuestionsSource(
  member: Member,
  jobId: string,
  attributeIds: string[],
): Promise<KitQuestionsSource> {
  const job = await jobOfMember(member, jobId, "manage-jobs");
  const { attributes } = await scorecardAttributesOf(job.id);
  const chosen = attributes.filter((a) => attributeIds.includes(a.id));
  return {
    title: job.title ?? "",
    description: job.description ?? "",
    requirements: job.requirements ?? "",
    skills: job.skills ?? [],
    attributes: (chosen.length ? chosen : attributes.filter((a) => !a.retired)).map((a) => ({
      name: a.name,
      guidance: a.guidance,
      group: a.group,
    })),
  };
}
