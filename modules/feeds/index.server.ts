// feeds: what other sites are told of the board's jobs. The Indeed XML feed of every open board job
// (indeed.ts) and Google's Indexing API notifications when a job's page appears, changes or goes,
// within the day's quota (indexing.ts, indexing-client.ts). Decision 079.
import { onJobPageChange } from "../hiring/index.server.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { indexingQueue, requestIndexing } from "./indexing.ts";

export {
  cdata,
  indeedFeed,
  indeedFeedVersion,
  jobElement,
  plainText,
  FEED_PAGE,
  type FeedOptions,
  type FeedVersion,
} from "./indeed.ts";
export {
  INDEXING_QUEUE,
  indexingSettings,
  jobPageUrl,
  quotaDay,
  quotaUsed,
  requestIndexing,
  sendIndexingNotifications,
  setIndexingSettings,
  type IndexingRun,
} from "./indexing.ts";
export {
  BATCH_MAX,
  INDEXING_SCOPE,
  IndexingHttpError,
  accessToken,
  forgetIndexingToken,
  publishBatch,
  readBatchAnswer,
  type Notification,
  type NotificationResult,
  type NotificationType,
} from "./indexing-client.ts";

export const feedsQueues: QueueDefinition[] = [indexingQueue as QueueDefinition];

/** Plugs this module into hiring's job page changes; wiring.ts calls it once per process. */
export function wireFeeds(): void {
  onJobPageChange(requestIndexing);
}
