// Who wants to know that what the board shows changed: a job published, edited, closed, reopened,
// archived, imported, or its company's logo. The app registers a listener that clears the web
// process's short caches of result pages (app/edge-cache.server.ts); hiring never imports the app.
// Listeners run after the change commits: in this process at once, and in every web process that
// listens for BOARD_CHANNEL (a PostgreSQL NOTIFY sent in the change's transaction, so also for
// changes made by a worker or the CLI) moments later (docs/decisions/055-fast-list-pages.md).
import { afterCommit, em } from "../../lib/db.ts";
import { NOTIFY_SQL } from "../../lib/http/edge-cache/index.ts";
import { logger } from "../../lib/logger.ts";

export const BOARD_CHANNEL = "hirewise_board_changed";

type BoardListener = () => void;

const listeners = new Set<BoardListener>();

/** Calls `listener` after every committed change to what the board shows; returns the unsubscribe. */
export function onBoardChange(listener: BoardListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners; also what BOARD_CHANNEL's notifications call (wireHiring). */
export function tellBoardListeners(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      logger.error({ err: error }, "board change listener failed");
    }
  }
}

/** The board changed (or will, once the open transaction commits): tells this process and the others. */
export async function boardChanged(): Promise<void> {
  await em().execute(NOTIFY_SQL, [BOARD_CHANNEL]);
  afterCommit(tellBoardListeners);
}
