// The board's filters as SQL, in one place: the search (board.ts) and the job alerts' new jobs
// (board-new.ts) both build their WHERE from here, so an alert and a search never disagree about
// which jobs a saved search means (decision 053).
import { CATEGORIES, CURRENCIES, EMPLOYMENT_TYPES, LOCATION_TYPES, type Currency } from "../hiring/index.server.ts";
import { SORTS, type Sort } from "./vocabulary.ts";
import { readPlace, type PlaceQuery } from "../../lib/places.ts";
import { rankingWords, readWords, wordsQuery, type WordGroup } from "./search-words.ts";
import { SALARY_USD_SQL, toUsd } from "./currency.ts";
import type { FilterColumn, Narrowness } from "./filter-selectivity.ts";

export type { Sort };

export interface BoardQuery {
  q?: string;
  location?: string;
  /** Remote jobs besides the place's; unset: yes when there is no location (the screen's default). */
  includeRemote?: boolean | null;
  locationType?: string;
  employmentType?: string;
  category?: string;
  minSalary?: number | null;
  /** The minimum salary's currency (USD when unknown); jobs in other currencies are converted. */
  salaryCurrency?: string;
  /** all | today | 3days | week | month (the provider's date_posted values). */
  postedWithin?: string;
  /** relevance (the default with words), newest (the default without), salary. */
  sort?: string;
  cursor?: string | null;
  limit?: number;
}

/** Which jobs a part of the list holds: local before remote when a place is asked for. */
export type Tier = "any" | "local" | "remote";

export interface Filters {
  q: string;
  words: WordGroup[];
  place: PlaceQuery;
  includeRemote: boolean;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  salaryCurrency: Currency;
  days: number | null;
  sort: Sort;
}

const POSTED_DAYS: Record<string, number> = { today: 1, "3days": 3, week: 7, month: 30 };
const MAX_QUERY = 200;
const oneOf = <T extends string>(value: string | undefined, list: readonly T[]): T | "" =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : "";
// PostgreSQL refuses text holding NUL; control characters mean nothing in a search.
const clean = (text: string | undefined, max: number) =>
  Array.from(text ?? "", (c) => (c < " " || c === "\u007f" ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);

export function readFilters(query: BoardQuery): Filters {
  const minSalary = query.minSalary ?? null;
  const q = clean(query.q, MAX_QUERY);
  const location = clean(query.location, 100);
  const words = readWords(q);
  const asked = oneOf(query.sort, SORTS);
  const hasWords = words.some((g) => !g.negated);
  return {
    q,
    words,
    place: readPlace(location),
    includeRemote: query.includeRemote ?? !location,
    locationType: oneOf(query.locationType, LOCATION_TYPES),
    employmentType: oneOf(query.employmentType, EMPLOYMENT_TYPES),
    category: oneOf(query.category, CATEGORIES),
    minSalary:
      minSalary !== null && Number.isFinite(minSalary) && minSalary > 0
        ? Math.min(Math.trunc(minSalary), 2_000_000_000)
        : null,
    salaryCurrency: oneOf(query.salaryCurrency, CURRENCIES) || "USD",
    days: POSTED_DAYS[query.postedWithin ?? ""] ?? null,
    sort: asked === "salary" || asked === "newest" ? asked : hasWords ? "relevance" : "newest",
  };
}

/** The parts of the list, in order: the place's own jobs first, then remote ones when asked for. */
export function tiersFor(filters: Filters): Tier[] {
  const { place, locationType, includeRemote } = filters;
  if (place.remoteOnly || locationType === "remote") return ["remote"];
  if (locationType) return ["local"];
  if (!place.key && !place.text) return includeRemote ? ["any"] : ["local"];
  return includeRemote ? ["local", "remote"] : ["local"];
}

/**
 * What the words ask for, as SQL over `words` (the tsquery): 'none' (nothing searchable: list the
 * board), 'exclude' (only -words) or 'match'. A job matches when the words are in its title, skills
 * or company (the narrow rank_vector, with its own GIN index over the newest jobs): a description
 * that only mentions them ("connects patients with nurses") is not what the job is.
 */
export function wordsSql(filters: Filters) {
  const words = wordsQuery(filters.words);
  const kind = `(case when numnode(${words.sql}) = 0 then 'none' when querytree(${words.sql}) = 'T' then 'exclude' else 'match' end)`;
  // -words exclude a job that has them anywhere, the description included.
  const negated = filters.words.filter((g) => g.negated);
  const excluded = negated.length ? wordsQuery([{ forms: negated.flatMap((g) => g.forms), negated: false }]) : null;
  const noneOf = excluded ? ` and not (j.search_vector @@ ${rename(excluded.sql, "x")})` : "";
  const condition = `(case ${kind} when 'match' then j.rank_vector @@ ${words.sql}${noneOf} when 'exclude' then not (j.search_vector @@ !!${words.sql}) else true end)`;
  // Ranked with fewer forms when that gives the same scores (search-words.ts#rankingWords).
  const ranking = rankingWords(filters.words);
  const ranked = ranking === filters.words ? null : wordsQuery(ranking);
  return {
    words: words.sql,
    /** The tsquery ts_rank_cd ranks with: the words', or one that ranks every job the same for less. */
    rankWords: ranked ? rename(ranked.sql, "r") : words.sql,
    kind,
    condition,
    values: {
      ...words.values,
      ...(excluded ? renameValues(excluded.values, "x") : {}),
      ...(ranked ? renameValues(ranked.values, "r") : {}),
    },
  };
}

/** The same parameters under other names (:w0 → :x0, :r0), so several word expressions share a statement. */
const rename = (sql: string, prefix: string) => sql.replace(/:w(\d+)/g, `:${prefix}$1`);
const renameValues = (values: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k.replace(/^w/, prefix), v]));

/**
 * The filters' conditions (words aside) for one part of the list, or for all of them ("all").
 * Given `narrow` (the search, decision 062), a filter PostgreSQL's statistics call wide is written
 * so the search's GIN index can't take it (btree_gin would read every entry of the value or range);
 * the rows the index finds are checked against it instead. The answer is the same for every row,
 * nulls included: text is compared in the "C" collation (equality doesn't depend on collation; the
 * index's is the default, and the planner still estimates from the column's statistics), the pay
 * plus zero (an expression the index doesn't hold). Without `narrow` every filter may reach the index.
 */
export function filterConditions(
  filters: Filters,
  tier: Tier | "all",
  narrow?: Narrowness,
): { where: string[]; values: Record<string, unknown> } {
  const indexed = (column: FilterColumn, value: string) => !narrow || narrow.equals(column, value);
  const equals = (column: FilterColumn, value: string, param: string) =>
    `j.${column} = ${param}${indexed(column, value) ? "" : ` collate "C"`}`;
  const minSalaryUsd = filters.minSalary === null ? null : Math.floor(toUsd(filters.minSalary, filters.salaryCurrency));
  const where: string[] = [];
  const local = [`j.location_type is distinct from 'remote'`];
  if (filters.place.key) local.push(`j.place_keys @> array[:placeKey]::text[]`);
  else if (filters.place.text) local.push(`j.location ilike :placePattern`);
  const isRemote = equals("location_type", "remote", "'remote'");
  const remote =
    filters.place.remoteOnly && filters.place.key
      ? `(${isRemote} and j.place_keys @> array[:placeKey]::text[])`
      : isRemote;
  const tiers = tier === "all" ? tiersFor(filters) : [tier];
  const byTier = tiers.map((t) => (t === "any" ? "true" : t === "remote" ? remote : `(${local.join(" and ")})`));
  where.push(byTier.length === 1 ? byTier[0]! : `(${byTier.join(" or ")})`);
  if (filters.locationType) where.push(equals("location_type", filters.locationType, ":locationType"));
  if (filters.employmentType) where.push(equals("employment_type", filters.employmentType, ":employmentType"));
  if (filters.category) where.push(equals("category", filters.category, ":category"));
  if (minSalaryUsd !== null)
    where.push(`${SALARY_USD_SQL}${!narrow || narrow.minSalaryUsd(minSalaryUsd) ? "" : " + 0"} >= :minSalaryUsd`);
  return {
    where: where.filter((w) => w !== "true"),
    values: {
      placeKey: filters.place.key,
      placePattern: `%${escapeLike(filters.place.text)}%`,
      locationType: filters.locationType,
      employmentType: filters.employmentType,
      category: filters.category,
      minSalaryUsd,
    },
  };
}

/**
 * The share of jobs kept by the filters `narrow` keeps from the search's GIN index (and the local
 * tier's "not remote"): what the table turns down of the rows the index finds (1 when unknown).
 */
export function tableShare(filters: Filters, tier: Tier, narrow: Narrowness): number {
  const minSalaryUsd = filters.minSalary === null ? null : Math.floor(toUsd(filters.minSalary, filters.salaryCurrency));
  const wide = (column: FilterColumn, value: string) =>
    value && !narrow.equals(column, value) ? (narrow.shareEqual(column, value) ?? 1) : 1;
  const remote = narrow.shareEqual("location_type", "remote");
  // Unknown (or every job remote, when the local tier finds nothing anyway): nothing turned down.
  const byTier =
    tier === "local"
      ? remote === null || remote >= 1
        ? 1
        : 1 - remote
      : tier === "remote"
        ? wide("location_type", "remote")
        : 1;
  const pay = minSalaryUsd !== null && !narrow.minSalaryUsd(minSalaryUsd) ? (narrow.sharePaying(minSalaryUsd) ?? 1) : 1;
  return (
    byTier *
    wide("location_type", filters.locationType) *
    wide("employment_type", filters.employmentType) *
    wide("category", filters.category) *
    pay
  );
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL with `:name` parameters, as the `?` list em().execute takes (`::type` casts are left alone). */
export function bind(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const params: unknown[] = [];
  const text = sql.replace(/(?<!:):([a-zA-Z]\w*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for :${name}`);
    params.push(values[name]);
    return "?";
  });
  return [text, params];
}
