// Search's browser-safe entry: the search form's vocabulary. Nothing here reaches the database; the
// server's functions are in index.server.ts, which the build refuses in browser code.
export { DATE_POSTED, type DatePosted } from "./provider.ts";
