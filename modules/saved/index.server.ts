// The saved module's public interface: saved jobs, job alerts (saved searches emailed as digests)
// and their queues (decision 045).
import { registerAccountData } from "../identity/index.server.ts";
import { savedAccountData } from "./account-data.ts";

export { savedEntities, FREQUENCIES, type Frequency } from "./entities.ts";
export { SavedError, type SavedErrorCode } from "./errors.ts";
export { saveJob, unsaveJob, listSavedJobs, savedAmong, MAX_SAVED_JOBS, type SavedJobView } from "./saved-jobs.ts";
export {
  listAlerts,
  createAlert,
  updateAlert,
  setAlertPaused,
  deleteAlert,
  setAlertTimeZone,
  alertTimeZoneOf,
  unsubscribeAlert,
  alertForLink,
  checkAlert,
  searchKey,
  MAX_ALERTS,
  type AlertInput,
  type AlertView,
} from "./alerts.ts";
export {
  savedQueues,
  RUN_ALERTS_QUEUE,
  UNSUBSCRIBE_PURPOSE,
  unsubscribeUrl,
  describeSearch,
  searchPath,
} from "./queues.ts";
export { rememberSearch, lastSearchOf, searchFieldsOf, isPlainVisit, SEARCH_FIELDS } from "./last-search.ts";
export { runAlerts, SEND_DIGESTS_QUEUE, type RunSummary } from "./run.ts";
export { alertTimeZones, nextSlot, SEND_HOUR } from "./send-times.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireSaved(): void {
  registerAccountData(savedAccountData);
}
