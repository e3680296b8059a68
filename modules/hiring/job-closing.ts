// Where hiring tells others that a member closed, archived or reopened a job. Applications depend
// on hiring, so hiring does not import them: the applications module registers here at boot
// (wireApplications, called by wiring.ts) and tells the job's undecided applicants. Listeners run
// inside the status change's transaction, with the job's row locked, so what they queue commits
// with the move and two members closing at once tell nobody twice.
import type { JobStatus } from "./vocabulary.ts";

export interface JobStatusChange {
  jobId: string;
  status: JobStatus;
  /** The member chose to tell the applicants still waiting (the close form's checkbox). */
  tellApplicants: boolean;
}

type Listener = (change: JobStatusChange) => Promise<void>;

const listeners: Listener[] = [];

/** Called once by a module that must hear of a member's job status changes. */
export function onJobStatusChange(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function tellJobStatusChange(change: JobStatusChange): Promise<void> {
  for (const listener of listeners) await listener(change);
}
