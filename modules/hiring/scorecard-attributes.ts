// A job's scorecard (issue 34 item 1, decision 083): the 3 to 10 attributes each member rates an
// applicant on. A job with none reads the company default set (with ids derived from the job, so a
// read writes nothing); the first change, or the first scorecard, stores it. Attributes are never
// deleted: "Retire" hides one from new scorecards and keeps its ratings, "Restore" brings it back.
import { createHash, randomUUID } from "node:crypto";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { Job } from "./entities.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { isUuid } from "../../lib/uuid.ts";
import { jobOfMember, may, type Member } from "./team.ts";
import { companyDefaultAttributes } from "./scorecard-defaults.ts";
import { checkRows, countMessage, invalid, type AttributeInput } from "./scorecard-rows.ts";
import { DEFAULT_ATTRIBUTES, MAX_ATTRIBUTES, MIN_ATTRIBUTES, type ScorecardGroup } from "./scorecard-vocabulary.ts";

export interface ScorecardAttribute {
  id: string;
  name: string;
  guidance: string;
  group: ScorecardGroup;
  retired: boolean;
}

export interface JobScorecard {
  jobId: string;
  jobTitle: string;
  /** Active first, in their order, then the retired ones. */
  attributes: ScorecardAttribute[];
  /** Nothing stored yet: these are the company default set. */
  isDefault: boolean;
  /** Owners and recruiters change it. */
  mayEdit: boolean;
  /** Not published yet: the post wizard's review step links here. */
  draft: boolean;
}

type Row = { id: string; name: string; guidance: string; group_key: ScorecardGroup; retired_at: Date | null };

/** The id default attribute `index` of the job has, stored or not. */
function defaultId(jobId: string, index: number): string {
  const hex = createHash("sha256").update(`scorecard:${jobId}:${index}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const viewOf = (r: Row): ScorecardAttribute => ({
  id: r.id,
  name: r.name,
  guidance: r.guidance,
  group: r.group_key,
  retired: r.retired_at !== null,
});

async function storedRows(jobId: string): Promise<Row[]> {
  return em().execute<Row[]>(
    `select id, name, guidance, group_key, retired_at from job_scorecard_attributes where job_id = ?
      order by retired_at is not null, position, created_at, id`,
    [jobId],
  );
}

/** The set a job with nothing stored reads: its company's default, as owners last saved it. */
async function startingSet(jobId: string) {
  const [job] = await em().execute<{ company_id: string }[]>(`select company_id from jobs where id = ?`, [jobId]);
  return job ? companyDefaultAttributes(job.company_id) : [...DEFAULT_ATTRIBUTES];
}

/** The job's attributes, stored or the default set, for a job already checked. */
export async function scorecardAttributesOf(
  jobId: string,
): Promise<{ attributes: ScorecardAttribute[]; isDefault: boolean }> {
  const rows = await storedRows(jobId);
  if (rows.length) return { attributes: rows.map(viewOf), isDefault: false };
  return {
    attributes: (await startingSet(jobId)).map((a, i) => ({ id: defaultId(jobId, i), ...a, retired: false })),
    isDefault: true,
  };
}

/**
 * Stores the default set for a job that has none (inside the caller's transaction, the job
 * locked so two first saves store it once). Applications calls it before a scorecard's ratings.
 */
export async function storeJobAttributes(jobId: string): Promise<void> {
  if ((await storedRows(jobId)).length) return;
  await lockForUpdate(Job, { id: jobId });
  if ((await storedRows(jobId)).length) return;
  const at = now();
  for (const [i, a] of (await startingSet(jobId)).entries())
    await em().execute(
      `insert into job_scorecard_attributes (id, job_id, name, guidance, group_key, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [defaultId(jobId, i), jobId, a.name, a.guidance, a.group, i, at, at],
    );
}

/** The job's scorecard for a member who sees the job (else not found). */
export async function jobScorecard(member: Member, jobId: string): Promise<JobScorecard> {
  const job = await jobOfMember(member, jobId);
  const draft = job.status === "draft";
  // A draft is its author's team's work in progress: those who may post jobs see it, no one else.
  if (draft && !may(member, "manage-jobs")) throw jobNotFound();
  const { attributes, isDefault } = await scorecardAttributesOf(job.id);
  return {
    jobId: job.id,
    jobTitle: job.title ?? job.draft?.title?.trim() ?? "Untitled job",
    attributes,
    isDefault,
    mayEdit: may(member, "manage-jobs"),
    draft,
  };
}

/** The job, locked, with its stored attributes (the default set stored first), for an owner or recruiter. */
async function lockedAttributes(member: Member, jobId: string): Promise<Row[]> {
  const job = await jobOfMember(member, jobId, "manage-jobs");
  await lockForUpdate(Job, { id: job.id });
  await storeJobAttributes(job.id);
  return storedRows(job.id);
}

/**
 * Renames, regroups, reorders and adds the job's active attributes as the form lists them. An
 * active attribute the form leaves out stays (only Retire takes one off); an id that is not one
 * of the job's is not found. Throws "invalid" with fieldErrors keyed `rows.{i}.{field}`. With
 * `retire` or `restore` (an attribute's id) that change is made too, in the same transaction, so
 * pressing Retire on the form keeps what was typed in the other rows.
 */
export async function saveJobScorecard(
  member: Member,
  jobId: string,
  rows: AttributeInput[],
  { retire, restore }: { retire?: string; restore?: string } = {},
): Promise<void> {
  // Someone who may not change it hears "not found" before anything in the rows is looked at.
  await jobOfMember(member, jobId, "manage-jobs");
  const kept = checkRows(rows);
  await transaction(async () => {
    const stored = await lockedAttributes(member, jobId);
    const active = stored.filter((r) => !r.retired_at);
    const byId = new Map(active.map((r) => [r.id, r]));
    if (kept.some((r) => r.id && (!isUuid(r.id) || !byId.has(r.id))))
      throw new HiringError("not-found", "That attribute could not be found.");
    const listed = new Set(kept.map((r) => r.id));
    const total = kept.length + active.filter((r) => !listed.has(r.id)).length;
    if (total < MIN_ATTRIBUTES || total > MAX_ATTRIBUTES) throw invalid(countMessage, { rows: countMessage });
    const names = new Set(stored.filter((r) => r.retired_at).map((r) => r.name.toLowerCase()));
    const clash = kept.find((r) => names.has(r.name.toLowerCase()));
    if (clash) {
      const message = "A retired attribute has this name: restore it instead.";
      throw invalid(message, { [`rows.${clash.index}.name`]: message });
    }
    const at = now();
    for (const [position, row] of kept.entries()) {
      if (row.id)
        await em().execute(
          `update job_scorecard_attributes set name = ?, guidance = ?, group_key = ?, position = ?, updated_at = ? where id = ? and job_id = ?`,
          [row.name, row.guidance, row.group, position, at, row.id, jobId],
        );
      else
        await em().execute(
          `insert into job_scorecard_attributes (id, job_id, name, guidance, group_key, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
          [randomUUID(), jobId, row.name, row.guidance, row.group, position, at, at],
        );
    }
    if (retire) await setAttributeRetired(member, jobId, retire, true);
    if (restore) await setAttributeRetired(member, jobId, restore, false);
  });
}

/** Retires (or restores) one attribute; the active count stays within 3 to 10. */
export async function setAttributeRetired(
  member: Member,
  jobId: string,
  attributeId: string,
  retired: boolean,
): Promise<void> {
  await transaction(async () => {
    const stored = await lockedAttributes(member, jobId);
    const target = isUuid(attributeId) ? stored.find((r) => r.id === attributeId) : undefined;
    if (!target) throw new HiringError("not-found", "That attribute could not be found.");
    if ((target.retired_at !== null) === retired) return;
    const active = stored.filter((r) => !r.retired_at).length + (retired ? -1 : 1);
    if (active < MIN_ATTRIBUTES)
      throw invalid(`A scorecard keeps at least ${MIN_ATTRIBUTES} attributes: add one before retiring this.`);
    if (active > MAX_ATTRIBUTES)
      throw invalid(`A scorecard has at most ${MAX_ATTRIBUTES} attributes: retire one before restoring this.`);
    // A restored attribute comes back last among the active ones.
    await em().execute(
      `update job_scorecard_attributes set retired_at = ?, position = case when ? then position else ? end, updated_at = ? where id = ?`,
      [retired ? now() : null, retired, stored.length, now(), target.id],
    );
  });
}

export type { AttributeInput };
