// How much of the board a filter keeps, from PostgreSQL's own statistics, so the search gives its
// GIN index only the filters that are narrow (decision 062). btree_gin reads every entry of a value
// or a range it is given: a minimum salary most jobs meet ("sql", Data Science, from $100,000) or a
// common employment type (FULLTIME, three jobs in four) made the index scan read most of the
// board's entries before it met the words. A wide filter is written as an expression the index
// can't use, so the rows the words and the newest jobs found are checked against it instead.
import { em } from "../../lib/db.ts";
import { ShortCache } from "../../lib/short-cache.ts";

/**
 * A filter goes to the index when it keeps at most this many active jobs: what it saves is rows of
 * the newest 10,000 jobs (decision 014's split), whatever the board's size, while what it costs is
 * an index entry per job it keeps. One value (an employment type, a category, a location type) is
 * one posting list, about 0.2 µs a job; a pay minimum is a range of many values, about 0.5 µs a
 * job. Measured at 100,000 jobs (decision 062): a value was better in the index up to 35,000 jobs
 * and even at 78,000; a pay minimum better up to 13,000, even at 19,000 and 29,000, worse at 55,000.
 */
export const NARROW_JOBS = { value: 50_000, range: 15_000 };

/** The columns whose equality filters may go to the search's GIN index. */
export type FilterColumn = "employment_type" | "category" | "location_type";

interface ColumnStats {
  nullFrac: number;
  /** pg_stats' n_distinct: a count, or (negative) minus a share of the rows. */
  nDistinct: number;
  values: string[];
  freqs: number[];
}

interface PayStats {
  nullFrac: number;
  values: number[];
  freqs: number[];
  histogram: number[];
}

/** Publish times at even steps through the board (a histogram's bounds, oldest first) and about how many jobs lie between two. */
export interface PublishTimes {
  /** As PostgreSQL writes them (the statement's array), and as epoch milliseconds. */
  bounds: string[];
  at: number[];
  jobsBetween: number;
}

/** What PostgreSQL's last ANALYZE of jobs says about the filters' columns and the pay expression. */
export interface FilterStats {
  /** Rows of jobs, as the last ANALYZE counted them. */
  rows: number;
  /** Active jobs, as the last ANALYZE counted them. */
  activeRows: number;
  columns: Partial<Record<FilterColumn, ColumnStats>>;
  pay: PayStats | null;
  /** Where ranges of older jobs may start, for the search's count (board-part.ts); null without a histogram. */
  publishTimes: PublishTimes | null;
  /** The shares of rows holding the most common lexemes of rank_vector and place keys. */
  words: Map<string, number>;
  places: Map<string, number>;
}

/** Which filters are narrow enough for the index; both answer "no" without statistics. */
export interface Narrowness {
  equals(column: FilterColumn, value: string): boolean;
  minSalaryUsd(minimum: number): boolean;
  /** The shares of jobs the filters keep (null without statistics). */
  shareEqual(column: FilterColumn, value: string): number | null;
  sharePaying(minimum: number): number | null;
}

/** The share of rows whose column equals `value` (1 without statistics: wide). */
export function shareEqual(stats: FilterStats, column: FilterColumn, value: string): number {
  const s = stats.columns[column];
  if (!s) return 1;
  const at = s.values.indexOf(value);
  if (at >= 0) return s.freqs[at]!;
  // Not among the most common values: the rest shared by the other distinct values, as the planner reckons.
  const rest = Math.max(0, 1 - s.nullFrac - sum(s.freqs));
  const distinct = s.nDistinct >= 0 ? s.nDistinct : -s.nDistinct * stats.rows;
  const others = distinct - s.values.length;
  return others >= 1 ? rest / others : 0;
}

/** The share of rows paying at least `minimum` US dollars (1 without statistics: wide). */
export function sharePayingAtLeast(stats: FilterStats, minimum: number): number {
  const p = stats.pay;
  if (!p) return 1;
  const common = p.values.reduce((n, v, i) => (v >= minimum ? n + p.freqs[i]! : n), 0);
  const rest = Math.max(0, 1 - p.nullFrac - sum(p.freqs));
  return common + rest * histogramAbove(p.histogram, minimum);
}

/** The share of a histogram's values (equal-count buckets) at or above `x`, linear within a bucket. */
function histogramAbove(bounds: number[], x: number): number {
  const buckets = bounds.length - 1;
  if (buckets < 1) return bounds.length && bounds[0]! >= x ? 1 : 0;
  if (x <= bounds[0]!) return 1;
  if (x > bounds[buckets]!) return 0;
  let i = 0;
  while (i < buckets - 1 && bounds[i + 1]! < x) i++;
  const lo = bounds[i]!;
  const hi = bounds[i + 1]!;
  const within = hi > lo ? (x - lo) / (hi - lo) : 0;
  return 1 - (i + within) / buckets;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Which filters are narrow by these statistics (none without them). */
export function narrowness(stats: FilterStats | null, limits = NARROW_JOBS): Narrowness {
  return {
    equals: (column, value) => stats !== null && shareEqual(stats, column, value) * stats.activeRows <= limits.value,
    minSalaryUsd: (minimum) => stats !== null && sharePayingAtLeast(stats, minimum) * stats.activeRows <= limits.range,
    shareEqual: (column, value) => (stats ? shareEqual(stats, column, value) : null),
    sharePaying: (minimum) => (stats ? sharePayingAtLeast(stats, minimum) : null),
  };
}

/**
 * The statistics, kept a minute like the newest jobs' bound: they change only when jobs are
 * analyzed. Searches that find them expired at once share one read.
 */
const kept = new ShortCache<FilterStats | null>({ ttlMs: 60_000, maxEntries: 1, maxBytes: 1 });

/** Which filters are narrow, from statistics read at most once a minute. */
export async function filterNarrowness(): Promise<Narrowness> {
  return narrowness(await kept.getOrCompute("stats", readFilterStats));
}

/**
 * Which filters are narrow for the statements over the older jobs. There the index reads the
 * words' entries across the whole board (no publish-time range meets them), so a value's entries
 * cost less beside what they save: a value keeping up to a tenth of the board goes to the index,
 * and never less than NARROW_JOBS (decision 065). A pay minimum's range keeps its limit.
 */
export async function olderFilterNarrowness(): Promise<Narrowness> {
  const stats = await kept.getOrCompute("stats", readFilterStats);
  return narrowness(stats, olderLimits(stats?.activeRows ?? 0));
}

/** Active jobs, as PostgreSQL's last ANALYZE of jobs counted them (0 when never analyzed). */
export async function activeJobs(): Promise<number> {
  return (await kept.getOrCompute("stats", readFilterStats))?.activeRows ?? 0;
}

/** Publish times at even steps through the board, from statistics read at most once a minute. */
export async function publishTimes(): Promise<PublishTimes | null> {
  return (await kept.getOrCompute("stats", readFilterStats))?.publishTimes ?? null;
}

/**
 * About how many entries the search's GIN index reads for the words' lexemes and the place key
 * across the board, by the rows holding each in the statistics (a lexeme or key not among the most
 * common is rare: none). Of keys that all must match, the rarest is read whole and about a tenth
 * of the others (the index skips through them); of words any of which may match, every one.
 */
export async function postingEntries(
  words: { lexemes: string[]; anyOf: boolean },
  placeKey: string | null,
): Promise<number> {
  const stats = await kept.getOrCompute("stats", readFilterStats);
  if (!stats || !words.lexemes.length) return 0;
  const allOf = (shares: number[]) => Math.min(...shares) + (sum(shares) - Math.min(...shares)) / 10;
  const shares = words.lexemes.map((l) => stats.words.get(l) ?? 0);
  const wordShare = words.anyOf ? sum(shares) : allOf(shares);
  return (placeKey ? allOf([wordShare, stats.places.get(placeKey) ?? 0]) : wordShare) * stats.rows;
}

/** The limits for the older jobs' statements on a board of `activeRows` active jobs. */
export const olderLimits = (activeRows: number) => ({
  value: Math.max(NARROW_JOBS.value, activeRows / 10),
  range: NARROW_JOBS.range,
});

interface StatsRow {
  kind: "column" | "pay" | "elements";
  name: string;
  rows: number;
  null_frac: number | null;
  n_distinct: number;
  vals: string[] | null;
  freqs: number[] | null;
  histogram: string[] | null;
}

/** What the last ANALYZE of jobs found about the filters' columns and the pay; null when never analyzed. */
export async function readFilterStats(): Promise<FilterStats | null> {
  // The pay expression's statistics are migration 20261126100000's (made again with the index when
  // the currency rates change).
  const rows = await em().execute<StatsRow[]>(
    `select 'column' as kind, attname::text as name, null_frac::float8 as null_frac, n_distinct::float8 as n_distinct,
            most_common_vals::text::text[] as vals, most_common_freqs::float8[] as freqs, histogram_bounds::text::text[] as histogram,
            (select reltuples::float8 from pg_class where oid = to_regclass('jobs')) as rows
       from pg_stats
      where schemaname = current_schema() and tablename = 'jobs' and attname in ('employment_type', 'category', 'location_type', 'status', 'published_at')
     union all
     select 'elements', attname::text, null, null, most_common_elems::text::text[], most_common_elem_freqs::float8[], null,
            (select reltuples::float8 from pg_class where oid = to_regclass('jobs'))
       from pg_stats
      where schemaname = current_schema() and tablename = 'jobs' and attname in ('rank_vector', 'place_keys')
     union all
     select 'pay', statistics_name::text, null_frac::float8, n_distinct::float8,
            most_common_vals::text::text[], most_common_freqs::float8[], histogram_bounds::text::text[],
            (select reltuples::float8 from pg_class where oid = to_regclass('jobs'))
       from pg_stats_ext_exprs
      where schemaname = current_schema() and tablename = 'jobs' and statistics_name = 'jobs_salary_usd_stats'`,
    [],
  );
  const columns: FilterStats["columns"] = {};
  let pay: PayStats | null = null;
  let times: PublishTimes | null = null;
  let words = new Map<string, number>();
  let places = new Map<string, number>();
  let total = 0;
  let active = 1;
  for (const r of rows) {
    total = Number(r.rows);
    if (r.kind === "column") {
      if (r.name === "published_at") {
        const bounds = r.histogram ?? [];
        // "2026-11-24 21:10:05.536+00": ISO once the space is a T and the offset has its minutes.
        const at = bounds.map((b) => Date.parse(b.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")));
        times =
          bounds.length > 1
            ? { bounds, at, jobsBetween: Math.max(1, (total * (1 - (r.null_frac ?? 0))) / (bounds.length - 1)) }
            : null;
      } else if (r.name === "status") active = r.freqs?.[r.vals?.indexOf("active") ?? -1] ?? 0;
      else if (r.vals && r.freqs)
        columns[r.name as FilterColumn] = {
          nullFrac: r.null_frac ?? 0,
          nDistinct: r.n_distinct,
          values: r.vals,
          freqs: r.freqs,
        };
    } else if (r.kind === "elements") {
      // The shares of rows holding each common lexeme or place key (the last three numbers are a summary).
      const shares = new Map((r.vals ?? []).map((v, i) => [v, r.freqs?.[i] ?? 0]));
      if (r.name === "rank_vector") words = shares;
      else places = shares;
    } else if (r.null_frac !== null) {
      pay = {
        nullFrac: r.null_frac,
        values: (r.vals ?? []).map(Number),
        freqs: r.freqs ?? [],
        histogram: (r.histogram ?? []).map(Number),
      };
    }
  }
  return Object.keys(columns).length || pay || times
    ? { rows: total, activeRows: total * active, columns, pay, publishTimes: times, words, places }
    : null;
}
