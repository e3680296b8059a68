// Search over the board's active jobs in PostgreSQL: the person's words (quotes, -word, "or",
// synonyms: search-words.ts) as a tsquery no input can break, matched in titles, skills and company
// names, ranked with the title first and a little weight for recency, or sorted newest first or by
// salary; a location's own jobs before remote ones (places.ts); a count; keyset pagination (no
// OFFSET). Ranking reads the newest jobs first, so that a common word costs about the same on 1M
// jobs as on 10k (decision 014; a common word ranks its newest matches only, decision 063); each
// part of the list is one statement (board-part.ts). Misspelt words fall back to trigram
// similarity (decision 053).
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { ShortCache } from "../../lib/short-cache.ts";
import {
  bind,
  filterConditions,
  readFilters,
  tiersFor,
  wordsSql,
  type BoardQuery,
  type Filters,
  type Sort,
} from "./board-filters.ts";
import { fuzzyWords, wordsQuery } from "./search-words.ts";
import {
  activeJobs,
  filterNarrowness,
  narrowness,
  olderFilterNarrowness,
  postingEntries,
  publishTimes,
  type Narrowness,
} from "./filter-selectivity.ts";
import { decodeCursor, encodeCursor } from "./board-cursor.ts";
import {
  COUNT_UP_TO,
  NEWEST_RANKED_FIRST,
  RANKED_AT_MOST,
  searchPart,
  type Count,
  type Part,
  type Row,
} from "./board-part.ts";
import { BOARD_JOB_COLUMNS, toJob, type BoardJob } from "./board-job.ts";

export type { BoardQuery } from "./board-filters.ts";
export { bind, escapeLike, readFilters } from "./board-filters.ts";
export { COUNT_UP_TO, NEWEST_RANKED_FIRST, RANKED_AT_MOST } from "./board-part.ts";

/** A row with a job: every row but the one that only says what the words were. */
type JobRow = Row & { id: string };

export interface BoardPage {
  jobs: BoardJob[];
  nextCursor: string | null;
  /** How many jobs match in all (counted up to COUNT_UP_TO; `totalCapped` says there are more). */
  total: number;
  totalCapped: boolean;
  /** The order the page is in (relevance with words, newest without, or salary when asked). */
  sort: Sort;
  /** The exact words found few jobs: jobs with words spelt like them follow. */
  fuzzy: boolean;
}

/** A job's title and skills as one text: the expression of the trigram index (migration 20261125130000). */
const MATCH_TEXT = `(coalesce(j.title, '') || ' ' || j.skills::text)`;
/** Fewer exact matches than this, and jobs with words spelt like the query's follow them. */
const FEW = 3;

/**
 * Where the newest jobs end, kept a minute: it moves only as jobs are posted and closed. A small
 * board's (none) isn't kept, so the split starts as soon as the board grows past it.
 */
const newestKept = new ShortCache<string | null>({ ttlMs: 60_000, maxEntries: 1, maxBytes: 1 });

/** The publish time of the last of the newest jobs, or null when the board has no more than that. */
function newestBound(): Promise<string | null> {
  return newestKept.getOrCompute(
    "bound",
    async () => {
      const [row] = await em().execute<{ bound: string }[]>(
        "select published_at::text as bound from jobs where status = 'active' order by published_at desc, id desc offset ? limit 1",
        [NEWEST_RANKED_FIRST - 1],
      );
      return row?.bound ?? null;
    },
    (bound) => bound !== null,
  );
}

/**
 * What each search's words turned out to be, by their tsquery: the statement says it on every
 * answer. Known to match, a first page counts its matches in the scan that ranks them (decision 060).
 */
const kindsSeen = new Map<string, Row["kind"]>();
/**
 * Which searches (filters and tier) found many more matches among the newest jobs than are ranked
 * (DENSE_FOR_PUBLISH_ORDER): their next search reads the newest jobs in publish order until it has
 * enough, instead of finding every match through the GIN index first. A search that has become
 * rare reads at most the newest 10,000 jobs once, and is remembered as rare again.
 */
const commonSeen = new Map<string, boolean>();
/** The lexemes of each search's words, by their tsquery, and whether any of them may match ("or"): how much of the GIN index the words read. */
const lexemesSeen = new Map<string, { lexemes: string[]; anyOf: boolean }>();
const SEARCHES_KEPT = 2_000;
/**
 * Read in publish order, the ranked matches cost about 1.1 µs a row read; through the index,
 * about 4 µs a newest match (each is read and checked) besides the range. A search reads in
 * publish order when at least this many of the newest 10,000 jobs match: at 100k jobs "senior
 * engineer" (1,020 of them) took 9,800 rows in publish order (11.6 ms) where the index took 4 ms,
 * and "software engineer" full-time (2,906) the other way round.
 */
const DENSE_FOR_PUBLISH_ORDER = Math.round(1.5 * RANKED_AT_MOST);
const remember = <T>(seen: Map<string, T>, key: string, value: T) => {
  if (seen.size >= SEARCHES_KEPT && !seen.has(key)) seen.clear();
  seen.set(key, value);
};
const wordsKey = (filters: Filters) => {
  const { words, values } = wordsSql(filters);
  return `${words}\u0000${JSON.stringify(values)}`;
};

/** What the words are (they match, only exclude, or parse to nothing), asked of PostgreSQL's parser. */
async function kindOf(filters: Filters): Promise<Row["kind"]> {
  const { kind, words, values } = wordsSql(filters);
  const [sql, params] = bind(`select ${kind} as kind, ${words}::text as words`, values);
  const [row] = await em().execute<{ kind: Row["kind"]; words: string }[]>(sql, params);
  remember(lexemesSeen, wordsKey(filters), { lexemes: lexemesOf(row!.words), anyOf: row!.words.includes("|") });
  return row!.kind;
}

/** The lexemes of a tsquery's text ('python' & !'java' <-> 'it''s'). */
const lexemesOf = (tsquery: string) =>
  [...tsquery.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));

/** Splits the list into the newest jobs and the older ones (decision 014): words that match, or the salary sort. */
const splits = (filters: Filters, kind: Row["kind"]) => kind === "match" || filters.sort === "salary";

/**
 * Jobs whose title or skills hold words spelt like the query's (pg_trgm's word similarity, over the
 * trigram index on title and skills), for a query whose exact words found few: "javascrpt" finds
 * JavaScript. Among the newest jobs only, like the ranking, and for the first page only.
 */
async function spelledLike(
  filters: Filters,
  newest: string | null,
  narrow: Narrowness,
  asOf: string,
  except: string[],
  limit: number,
): Promise<JobRow[]> {
  const fuzzy = fuzzyWords(filters.words);
  if (!fuzzy.length || limit < 1) return [];
  const all = filterConditions(filters, "all", narrow);
  const since = filters.days ? new Date(Date.parse(asOf) - filters.days * 86_400_000).toISOString() : null;
  // The words' exclusions still hold ("enginer -java").
  const excluded = wordsQuery(filters.words.filter((g) => g.negated));
  const where = [
    `j.status = 'active'`,
    ...fuzzy.map((_, i) => `:f${i} <% ${MATCH_TEXT}`),
    ...(excluded.sql === "''::tsquery" ? [] : [`not (j.search_vector @@ !!${excluded.sql})`]),
    ...(newest ? [`j.published_at >= :newest::timestamptz`] : []),
    ...(since ? [`j.published_at >= :since::timestamptz`] : []),
    ...(except.length ? [`j.id <> all(:except::uuid[])`] : []),
    ...all.where,
  ];
  // Local jobs before remote ones, as in the exact list.
  const tier = tiersFor(filters).length > 1 ? `(j.location_type = 'remote')::int` : "0";
  // Ordered on the narrow columns first (the trigram index meets the newest jobs and the words);
  // the page's jobs are read whole afterwards, by id.
  const similarity = fuzzy.map((_, i) => `word_similarity(:f${i}, ${MATCH_TEXT})`).join(" + ");
  const [sql, params] = bind(
    `select 'match' as kind, null::int as total, 0::float8 as score, j.published_at::text as published_text,
            ${BOARD_JOB_COLUMNS}
       from (select j.id, ${tier} as tier, ${similarity} as similarity, j.published_at
               from jobs j
              where ${where.join(" and ")}
              order by tier, similarity desc, j.published_at desc, j.id desc
              limit :limit) f
       join jobs j on j.id = f.id
      order by f.tier, f.similarity desc, f.published_at desc, f.id desc`,
    {
      ...Object.fromEntries(fuzzy.map((w, i) => [`f${i}`, w])),
      ...excluded.values,
      ...all.values,
      newest,
      since,
      except: `{${except.join(",")}}`,
      limit,
    },
  );
  return em().execute<JobRow[]>(sql, params);
}

/** One page of the board's active jobs for the query. Unknown filter values are ignored. */
export async function searchBoard(query: BoardQuery): Promise<BoardPage> {
  const filters = readFilters(query);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), 50);
  const tiers = tiersFor(filters);
  const cursor = decodeCursor(query.cursor, COUNT_UP_TO);
  const start = cursor && cursor.tier < tiers.length ? cursor : null;
  const asOf = start?.asOf ?? now().toISOString();
  const mayMatch = filters.words.length > 0 || filters.sort === "salary";
  const boardNewest = () => (mayMatch ? newestBound() : Promise.resolve(null));
  // Where the current part's newest jobs end: the board's bound, or where a common word's ranked
  // matches ended (the cursor carries it).
  let newest = start ? start.newest : await boardNewest();
  // A first page's count of older matches weighs its reads by the statistics (decision 066).
  const firstCount = !start && mayMatch && newest !== null;
  // Which filters the GIN index is given (decision 062), and the shares the count weighs; read only
  // when a search has such a filter or counts.
  const hasFilter =
    filters.employmentType ||
    filters.category ||
    filters.locationType ||
    filters.minSalary !== null ||
    tiers.includes("remote");
  const [narrow, olderNarrow] =
    hasFilter || firstCount
      ? await Promise.all([filterNarrowness(), olderFilterNarrowness()])
      : [narrowness(null), narrowness(null)];
  // How many older jobs the count may find its words' matches among, and where a range of them may start.
  const olderJobs = firstCount ? Math.max(0, (await activeJobs()) - NEWEST_RANKED_FIRST) : 0;
  const times = firstCount ? await publishTimes() : null;

  // From the cursor's part on, part after part (the place's jobs, newest then older; then the remote
  // ones), while the page has room.
  let tier = start?.tier ?? 0;
  let older = start?.older ?? false;
  let after = start;
  let kind: Row["kind"] = "none";
  let total = start?.total ?? 0;
  let capped = start?.capped ?? false;
  const rows: { row: JobRow; tier: number; older: boolean; newest: string | null }[] = [];
  const key = wordsKey(filters);
  // The newest part's statement counted its own matches only and left the older ones to the next.
  let countingOlder = false;
  for (let statements = 0; statements < 4; statements++) {
    // A newest part's first statement, ranking words: only the newest matches are ranked.
    const mayCut = !older && !after && newest !== null && filters.sort === "relevance" && filters.words.length > 0;
    if (mayCut && !kindsSeen.has(key)) remember(kindsSeen, key, await kindOf(filters));
    const cutKey = `${tier}\u0000${JSON.stringify(filters)}`;
    const cut: Part["cut"] =
      mayCut && kindsSeen.get(key) === "match" ? (commonSeen.get(cutKey) ? "publish order" : "index") : "no";
    const count: Count = countingOlder
      ? "in scan"
      : start || statements > 0
        ? "none"
        : kindsSeen.get(key) === "match" && tiers.length === 1
          ? "in scan"
          : "apart";
    // What the GIN index would read across the board for the count's older matches, by the words' lexemes.
    const postings =
      firstCount && count === "in scan" && !older
        ? await postingEntries(lexemesSeen.get(key) ?? { lexemes: [], anyOf: false }, filters.place.key)
        : 0;
    const found = await searchPart(
      filters,
      { tier: tiers[tier]!, older, newest, narrow, olderNarrow, cut, olderJobs, postings, publishTimes: times },
      after,
      asOf,
      limit + 1 - rows.length,
      count,
    );
    kind = found[0]!.kind;
    remember(kindsSeen, key, kind);
    if (cut !== "no") {
      const cutSize = found[0]!.cut_size ?? 0;
      // Through the index, the count of every newest match says how many rows the publish-order
      // read would take to find the ranked ones.
      remember(
        commonSeen,
        cutKey,
        cutSize >= RANKED_AT_MOST &&
          (cut === "publish order" || (found[0]!.newest_matches ?? 0) >= DENSE_FOR_PUBLISH_ORDER),
      );
      if (cutSize >= RANKED_AT_MOST) newest = found[0]!.cut_edge;
    }
    if (count !== "none") {
      const counted = (countingOlder ? total : 0) + (found[0]!.total ?? 0);
      total = Math.min(counted, COUNT_UP_TO);
      capped = counted > COUNT_UP_TO;
    }
    countingOlder = false;
    rows.push(...found.filter((r): r is JobRow => r.id !== null).map((row) => ({ row, tier, older, newest })));
    after = null;
    if (rows.length > limit) break;
    if (!older && newest && splits(filters, kind)) [older, countingOlder] = [true, count === "in scan"];
    else if (tier + 1 < tiers.length) [tier, older, newest] = [tier + 1, false, await boardNewest()];
    else break;
  }

  const page = rows.slice(0, limit);
  const end = page.at(-1);
  let jobs = page.map(({ row }) => toJob(row));
  let fuzzy = false;
  if (!start && kind === "match" && total < FEW) {
    const like = await spelledLike(
      filters,
      await boardNewest(),
      narrow,
      asOf,
      jobs.map((j) => j.id),
      limit - jobs.length,
    );
    fuzzy = like.length > 0;
    jobs = [...jobs, ...like.map(toJob)];
    total += like.length;
  }
  return {
    jobs,
    nextCursor:
      rows.length > limit && end
        ? encodeCursor({
            tier: end.tier,
            older: end.older,
            newest: end.newest,
            score: Number(end.row.score),
            published: end.row.published_text,
            id: end.row.id,
            asOf,
            total,
            capped,
          })
        : null,
    total,
    totalCapped: capped,
    sort: filters.sort,
    fuzzy,
  };
}
