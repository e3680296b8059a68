// Where hiring learns how many applications its jobs have. Applications live in their own module,
// which depends on hiring (an application names a job); so hiring does not import it. Instead the
// applications module registers its counter here at boot (wireApplications, called by wiring.ts).
// Until one is registered no application can exist, and every count is truly zero.
import type { Member } from "./team.ts";

export interface ApplicationCounts {
  /** All the jobs the member sees together. */
  total: number;
  shortlisted: number;
  /** Per job, for the ids asked about (jobs without any may be left out); unopened: still Submitted. */
  perJob: Map<string, { total: number; shortlisted: number; unopened: number }>;
}

export interface ApplicationCounter {
  /** The totals over the jobs the member sees, and the counts of the jobs on the page (one query). */
  forMember(member: Member, jobIds: string[]): Promise<ApplicationCounts>;
  /** Whether anyone has applied to the job (its questions are then fixed). */
  hasApplications(jobId: string): Promise<boolean>;
}

const none: ApplicationCounter = {
  forMember: async () => ({ total: 0, shortlisted: 0, perJob: new Map() }),
  hasApplications: async () => false,
};

let registered: ApplicationCounter = none;

export const applicationCounts: ApplicationCounter = {
  forMember: (member, jobIds) => registered.forMember(member, jobIds),
  hasApplications: (jobId) => registered.hasApplications(jobId),
};

/** Called once by the applications module. */
export function registerApplicationCounter(counter: ApplicationCounter): void {
  registered = counter;
}
