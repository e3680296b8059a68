// The one anonymiser of applications (decisions 039 and 089). An anonymised application keeps its
// row, job, company, status, dates and stage history, so the company's counts and pipeline stay
// true, and loses what was the person's: the candidate and resume links, the answers, the scores
// read from them, the thread of messages and the employer's words to the candidate in the history.
// Account deletion (account-data.ts) keeps the team's own record of its review (notes, ratings,
// scorecards, decisions' reasons); retention (retention.ts) removes that too, as a record of a
// person kept past the company's period is what storage limitation forbids.
import { em, lockAllForUpdate } from "../../lib/db.ts";
import { Application } from "./entities.ts";

const uuids = (ids: string[]) => `{${ids.join(",")}}`;

/** Another module's rows about an application's candidate, cleared when retention anonymises it (interviews). */
export type AnonymisedListener = (applicationIds: string[]) => Promise<void>;
const listeners: AnonymisedListener[] = [];

/** Called once by a module holding the candidate of an application (wiring.ts): it runs in the same transaction. */
export function onApplicationsAnonymised(listener: AnonymisedListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * Anonymises these applications inside the caller's transaction. `teamRecord: "remove"` also
 * deletes the team's notes, ratings, scorecards and reminders and the reasons written in its
 * decisions and rejections (the counts and the moves stay). Returns the resume ids they held.
 */
export async function anonymiseApplications(
  ids: string[],
  { teamRecord }: { teamRecord: "keep" | "remove" },
): Promise<string[]> {
  if (!ids.length) return [];
  const manager = em();
  const list = uuids(ids);
  // Locked first: a score written meanwhile (scoring.ts) waits, then finds no candidate and writes nothing.
  const held = (await lockAllForUpdate(Application, { id: { $in: ids } }, { id: "asc" })).map((a) => ({
    resume_id: a.resumeId ?? null,
    candidate_id: a.candidateId ?? null,
  }));
  await manager.execute(`delete from application_answers where application_id = any(?::uuid[])`, [list]);
  await manager.execute(`delete from application_scores where application_id = any(?::uuid[])`, [list]);
  // The person's voluntary self-identification (decision 088) goes with them.
  await manager.execute(`delete from eeo_self_identifications where application_id = any(?::uuid[])`, [list]);
  // The thread was a conversation with them: it goes, both sides of it.
  await manager.execute(`delete from application_messages where application_id = any(?::uuid[])`, [list]);
  // The employer's messages to the candidate went to them: they go with the person.
  await manager.execute(`update application_status_changes set message = null where application_id = any(?::uuid[])`, [
    list,
  ]);
  if (teamRecord === "remove") {
    const candidates = uuids([...new Set(held.flatMap((h) => (h.candidate_id ? [h.candidate_id] : [])))]);
    await manager.execute(`delete from application_notes where application_id = any(?::uuid[])`, [list]);
    await manager.execute(`delete from application_ratings where application_id = any(?::uuid[])`, [list]);
    // Their ratings go with them (scorecard_ratings cascade).
    await manager.execute(`delete from scorecards where application_id = any(?::uuid[])`, [list]);
    await manager.execute(`delete from scorecard_reminders where application_id = any(?::uuid[])`, [list]);
    await manager.execute(`update application_decisions set why = null where application_id = any(?::uuid[])`, [list]);
    // The moves stay (a withdrawal without who made it); the words about the person go.
    await manager.execute(
      `update application_status_changes set rejection_note = null,
         changed_by = case when changed_by = any(?::uuid[]) then null else changed_by end
       where application_id = any(?::uuid[])`,
      [candidates, list],
    );
    // Account deletion leaves these to the other modules' own erasers (they find rows by the account).
    for (const listener of listeners) await listener(ids);
  }
  await manager.execute(
    `update applications set candidate_id = null, resume_id = null, kept_until = null where id = any(?::uuid[])`,
    [list],
  );
  return [...new Set(held.flatMap((h) => (h.resume_id ? [h.resume_id] : [])))];
}
