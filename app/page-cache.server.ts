// The web process's short caches (docs/decisions/055-fast-list-pages.md), both emptied whenever the
// board changes in this process (hiring's onBoardChange: a job published, edited, closed,
// reopened, archived or imported). Other processes keep theirs until they expire: CACHE_SECONDS
// bounds how stale a page can be there.
// - `pages`: whole signed-out answers of /jobs, /jobs?…, /jobs/{id} and the sitemaps, served by
//   the edge (lib/http/page-cache.ts) before Remix runs.
// - `results`: the search's result list (board and provider) for a search, shared by every
//   viewer; signed-in pages add only their personal parts (Saved, Applied) per request.
import { onBoardChange } from "#modules/hiring/index.server.ts";
import type { JobSearchPage } from "#modules/search/index.server.ts";
import {
  publicPageCache as publicPageMiddleware,
  type CachedPage,
  type PublicPageOptions,
} from "#lib/http/page-cache.ts";
import { ShortCache } from "#lib/short-cache.ts";
import { CLOCK_MARGIN_MS, readsHold } from "#lib/read-replica.ts";

export const CACHE_SECONDS = 10;

const pages = new ShortCache<CachedPage>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 500, maxBytes: 24 << 20 });
const results = new ShortCache<JobSearchPage>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 300, maxBytes: 300 });

/** /jobs, /jobs/{id}, /sitemap.xml and /sitemaps/…: the pages every signed-out visitor sees alike. */
export const SHARED_PATHS = /^\/(jobs\/?|jobs\/[0-9a-f-]{36}|sitemap\.xml|sitemaps\/[\w-]+(\/\d+)?)$/i;

let changedAt = 0;
onBoardChange(() => {
  changedAt = Date.now();
  pages.clear();
  results.clear();
});

/**
 * Whether what is read now may be kept: with a read replica (decision 054), only when it holds
 * every commit up to the last board change here and up to a second ago (its monitor's resolution),
 * so a lagging replica's answer is shown to the one asking but never kept for everyone.
 */
export const mayKeep = () => readsHold(Math.max(changedAt + CLOCK_MARGIN_MS, Date.now() - CLOCK_MARGIN_MS));

/** The edge's middleware over this build's page cache (server.ts installs it; decision 004: one copy). */
export function publicPageCache(render: PublicPageOptions["render"]) {
  return publicPageMiddleware({ cache: pages, paths: SHARED_PATHS, render, mayKeep });
}

/** A browser that wrote in the last seconds (decision 054) must see its write: no shared copy. */
export const wroteRecently = (request: Request) => /(?:^|;\s*)__last_write=/.test(request.headers.get("cookie") ?? "");

/** The search's results from the cache when this viewer may share them, else computed afresh. */
export function cachedResults(
  request: Request,
  key: string,
  search: () => Promise<JobSearchPage>,
): Promise<JobSearchPage> {
  if (wroteRecently(request)) return search();
  const keep = mayKeep();
  return results.getOrCompute(key, search, () => keep);
}
