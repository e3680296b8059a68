// Who wants to know that what the board shows changed: a job published, edited, closed, reopened,
// archived, imported, or its company's logo. The app registers a listener that clears the web
// process's short caches of result pages (app/page-cache.server.ts); hiring never imports the app.
// Listeners run after the change commits, in this process only: other processes learn nothing
// and their caches go stale for at most their time to live (docs/decisions/055-fast-list-pages.md).
import { afterCommit } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";

type BoardListener = () => void;

const listeners = new Set<BoardListener>();

/** Calls `listener` after every committed change to what the board shows; returns the unsubscribe. */
export function onBoardChange(listener: BoardListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The board changed (or will, once the open transaction commits). */
export function boardChanged(): void {
  afterCommit(() => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, "board change listener failed");
      }
    }
  });
}
