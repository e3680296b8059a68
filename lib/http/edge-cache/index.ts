// The edge cache's entry (README.md beside this file): the speed machinery of the board's pages.
// Code outside this folder imports it from here only.
export {
  publicPageCache,
  sharedPageRequest,
  PUBLIC_CACHE_CONTROL,
  SHARED_PAGE_NONCE,
  type CachedPage,
  type PublicPageOptions,
} from "./page-cache.ts";
export { sharedRender, type SharedCopy, type SharedRenderOptions } from "./shared-render.ts";
export { compilePage, fillPage, escapeMarkup, scriptJson, type CompiledPage, type ValueSlot } from "./filled-page.ts";
export {
  CLOCK_MARGIN_MS,
  readFromReplica,
  readsHold,
  replicaReadiness,
  startReplicaMonitor,
  type ReplicaReadiness,
} from "./read-replica.ts";
export { LAST_WRITE_COOKIE, readYourWrites } from "./read-your-writes.ts";
export { NOTIFY_SQL, onNotification, startNotificationListener } from "./notifications.ts";
