// Who must hear that a board job's public page (/jobs/{id}) changed: published, edited, reopened or
// given a new closing date (it shows), or closed, archived, expired or closed with its company's
// plan or last member (it is gone). The feeds module registers here (Google's Indexing API); hiring
// does not import it. Listeners run inside the change's transaction, so what they queue commits or
// rolls back with the change. Listings imported from a provider are never told: their pages are
// the provider's to announce.
export interface JobPageChange {
  jobId: string;
  /** The page shows the job (true), or answers as a closed job (false). */
  shown: boolean;
}

type Listener = (change: JobPageChange) => Promise<void>;

const listeners: Listener[] = [];

/** Called once by a module that must hear of board jobs' pages changing (wireFeeds). */
export function onJobPageChange(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function tellJobPageChange(change: JobPageChange): Promise<void> {
  for (const listener of listeners) await listener(change);
}
