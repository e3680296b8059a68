// Search's browser-safe entry: the search form's vocabulary. Nothing here reaches the database; the
// server's functions are in index.server.ts, which the build refuses in browser code.
export { DATE_POSTED, type DatePosted } from "./provider.ts";
export { SORTS, SORT_LABELS, type Sort } from "./vocabulary.ts";
// The date the search's salary conversions are quoted at (the search form says so).
export { RATES_DATE } from "./currency.ts";
