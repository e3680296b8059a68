// Saved jobs: a candidate's list of jobs to come back to. Saving is idempotent (saving twice is one
// row) and so is unsaving; a provider listing is imported as a job first (decision 045), as Apply
// Now does, so the saved list shows it like any job, closed when it closes.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { activeJob, isUuid, jobCards, type JobCard } from "../hiring/index.server.ts";
import { importProviderListing, importedJobIds } from "../search/index.server.ts";
import { SavedJob } from "./entities.ts";
import { jobNotFound, SavedError } from "./errors.ts";

/** How many jobs one candidate may keep saved. */
export const MAX_SAVED_JOBS = 500;

export interface SavedJobView {
  job: JobCard;
  savedAt: string;
  open: boolean;
}

/** What a Save button names: a job on the board ("board:{id}" or its id) or a provider listing ("{provider}:{id}"). */
export type SaveTarget = string;

/** The job id a target names, importing a provider listing; null when the listing is gone. */
async function jobIdFor(target: SaveTarget): Promise<string | null> {
  const id = target.startsWith("board:") ? target.slice("board:".length) : target;
  if (isUuid(id)) return (await activeJob(id)) ? id : null;
  return importProviderListing(target.slice(0, 300)).catch(() => null);
}

/** Saves the job (an active one) for the candidate; saving again changes nothing. Returns the job's id. */
export async function saveJob(candidateId: string, target: SaveTarget): Promise<string> {
  const jobId = await jobIdFor(target);
  if (!jobId) throw jobNotFound();
  // One statement: the cap is checked as the row goes in (a race can pass it by one, never by many).
  const inserted = await em().execute<{ job_id: string }[]>(
    `insert into saved_jobs (candidate_id, job_id, saved_at)
     select ?, ?, ? where (select count(*) from saved_jobs where candidate_id = ?) < ?
     on conflict (candidate_id, job_id) do nothing
     returning job_id`,
    [candidateId, jobId, now(), candidateId, MAX_SAVED_JOBS],
  );
  if (!inserted.length && !(await em().count(SavedJob, { candidateId, jobId }))) {
    throw new SavedError(
      "plan-limit",
      `You can keep up to ${MAX_SAVED_JOBS} saved jobs. Remove some you no longer need to save more.`,
    );
  }
  return jobId;
}

/** Removes the job from the candidate's saved jobs; unsaving one that isn't saved changes nothing. */
export async function unsaveJob(candidateId: string, target: SaveTarget): Promise<void> {
  const id = target.startsWith("board:") ? target.slice("board:".length) : target;
  const jobId = isUuid(id) ? id : (await importedJobIds([target])).get(target);
  if (!jobId) return;
  await em().nativeDelete(SavedJob, { candidateId, jobId });
}

/** The candidate's saved jobs, newest first, with whether each is still open (two queries). */
export async function listSavedJobs(candidateId: string): Promise<SavedJobView[]> {
  const rows = await em().find(SavedJob, { candidateId }, { orderBy: { savedAt: "desc", jobId: "asc" } });
  const cards = await jobCards(rows.map((r) => r.jobId));
  return rows.flatMap((r) => {
    const job = cards.get(r.jobId);
    return job ? [{ job, savedAt: new Date(r.savedAt).toISOString(), open: job.status === "active" }] : [];
  });
}

/** Which of these jobs the candidate saved (one query). */
export async function savedAmong(candidateId: string, jobIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(jobIds)].filter(isUuid);
  if (!ids.length) return new Set();
  // A plain query: search pages ask this on every view (decision 059), and entities cost more than the read.
  const rows = await em().execute<{ job_id: string }[]>(
    "select job_id from saved_jobs where candidate_id = ? and job_id = any(?::uuid[])",
    [candidateId, `{${ids.join(",")}}`],
  );
  return new Set(rows.map((r) => r.job_id));
}
