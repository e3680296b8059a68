// The search module's public interface: one search over the board and the job-search provider,
// a listing's details, importing a listing as a job, salary insight, and the provider cache.
export { searchEntities } from "./entities.ts";
export {
  searchJobs,
  findListing,
  importProviderListing,
  BOARD_DONE,
  SEARCH_DATE_POSTED,
  type JobSearchQuery,
  type JobSearchPage,
  type SearchResult,
} from "./combined.ts";
import { providerCacheCleanupQueue } from "./cache.ts";
export { purgeProviderCache } from "./cache.ts";
export const searchQueues = [providerCacheCleanupQueue];
export { createJsearchProvider, type JsearchOptions } from "./jsearch.ts";
export { createSampleProvider, SAMPLE_PROVIDER_NAME } from "./sample.ts";
export { searchProvider } from "./select.ts";
export {
  ProviderError,
  type JobProvider,
  type ProviderListing,
  type SalaryEstimate,
  type SearchParams,
  type DatePosted,
} from "./provider.ts";
export { salaryEstimate, type SalaryEstimateView } from "./salary.ts";
export { providerListingsForAlert, alertProviderConfigured, type AlertSearch, type AlertListing } from "./alerts.ts";
