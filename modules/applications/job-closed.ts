// A member closed or archived a job (hiring's onJobStatusChange, wired in index.server.ts): the
// applicants still undecided are marked as told, which My Applications shows, and each gets one
// email. Runs in the status change's transaction with the job locked, so a second close or an
// archive after the close finds them already told. Reopening clears the mark: the job takes
// applications again, and closing it anew tells anew.
import { now } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { isUuid, type JobStatusChange } from "../hiring/index.server.ts";
import { APPLICATION_STATUSES } from "./entities.ts";
import { isOpen } from "./pipeline.ts";
import { JOB_CLOSED_EMAIL_QUEUE } from "./queues.ts";

const UNDECIDED = `{${APPLICATION_STATUSES.filter(isOpen).join(",")}}`;

/** How many of the job's applicants are still waiting for a decision and haven't been told it closed. */
export async function undecidedToTell(jobId: string): Promise<number> {
  if (!isUuid(jobId)) return 0;
  const [row] = await em().execute<{ n: string }[]>(
    `select count(*) as n from applications
      where job_id = ? and candidate_id is not null and job_closed_at is null and status = any(?::text[])`,
    [jobId, UNDECIDED],
  );
  return Number(row?.n ?? 0);
}

export async function tellUndecidedApplicants(change: JobStatusChange): Promise<void> {
  const manager = em();
  if (change.status === "active") {
    // Plain SQL, here and below: the mark is no status change, so "Status last updated" stays.
    await manager.execute(`update applications set job_closed_at = null where job_id = ?`, [change.jobId]);
    return;
  }
  if (!change.tellApplicants || (change.status !== "closed" && change.status !== "archived")) return;
  const told = await manager.execute<{ id: string; job_closed_at: Date }[]>(
    `update applications set job_closed_at = ?
      where job_id = ? and candidate_id is not null and job_closed_at is null and status = any(?::text[])
      returning id, job_closed_at`,
    [now(), change.jobId, UNDECIDED],
  );
  for (const { id, job_closed_at } of told) {
    await enqueue(JOB_CLOSED_EMAIL_QUEUE, { applicationId: id, closedAt: new Date(job_closed_at).toISOString() });
  }
}
