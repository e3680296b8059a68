// Where hiring learns how many applications its jobs have. Applications live in their own module,
// which depends on hiring (an application names a job); so hiring does not import it. Instead the
// applications module registers its counter here when it loads. Until one is registered no
// application can exist, and every count is truly zero.
export interface ApplicationCounter {
  /** Total and shortlisted applications per job id (jobs without any may be left out). */
  forJobs(jobIds: string[]): Promise<Map<string, { total: number; shortlisted: number }>>;
  /** Whether anyone has applied to the job (its questions are then fixed). */
  hasApplications(jobId: string): Promise<boolean>;
}

const none: ApplicationCounter = {
  forJobs: async () => new Map(),
  hasApplications: async () => false,
};

let registered: ApplicationCounter = none;

export const applicationCounts: ApplicationCounter = {
  forJobs: (jobIds) => (jobIds.length ? registered.forJobs(jobIds) : Promise.resolve(new Map())),
  hasApplications: (jobId) => registered.hasApplications(jobId),
};

/** Called once by the applications module. */
export function registerApplicationCounter(counter: ApplicationCounter): void {
  registered = counter;
}
