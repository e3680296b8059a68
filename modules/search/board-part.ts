// One part of the board search's list as one statement (board.ts puts the parts together): the
// place's jobs or the remote ones, the newest jobs or the older ones; what the words are decided
// inside the statement; ranked on the narrow columns, the page's jobs read whole by id; and on a
// first page, the count (decisions 014, 060, 063).
import { em } from "../../lib/db.ts";
import { bind, filterConditions, tableShare, wordsSql, type Filters, type Tier } from "./board-filters.ts";
import { SALARY_USD_SQL } from "./currency.ts";
import type { Narrowness, PublishTimes } from "./filter-selectivity.ts";
import type { Cursor } from "./board-cursor.ts";
import { BOARD_JOB_COLUMNS, type BoardJobRow } from "./board-job.ts";

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
 * follow as older matches (decision 063). Ranking every newest match cost about 2 µs each, 40% of
 * such a search's time. One more than the count's cap, so the scan that ranks them also counts.
 */
export const RANKED_AT_MOST = COUNT_UP_TO + 1;
/**
 * A first page's count finds the older matches it still needs among the jobs just before the
 * newest ones, giving the GIN index that publish-time range (decision 066): this many times the
 * jobs that, at the newest jobs' density of matches, hold what it still needs.
 */
const RANGE_MARGIN = 2;
/**
 * What the count's reads of the older jobs cost, in hundredths of a µs (1M jobs, the 2-core
 * machine, measured with EXPLAIN ANALYZE): a job of a publish-time range given to the GIN index
 * (an entry per publish time); an entry of a posting list the index reads across the board; a
 * match it puts in its bitmap; a row checked in the table, which the table turns down (the index
 * checks the matches oldest first, so a posted-within bound turns down every older one first).
 */
const RANGE_JOB_COST = 7;
/** The most of the older jobs a range may hold: past that, the words' matches across the board. */
const RANGE_SHARE = 0.25;
const POSTING_COST = 3;
const BITMAP_COST = 30;
const ROW_COST = 250;

/** A part's row: a job's columns, or none (the row that only says what the words were). */
export interface Row extends Omit<BoardJobRow, "id"> {
  kind: "none" | "match" | "exclude";
  total: number | null;
  id: string | null;
  published_text: string;
  score: number;
  /** With the newest matches cut (RANKED_AT_MOST): how many were ranked, and the last one's publish time. */
  cut_size: number | null;
  cut_edge: string | null;
  /** Read through the index, how many of the newest jobs match in all (how densely: see board.ts). */
  newest_matches: number | null;
}

/** Which part of the list to read: its tier, and the newest jobs or the older ones. */
export interface Part {
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
  /** Which filters are narrow enough for the GIN index (decision 062), and in the older jobs' statements (decision 065). */
  narrow: Narrowness;
  olderNarrow: Narrowness;
  /** Active jobs older than the newest ones, by PostgreSQL's statistics (0 when unknown): what the index reads matches among. */
  olderJobs: number;
  /** The entries of the words' and place's posting lists, by the statistics (0 when unknown): what the index reads across the board. */
  postings: number;
  /** Publish times at even steps through the board, from PostgreSQL's statistics: where a range of older jobs may start. */
  publishTimes: PublishTimes | null;
}

/**
 * How a first page counts: not at all (later pages), with a statement of its own ("apart", which
 * reads up to COUNT_UP_TO + 1 matching jobs again), or, when the words are known to match and the
 * list has one part, in the scan that ranks the newest matches ("in scan": every newest match is
 * read there anyway; the older ones are counted only when the newest are fewer than COUNT_UP_TO,
 * and when the newest don't fill the page, in the older part's statement, which ranks them all).
 */
export type Count = "none" | "apart" | "in scan";

/** The share of the older jobs published before `since`, by the statistics' publish times. */
function olderBefore(times: PublishTimes, since: string, olderJobs: number): number {
  const from = Date.parse(since);
  const after = times.at.filter((at) => at >= from).length * times.jobsBetween;
  return olderJobs > 0 ? Math.min(1, Math.max(0, 1 - (after - NEWEST_RANKED_FIRST) / olderJobs)) : 0;
}

/**
 * One part's rows, best first, after `after` (the cursor, in that part). One statement: what the
 * words ask for is decided inside it. The words are a constant, so PostgreSQL folds that decision
 * when it plans and keeps only what applies: words that match go through the GIN index and are
 * ranked; words that parse to nothing (punctuation, stop words) list the board newest first; words
 * that only exclude ("-java") can't use an index and would read every job, so they filter that
 * newest-first listing. The answer always has a row, which says what the words were, and on the
 * first page how many jobs match in all.
 */
export async function searchPart(
  filters: Filters,
  part: Part,
  after: Cursor | null,
  asOf: string,
  limit: number,
  count: Count,
): Promise<Row[]> {
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
    where.push(
      `(case when ${splitHere} then j.published_at >= ${from} else ${since ? "j.published_at >= :since::timestamptz" : "true"} end)`,
    );
  } else if (since) {
    where.push(`j.published_at >= :since::timestamptz`);
  }
  const filtered = filterConditions(filters, part.tier, part.older ? part.olderNarrow : part.narrow);
  const all = filterConditions(filters, "all", part.older ? part.olderNarrow : part.narrow);
  const olderAll = filterConditions(filters, "all", part.olderNarrow);
  const countWhere = [
    `j.status = 'active'`,
    condition,
    ...(since ? [`j.published_at >= :since::timestamptz`] : []),
    ...all.where,
  ];

  // Relevance: the title weighs most (a word in the title outranks any number in skills or the
  // company's name), plus a little recency, 0.2 for a job posted now, fading over weeks.
  const relevance = `ts_rank_cd('{0, 0.05, 0.1, 1}', j.rank_vector, ${rankWords}, 32) * 0.8 + 0.2 / (1 + date_part('epoch', :asOf::timestamptz - j.published_at) / 86400 / 14)`;
  const score =
    filters.sort === "salary"
      ? `coalesce(${SALARY_USD_SQL}, -1)`
      : filters.sort === "relevance"
        ? `(case when ${kind} = 'match' then ${relevance} else 0 end)`
        : "0";
  const capped = (conditions: string[], upTo = `${COUNT_UP_TO + 1}`) =>
    `(select count(*) from (select 1 from jobs j where ${conditions.join(" and ")} limit ${upTo}) c)`;
  // How many older matches the count still needs, once the newest ones are counted.
  const stillNeeded = `(select ${COUNT_UP_TO + 1} - n.matched from newest_count n)`;
  // Counted in the scan: the newest matches, plus (only when they are fewer than the cap; an
  // uncorrelated subquery is run when first needed) the older ones, only as many as the cap still
  // needs: at a million jobs, finding them is most of such a search's time.
  // The older jobs' publish-time bounds as expressions, as in the older part's own statement.
  const olderMatches = (before: string) => [
    `j.status = 'active'`,
    condition,
    before,
    ...(since ? [`j.published_at + interval '0 s' >= :since::timestamptz`] : []),
    ...olderAll.where,
  ];
  const olderCount = part.newest
    ? capped(olderMatches(`j.published_at + interval '0 s' < :newest::timestamptz`), stillNeeded)
    : "0";
  // Words and filters that are common among the newest jobs are as common just before them: the
  // GIN index, given the range of the jobs just before the newest that should hold the matches
  // still needed (RANGE_MARGIN times as many as at the newest jobs' density), finds them there
  // while reading an entry per job of the range. Across the whole board it reads the words'
  // posting lists, which for common words is most of the search's time (decision 066). Short of
  // what it needs in the range, the matches older than the range are counted through the index.
  const times = part.publishTimes;
  const rangeJobs = `(${NEWEST_RANKED_FIRST} + ${RANGE_MARGIN}.0 * (${COUNT_UP_TO + 1} - n.matched) * ${NEWEST_RANKED_FIRST} / n.matched)`;
  // The two reads, by the newest jobs' density of matches: the range's entries and matches, or the
  // posting lists, the matches across the older jobs (before the table turns down what the filters
  // the index isn't given don't keep) and the older ones a posted-within bound turns down. The rows
  // checked until the count has what it needs are the same either way.
  const kept = Math.max(tableShare(filters, part.tier, part.olderNarrow), 0.01);
  const before = times && since ? olderBefore(times, since, part.olderJobs) : 0;
  const viaRange = `(${RANGE_JOB_COST} * ${rangeJobs} + ${RANGE_MARGIN * BITMAP_COST}.0 * (${COUNT_UP_TO + 1} - n.matched) / ${kept})`;
  const acrossBoard = `(${POSTING_COST}.0 * ${Math.round(part.postings)} + ${(BITMAP_COST + ROW_COST * before).toFixed(1)} * n.matched * ${Math.round(part.olderJobs / kept)} / ${NEWEST_RANKED_FIRST})`;
  // The index also reads the words' entries for the range, skipping to its jobs: a range that is
  // much of the board saves little of that (RANGE_SHARE).
  const worthIt = `${rangeJobs} <= ${Math.round(part.olderJobs * RANGE_SHARE)} and ${viaRange} <= ${acrossBoard}`;
  // Out of the times' bounds (a range past the board's oldest job): null, every older job.
  const rangeStart = times
    ? `(case when n.matched > 0 and ${worthIt} then (:publishTimes::timestamptz[])[${times.bounds.length} - ceil(${rangeJobs} / ${times.jobsBetween})::int] end)`
    : "null::timestamptz";
  const olderFrom = `older_from as materialized (
       select ${since ? "case when r.x is not null then greatest(r.x, :since::timestamptz) end" : "r.x"} as x
         from (select ${rangeStart} as x from newest_count n) r
     )`;
  const inRange = capped(
    [
      `j.status = 'active'`,
      condition,
      `j.published_at >= (select o.x from older_from o)`,
      `j.published_at + interval '0 s' < :newest::timestamptz`,
      ...olderAll.where,
    ],
    stillNeeded,
  );
  const beforeRange = capped(
    olderMatches(`j.published_at + interval '0 s' < (select o.x from older_from o)`),
    stillNeeded,
  );
  // A posted-within bound at the range's start leaves nothing before it.
  const more = since ? `o.x > :since::timestamptz` : "true";
  // A posted-within bound at or after the newest jobs' start leaves no older job (folded too).
  const noOlder = since ? `:since::timestamptz >= :newest::timestamptz` : "false";
  const olderMatched = part.newest
    ? `(select case when ${noOlder} then 0 when o.x is null then ${olderCount}
                    else (select case when r.found < ${stillNeeded} and ${more} then r.found + ${beforeRange} else r.found end
                            from (select ${inRange} as found offset 0) r) end
          from older_from o)`
    : "0";
  // A newest part that doesn't fill the page leaves its older matches to the older part's
  // statement, which reads every one of them to rank them and counts them there (board.ts adds).
  const leftToOlder = part.newest ? "when n.matched < :limit then n.matched" : "";
  const total =
    count !== "in scan"
      ? "w.total"
      : part.older
        ? "n.matched"
        : `(case when n.matched > ${COUNT_UP_TO} then n.matched ${leftToOlder} else n.matched + ${olderMatched} end)::int`;
  // Ranked on the narrow columns first; the page's jobs are read whole afterwards, by id. Cut, the
  // newest matches (and those published at the same instant as the last) are ranked and counted.
  const conditions = [...where, ...filtered.where].join(" and ");
  const candidates =
    part.cut === "no"
      ? `select j.id, j.published_at, j.published_at::text as published_text, (${score})::float8 as score,
                ${count === "in scan" ? "count(*) over ()" : "null::int"} as matched, null::int as cut_size, null::text as cut_edge, null::int as newest_matches
           from jobs j
          where ${conditions}`
      : `select j.id, j.published_at, j.published_at::text as published_text, (${score})::float8 as score,
                count(*) over () as matched, count(*) over () as cut_size, (min(j.published_at) over ())::text as cut_edge,
                max(j.newest_matches) over () as newest_matches
           from (select j.id, j.published_at, j.rank_vector,
                        ${part.cut === "index" ? "count(*) over ()" : "null::int"} as newest_matches
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
     newest_count as materialized (select coalesce(max(f.matched), 0)::int as matched from f),
     ${olderFrom}
     select w.kind, ${total} as total, f.score, f.published_text, f.cut_size::int, f.cut_edge, f.newest_matches::int,
            ${BOARD_JOB_COLUMNS}
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
      publishTimes: times ? `{${times.bounds.map((t) => `"${t}"`).join(",")}}` : null,
      limit,
    },
  );
  return em().execute<Row[]>(sql, params);
}
