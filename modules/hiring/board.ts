// Search over the board's active jobs in PostgreSQL: the person's words (quotes, -word, "or",
// synonyms: search-words.ts) as a tsquery no input can break, matched in titles, skills and company
// names, ranked with the title first and a little weight for recency, or sorted newest first or by
// salary; a location's own jobs before remote ones (places.ts); a count; keyset pagination (no
// OFFSET). Ranking reads the newest jobs first, so that a common word costs about the same on 1M
// jobs as on 10k (decision 014). Misspelt words fall back to trigram similarity (decision 053).
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { ShortCache } from "../../lib/short-cache.ts";
import { bind, filterConditions, readFilters, tiersFor, wordsSql, type BoardQuery, type Filters, type Sort, type Tier } from "./board-filters.ts";
import { fuzzyWords, wordsQuery } from "./search-words.ts";
import { SALARY_USD_SQL } from "./currency.ts";
import { filterNarrowness, narrowness, type Narrowness } from "./filter-selectivity.ts";
import { decodeCursor, encodeCursor, type Cursor } from "./board-cursor.ts";

export type { BoardQuery } from "./board-filters.ts";
export { bind, escapeLike, readFilters } from "./board-filters.ts";

export interface BoardJob {
  id: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  locationType: string | null;
  employmentType: string | null;
  category: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  descriptionPreview: string;
  skills: string[];
  benefits: string[];
  publishedAt: string | null;
}

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

/**
 * Ranking reads the newest jobs first: matches among the newest 10,000 active jobs are ranked
 * (and listed) first, then the older matches. A common word ("engineer" is in more than half of
 * all jobs) then ranks a few thousand rows, not half the board; a rare word runs out of matches
 * among the newest and reads the rest, which is cheap because it is rare. A board of up to
 * 10,000 jobs ranks every match at once.
 */
export const NEWEST_RANKED_FIRST = 10_000;
/**
 * The count stops here ("1,000+ jobs"): every job counted is read from the table, and counting
 * 10,000 cost 50 to 100 ms at 100k jobs, five times the page itself (decision 053).
 */
export const COUNT_UP_TO = 1_000;
/**
 * A word in thousands of the newest jobs ("engineer", "developer") has only its newest matches
 * ranked first: this many, and any published at the same instant as the last of them; the rest
 * follow as older matches (decision 063). Ranking every newest match cost about 5 µs each, most of
 * such a search's time. One more than the count's cap, so the scan that ranks them also counts.
 */
export const RANKED_AT_MOST = COUNT_UP_TO + 1;
/**
 * The count reads older jobs newest first when, at the density of matches among the newest jobs,
 * the matches it still needs lie within this many rows.
 */
const DENSE_READ_AT_MOST = 20_000;
/** A job's title and skills as one text: the expression of the trigram index (migration 20261125130000). */
const MATCH_TEXT = `(coalesce(j.title, '') || ' ' || j.skills::text)`;
/** Fewer exact matches than this, and jobs with words spelt like the query's follow them. */
const FEW = 3;

interface Row {
  kind: "none" | "match" | "exclude";
  total: number | null;
  id: string | null;
  title: string;
  company_name: string;
  company_logo: string | null;
  location: string | null;
  location_type: string | null;
  employment_type: string | null;
  category: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string;
  description_preview: string | null;
  skills: string[];
  benefits: string[];
  published_at: Date | null;
  published_text: string;
  score: number;
  /** With the newest matches cut (RANKED_AT_MOST): how many were ranked, and the last one's publish time. */
  cut_size: number | null;
  cut_edge: string | null;
}

/** Which part of the list to read: its tier, and the newest jobs or the older ones. */
interface Part {
  tier: Tier;
  older: boolean;
  /** Where the newest jobs end: the board's bound, or where a common word's ranked matches ended. */
  newest: string | null;
  /**
   * Rank only the newest RANKED_AT_MOST matches (a newest part's first statement, relevance, words
   * known to match), reading them newest first ("publish order": the word is known to be common)
   * or through the GIN index.
   */
  cut: "no" | "index" | "publish order";
  /** Which filters are narrow enough for the GIN index (decision 062). */
  narrow: Narrowness;
}

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
 * Which searches (filters and tier) found more matches among the newest jobs than are ranked: their
 * next search reads the newest jobs in publish order until it has enough, instead of finding every
 * match through the GIN index first. A search that has become rare reads at most the newest
 * 10,000 jobs once, and is remembered as rare again.
 */
const commonSeen = new Map<string, boolean>();
const SEARCHES_KEPT = 2_000;
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
  const { kind, values } = wordsSql(filters);
  const [sql, params] = bind(`select ${kind} as kind`, values);
  const [row] = await em().execute<{ kind: Row["kind"] }[]>(sql, params);
  return row!.kind;
}

/** Splits the list into the newest jobs and the older ones (decision 014): words that match, or the salary sort. */
const splits = (filters: Filters, kind: Row["kind"]) => kind === "match" || filters.sort === "salary";

/**
 * How a first page counts: not at all (later pages), with a statement of its own ("apart", which
 * reads up to COUNT_UP_TO + 1 matching jobs again), or, when the words are known to match and the
 * list has one part, in the scan that ranks the newest matches ("in scan": every newest match is
 * read there anyway; the older ones are counted only when the newest are fewer than COUNT_UP_TO).
 */
type Count = "none" | "apart" | "in scan";

/**
 * One part's rows, best first, after `after` (the cursor, in that part). One statement: what the
 * words ask for is decided inside it. The words are a constant, so PostgreSQL folds that decision
 * when it plans and keeps only what applies: words that match go through the GIN index and are
 * ranked; words that parse to nothing (punctuation, stop words) list the board newest first; words
 * that only exclude ("-java") can't use an index and would read every job, so they filter that
 * newest-first listing. The answer always has a row, which says what the words were, and on the
 * first page how many jobs match in all.
 */
async function searchPart(filters: Filters, part: Part, after: Cursor | null, asOf: string, limit: number, count: Count): Promise<Row[]> {
  const { rankWords, kind, condition, values: wordValues } = wordsSql(filters);
  const salarySplit = filters.sort === "salary";
  // Words known to be common are read in publish order: kept from the GIN index, which would find
  // every newest match when the first RANKED_AT_MOST of them are wanted.
  const where = [`j.status = 'active'`, part.cut === "publish order" ? `(${condition}) is true` : condition];
  // Publish-time bounds are constants, so PostgreSQL knows how much of the board they keep (given
  // a bound it can't see, it guesses a third, and reading the whole table looks cheaper).
  const since = filters.days ? new Date(Date.parse(asOf) - filters.days * 86_400_000).toISOString() : null;
  const splitHere = salarySplit ? "true" : `${kind} = 'match'`;
  if (part.older) {
    // Only the newest jobs' bound may reach the (published_at, search_vector) GIN index, which
    // reads every entry in a range it is given. Compared as an expression, the older part's
    // bounds are left to the rows the words found.
    where.push(`j.published_at + interval '0 s' < :newest::timestamptz`);
    if (since) where.push(`j.published_at + interval '0 s' >= :since::timestamptz`);
  } else if (part.newest) {
    // The newest jobs' entries meet the words' inside one GIN scan; without words, the listing
    // reads the newest-first index.
    const from = since ? "greatest(:newest::timestamptz, :since::timestamptz)" : ":newest::timestamptz";
    where.push(`(case when ${splitHere} then j.published_at >= ${from} else ${since ? "j.published_at >= :since::timestamptz" : "true"} end)`);
  } else if (since) {
    where.push(`j.published_at >= :since::timestamptz`);
  }
  const filtered = filterConditions(filters, part.tier, part.narrow);
  const all = filterConditions(filters, "all", part.narrow);
  const countWhere = [`j.status = 'active'`, condition, ...(since ? [`j.published_at >= :since::timestamptz`] : []), ...all.where];

  // Relevance: the title weighs most (a word in the title outranks any number in skills or the
  // company's name), plus a little recency, 0.2 for a job posted now, fading over weeks.
  const relevance = `ts_rank_cd('{0, 0.05, 0.1, 1}', j.rank_vector, ${rankWords}, 32) * 0.8 + 0.2 / (1 + date_part('epoch', :asOf::timestamptz - j.published_at) / 86400 / 14)`;
  const score =
    filters.sort === "salary" ? `coalesce(${SALARY_USD_SQL}, -1)` : filters.sort === "relevance" ? `(case when ${kind} = 'match' then ${relevance} else 0 end)` : "0";
  const capped = (conditions: string[], upTo = `${COUNT_UP_TO + 1}`) => `(select count(*) from (select 1 from jobs j where ${conditions.join(" and ")} limit ${upTo}) c)`;
  // How many older matches the count still needs, once the newest ones are counted.
  const stillNeeded = `(select ${COUNT_UP_TO + 1} - n.matched from newest_count n)`;
  // Counted in the scan: the newest matches, plus (only when they are fewer than the cap; an
  // uncorrelated subquery is run when first needed) the older ones, only as many as the cap still
  // needs: at a million jobs, finding them is most of such a search's time.
  // The older jobs' publish-time bounds as expressions, as in the older part's own statement.
  const olderCount = part.newest
    ? capped(
        [
        `j.status = 'active'`,
        condition,
        `j.published_at + interval '0 s' < :newest::timestamptz`,
        ...(since ? [`j.published_at + interval '0 s' >= :since::timestamptz`] : []),
        ...all.where,
        ],
        stillNeeded,
      )
    : "0";
  // Words and filters that are common among the newest jobs are as common just before them: read
  // newest first (the btree on publish time, the GIN index kept out), the jobs still needed are
  // found within a few thousand rows. Through the GIN index, the words' matches across the whole
  // board are checked oldest first, and when a posted-within bound or a filter the index isn't
  // given (decision 062) turns most of them down, that is most of the search's time (decision 063).
  const denseCount = part.newest
    ? `(select count(*) from (select 1 from jobs j
          where ${[
            `j.status = 'active'`,
            `(${condition}) is true`,
            `j.published_at < :newest::timestamptz`,
            ...(since ? [`j.published_at >= :since::timestamptz`] : []),
            ...filterConditions(filters, "all", narrowness(null)).where,
          ].join(" and ")}
          order by j.published_at desc
          limit ${stillNeeded}) c)`
    : "0";
  const turnedDown = since !== null || all.where.join() !== filterConditions(filters, "all").where.join();
  const dense = turnedDown ? `(${COUNT_UP_TO + 1} - n.matched) * ${NEWEST_RANKED_FIRST} <= n.matched * ${DENSE_READ_AT_MOST}` : "false";
  const total =
    count === "in scan"
      ? `(case when n.matched > ${COUNT_UP_TO} then n.matched when ${dense} then n.matched + ${denseCount} else n.matched + ${olderCount} end)::int`
      : "w.total";
  // Ranked on the narrow columns first; the page's jobs are read whole afterwards, by id. Cut, the
  // newest matches (and those published at the same instant as the last) are ranked and counted.
  const conditions = [...where, ...filtered.where].join(" and ");
  const candidates =
    part.cut === "no"
      ? `select j.id, j.published_at, j.published_at::text as published_text, (${score})::float8 as score,
                ${count === "in scan" ? "count(*) over ()" : "null::int"} as matched, null::int as cut_size, null::text as cut_edge
           from jobs j
          where ${conditions}`
      : `select j.id, j.published_at, j.published_at::text as published_text, (${score})::float8 as score,
                count(*) over () as matched, count(*) over () as cut_size, (min(j.published_at) over ())::text as cut_edge
           from (select j.id, j.published_at, j.rank_vector
                   from jobs j
                  where ${conditions}
                  order by j.published_at desc
                  fetch first ${RANKED_AT_MOST} rows with ties) j`;
  const [sql, params] = bind(
    `with words as materialized (
       select ${kind} as kind,
              ${count === "apart" ? `${capped(countWhere)}::int` : "null::int"} as total
     ),
     f as materialized (
       select * from (${candidates}) s
       ${after ? "where (s.score, s.published_at, s.id) < (:afterScore::float8, :afterPublished::timestamptz, :afterId::uuid)" : ""}
       order by s.score desc, s.published_at desc, s.id desc
       limit :limit
     ),
     newest_count as materialized (select coalesce(max(f.matched), 0)::int as matched from f)
     select w.kind, ${total} as total, f.score, f.published_text, f.cut_size::int, f.cut_edge,
            j.id, j.title, j.company_name, j.company_logo, j.location, j.location_type, j.employment_type, j.category,
            j.salary_min, j.salary_max, j.salary_currency, left(j.description, 400) as description_preview,
            j.skills, j.benefits, j.published_at
       from words w
       cross join newest_count n
       left join f on true
       left join jobs j on j.id = f.id
      order by f.score desc, f.published_at desc, f.id desc`,
    {
      ...wordValues,
      ...filtered.values,
      asOf,
      since,
      newest: part.newest,
      afterScore: after?.score,
      afterPublished: after?.published,
      afterId: after?.id,
      limit,
    },
  );
  return em().execute<Row[]>(sql, params);
}

/**
 * Jobs whose title or skills hold words spelt like the query's (pg_trgm's word similarity, over the
 * trigram index on title and skills), for a query whose exact words found few: "javascrpt" finds
 * JavaScript. Among the newest jobs only, like the ranking, and for the first page only.
 */
async function spelledLike(filters: Filters, newest: string | null, narrow: Narrowness, asOf: string, except: string[], limit: number): Promise<Row[]> {
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
            j.id, j.title, j.company_name, j.company_logo, j.location, j.location_type, j.employment_type, j.category,
            j.salary_min, j.salary_max, j.salary_currency, left(j.description, 400) as description_preview,
            j.skills, j.benefits, j.published_at
       from (select j.id, ${tier} as tier, ${similarity} as similarity, j.published_at
               from jobs j
              where ${where.join(" and ")}
              order by tier, similarity desc, j.published_at desc, j.id desc
              limit :limit) f
       join jobs j on j.id = f.id
      order by f.tier, f.similarity desc, f.published_at desc, f.id desc`,
    { ...Object.fromEntries(fuzzy.map((w, i) => [`f${i}`, w])), ...excluded.values, ...all.values, newest, since, except: `{${except.join(",")}}`, limit },
  );
  return em().execute<Row[]>(sql, params);
}

/** The columns a board card is made of, as the board's queries select them. */
export type BoardJobRow = Pick<Row, "title" | "company_name" | "company_logo" | "location" | "location_type" | "employment_type" | "category" | "salary_min" | "salary_max" | "salary_currency" | "description_preview" | "skills" | "benefits" | "published_at"> & { id: string | null };

/** A board card from its row (the search and the alerts' new jobs read the same columns). */
export const toJob = (r: BoardJobRow): BoardJob => ({
  id: r.id!,
  title: r.title,
  companyName: r.company_name,
  companyLogo: r.company_logo,
  location: r.location ?? "",
  locationType: r.location_type,
  employmentType: r.employment_type,
  category: r.category,
  salaryMin: r.salary_min,
  salaryMax: r.salary_max,
  salaryCurrency: r.salary_currency,
  descriptionPreview: r.description_preview ?? "",
  skills: r.skills,
  benefits: r.benefits,
  publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
});

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
  // Which filters the GIN index is given (decision 062); read only when a search has such a filter.
  const hasFilter = filters.employmentType || filters.category || filters.locationType || filters.minSalary !== null || tiers.includes("remote");
  const narrow = hasFilter ? await filterNarrowness() : narrowness(null);

  // From the cursor's part on, part after part (the place's jobs, newest then older; then the remote
  // ones), while the page has room.
  let tier = start?.tier ?? 0;
  let older = start?.older ?? false;
  let after = start;
  let kind: Row["kind"] = "none";
  let total = start?.total ?? 0;
  let capped = start?.capped ?? false;
  const rows: { row: Row; tier: number; older: boolean; newest: string | null }[] = [];
  const key = wordsKey(filters);
  for (let statements = 0; statements < 4; statements++) {
    // A newest part's first statement, ranking words: only the newest matches are ranked.
    const mayCut = !older && !after && newest !== null && filters.sort === "relevance" && filters.words.length > 0;
    if (mayCut && !kindsSeen.has(key)) remember(kindsSeen, key, await kindOf(filters));
    const cutKey = `${tier}\u0000${JSON.stringify(filters)}`;
    const cut: Part["cut"] = mayCut && kindsSeen.get(key) === "match" ? (commonSeen.get(cutKey) ? "publish order" : "index") : "no";
    const count: Count = start || statements > 0 ? "none" : kindsSeen.get(key) === "match" && tiers.length === 1 ? "in scan" : "apart";
    const found = await searchPart(filters, { tier: tiers[tier]!, older, newest, narrow, cut }, after, asOf, limit + 1 - rows.length, count);
    kind = found[0]!.kind;
    remember(kindsSeen, key, kind);
    if (cut !== "no") {
      const cutSize = found[0]!.cut_size ?? 0;
      remember(commonSeen, cutKey, cutSize >= RANKED_AT_MOST);
      if (cutSize >= RANKED_AT_MOST) newest = found[0]!.cut_edge;
    }
    if (count !== "none") {
      total = Math.min(found[0]!.total ?? 0, COUNT_UP_TO);
      capped = (found[0]!.total ?? 0) > COUNT_UP_TO;
    }
    rows.push(...found.filter((r) => r.id).map((row) => ({ row, tier, older, newest })));
    after = null;
    if (rows.length > limit) break;
    if (!older && newest && splits(filters, kind)) older = true;
    else if (tier + 1 < tiers.length) [tier, older, newest] = [tier + 1, false, await boardNewest()];
    else break;
  }

  const page = rows.slice(0, limit);
  const end = page.at(-1);
  let jobs = page.map(({ row }) => toJob(row));
  let fuzzy = false;
  if (!start && kind === "match" && total < FEW) {
    const like = await spelledLike(filters, await boardNewest(), narrow, asOf, jobs.map((j) => j.id), limit - jobs.length);
    fuzzy = like.length > 0;
    jobs = [...jobs, ...like.map(toJob)];
    total += like.length;
  }
  return {
    jobs,
    nextCursor:
      rows.length > limit && end
        ? encodeCursor({ tier: end.tier, older: end.older, newest: end.newest, score: Number(end.row.score), published: end.row.published_text, id: end.row.id!, asOf, total, capped })
        : null,
    total,
    totalCapped: capped,
    sort: filters.sort,
    fuzzy,
  };
}
