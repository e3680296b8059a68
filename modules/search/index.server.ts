// The search module's public interface: "find jobs". One search over the board and the job-search
// provider, the board's own search and its parts (words, places, salaries in dollars), a listing's
// details, importing a listing as a job, salary insight, the public pages' reads, and the provider cache.
export { searchEntities } from "./entities.ts";
export {
  searchJobs,
  findListing,
  importProviderListing,
  BOARD_DONE,
  type JobSearchQuery,
  type JobSearchPage,
  type SearchResult,
} from "./combined.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { providerCacheCleanupQueue } from "./cache.ts";
import { salaryFiguresQueue } from "./salary-insight.ts";
export { purgeProviderCache } from "./cache.ts";
export const searchQueues: QueueDefinition[] = [providerCacheCleanupQueue, salaryFiguresQueue as QueueDefinition];
export { createJsearchProvider, type JsearchOptions } from "./jsearch.ts";
export { createSampleProvider, SAMPLE_PROVIDER_NAME } from "./sample.ts";
export { searchProvider } from "./select.ts";
export {
  ProviderError,
  DATE_POSTED,
  type JobProvider,
  type ProviderListing,
  type SalaryEstimate,
  type SearchParams,
  type DatePosted,
} from "./provider.ts";
export { salaryEstimate, type SalaryEstimateView } from "./salary.ts";
export { providerListingsForAlert, alertProviderConfigured, type AlertSearch, type AlertListing } from "./alerts.ts";
export { searchBoard, COUNT_UP_TO, type BoardQuery, type BoardPage } from "./board.ts";
export { type BoardJob } from "./board-job.ts";
export { newBoardJobs, importedJobIds } from "./board-new.ts";
export { SORTS, SORT_LABELS, type Sort } from "./vocabulary.ts";
export { SearchQuerySchema, parseSearchQuery, MAX_PREVIOUS_PAGES, type SearchQuery } from "./search-query.ts";
export { readPlace, placeMatches, normalisePlace, type PlaceQuery } from "../../lib/places.ts";
export { readWords, SYNONYMS, type WordGroup } from "./search-words.ts";
export { USD_PER_UNIT, RATES_DATE, SALARY_USD_SQL, toUsd, isCurrency } from "./currency.ts";
export {
  boardSalaryInsight,
  refreshSalaryFigures,
  regionOf,
  MIN_SALARY_SAMPLE,
  SALARY_FIGURES_QUEUE,
  type SalaryInsight,
} from "./salary-insight.ts";
export { activeJobIds, countActiveJobsOnBoard, boardFigures } from "./public-reads.ts";
