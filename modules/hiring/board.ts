// Search over the board's active jobs in PostgreSQL: the person's words through
// websearch_to_tsquery (quotes, -word and "or" work, and no input can make it fail), ranked by
// relevance with a little weight for recency, with filters and keyset pagination (no OFFSET).
// Ranking reads the newest jobs first, so that a common word costs about the same on 1M jobs as
// on 10k (decision 014).
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { CATEGORIES, EMPLOYMENT_TYPES, LOCATION_TYPES } from "./vocabulary.ts";

export interface BoardQuery {
  q?: string;
  location?: string;
  locationType?: string;
  employmentType?: string;
  category?: string;
  minSalary?: number | null;
  /** all | today | 3days | week | month (the provider's date_posted values). */
  postedWithin?: string;
  cursor?: string | null;
  limit?: number;
}

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
}

/**
 * Ranking reads the newest jobs first: matches among the newest 10,000 active jobs are ranked
 * (and listed) first, then the older matches. A common word ("engineer" is in more than half of
 * all jobs) then ranks a few thousand rows, not half the board; a rare word runs out of matches
 * among the newest and reads the rest, which is cheap because it is rare. A board of up to
 * 10,000 jobs ranks every match at once.
 */
export const NEWEST_RANKED_FIRST = 10_000;

const POSTED_DAYS: Record<string, number> = { today: 1, "3days": 3, week: 7, month: 30 };
const MAX_QUERY = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** A publish time as PostgreSQL writes it ("2026-11-19 00:00:00.123456+00"), kept to the microsecond. */
const isTimestamp = (text: unknown): text is string =>
  typeof text === "string" && TIMESTAMP.test(text) && !Number.isNaN(Date.parse(text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")));

/**
 * Where the next page starts: which part of the ranking (the newest jobs, or the older ones), where
 * that split falls, the last row's score, publish time and id, and the time the ranking was
 * computed at.
 */
interface Cursor {
  older: boolean;
  /** The publish time of the last of the newest jobs; null when the board has no more than that. */
  newest: string | null;
  score: number;
  published: string;
  id: string;
  asOf: string;
}

function encodeCursor(cursor: Cursor): string {
  const { older, newest, score, published, id, asOf } = cursor;
  return Buffer.from(JSON.stringify([older ? 1 : 0, newest, score, published, id, asOf])).toString("base64url");
}

/** A cursor from the URL; anything malformed or forged reads as "first page". */
function decodeCursor(text: string | null | undefined): Cursor | null {
  if (!text || text.length > 400) return null;
  try {
    const [older, newest, score, published, id, asOf] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (older !== 0 && older !== 1) return null;
    if (newest !== null && !isTimestamp(newest)) return null;
    if (typeof score !== "number" || !Number.isFinite(score) || Math.abs(score) > 1e6) return null;
    if (!isTimestamp(published)) return null;
    if (typeof id !== "string" || !UUID.test(id)) return null;
    if (typeof asOf !== "string" || Number.isNaN(Date.parse(asOf))) return null;
    return { older: older === 1, newest, score, published, id, asOf };
  } catch {
    return null;
  }
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

interface Row {
  kind: "none" | "match" | "exclude";
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
}

export interface Filters {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  days: number | null;
}

export function readFilters(query: BoardQuery): Filters {
  const minSalary = query.minSalary ?? null;
  return {
    q: (query.q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY),
    location: (query.location ?? "").replace(/\s+/g, " ").trim().slice(0, 100),
    locationType: (LOCATION_TYPES as readonly string[]).includes(query.locationType ?? "") ? query.locationType! : "",
    employmentType: (EMPLOYMENT_TYPES as readonly string[]).includes(query.employmentType ?? "") ? query.employmentType! : "",
    category: (CATEGORIES as readonly string[]).includes(query.category ?? "") ? query.category! : "",
    minSalary: minSalary !== null && Number.isFinite(minSalary) && minSalary > 0 ? Math.min(Math.trunc(minSalary), 2_000_000_000) : null,
    days: POSTED_DAYS[query.postedWithin ?? ""] ?? null,
  };
}

/** Which part of the ranking to read, and where the newest jobs end (null: the board has no more). */
interface Part {
  older: boolean;
  newest: string | null;
}

/** Where the newest jobs end, kept a minute: it moves only as jobs are posted and closed. */
let newestKept: { bound: string; until: number } | undefined;
const NEWEST_KEPT_MS = 60_000;

/** The publish time of the last of the newest jobs, or null when the board has no more than that. */
async function newestBound(): Promise<string | null> {
  if (newestKept && performance.now() < newestKept.until) return newestKept.bound;
  const [row] = await em().execute<{ bound: string }[]>(
    "select published_at::text as bound from jobs where status = 'active' order by published_at desc, id desc offset ? limit 1",
    [NEWEST_RANKED_FIRST - 1],
  );
  // A small board isn't kept, so the split starts as soon as the board grows past it.
  newestKept = row ? { bound: row.bound, until: performance.now() + NEWEST_KEPT_MS } : undefined;
  return row?.bound ?? null;
}

/**
 * One part's rows, best first, after `after` (the cursor, in that part). One statement: what the
 * words ask for is decided inside it. The words are a constant, so PostgreSQL folds that decision
 * when it plans and keeps only what applies: words that match go through the GIN index and are
 * ranked; words that parse to nothing (punctuation, stop words) list the board newest first; words
 * that only exclude ("-java") can't use an index and would read every job, so they filter that
 * newest-first listing. The answer always has a row, which says what the words were.
 */
async function searchPart(filters: Filters, part: Part, after: Cursor | null, asOf: string, limit: number): Promise<Row[]> {
  const words = "websearch_to_tsquery('english', :q)";
  const kind = `(case when numnode(${words}) = 0 then 'none' when querytree(${words}) = 'T' then 'exclude' else 'match' end)`;
  const where = [
    `j.status = 'active'`,
    // !! negates: "-java -python" keeps jobs with neither, and NOT keeps the GIN index out of it.
    `(case ${kind} when 'match' then j.search_vector @@ ${words} when 'exclude' then not (j.search_vector @@ !!${words}) else true end)`,
  ];
  // Publish-time bounds are constants, so PostgreSQL knows how much of the board they keep (given
  // a bound it can't see, it guesses a third, and reading the whole table looks cheaper).
  const since = filters.days ? new Date(Date.parse(asOf) - filters.days * 86_400_000).toISOString() : null;
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
    where.push(`(case ${kind} when 'match' then j.published_at >= ${from} else ${since ? "j.published_at >= :since::timestamptz" : "true"} end)`);
  } else if (since) {
    where.push(`j.published_at >= :since::timestamptz`);
  }
  if (filters.locationType) where.push(`j.location_type = :locationType`);
  if (filters.location) {
    // City, region or country, in any case; remote jobs match any location.
    where.push(/^remote$/i.test(filters.location) ? `(j.location_type = 'remote' or j.location ilike :pattern)` : `(j.location ilike :pattern or j.location_type = 'remote')`);
  }
  if (filters.employmentType) where.push(`j.employment_type = :employmentType`);
  if (filters.category) where.push(`j.category = :category`);
  if (filters.minSalary !== null) where.push(`coalesce(j.salary_max, j.salary_min) >= :minSalary`);

  // Relevance over the narrow in-row ranking vector (title, skills, company) plus a little
  // recency: 0.3 for a job posted now, fading over weeks. Without words, newest first.
  const score = `(case when ${kind} = 'match' then ts_rank_cd(j.rank_vector, ${words}, 32) * 0.7 + 0.3 / (1 + date_part('epoch', :asOf::timestamptz - j.published_at) / 86400 / 14) else 0 end)::float8`;
  // Ranked on the narrow columns first; the page's jobs are read whole afterwards, by id.
  const [sql, params] = bind(
    `with words as materialized (select ${kind} as kind)
     select w.kind, f.score, f.published_text,
            j.id, j.title, j.company_name, j.company_logo, j.location, j.location_type, j.employment_type, j.category,
            j.salary_min, j.salary_max, j.salary_currency, left(j.description, 400) as description_preview,
            j.skills, j.benefits, j.published_at
       from words w
       left join (
         select * from (
           select j.id, j.published_at, j.published_at::text as published_text, ${score} as score
             from jobs j
            where ${where.join(" and ")}
         ) s
         ${after ? "where (s.score, s.published_at, s.id) < (:afterScore::float8, :afterPublished::timestamptz, :afterId::uuid)" : ""}
         order by s.score desc, s.published_at desc, s.id desc
         limit :limit
       ) f on true
       left join jobs j on j.id = f.id
      order by f.score desc, f.published_at desc, f.id desc`,
    {
      q: filters.q,
      asOf,
      since,
      newest: part.newest,
      locationType: filters.locationType,
      pattern: `%${escapeLike(filters.location)}%`,
      employmentType: filters.employmentType,
      category: filters.category,
      minSalary: filters.minSalary,
      afterScore: after?.score,
      afterPublished: after?.published,
      afterId: after?.id,
      limit,
    },
  );
  return em().execute<Row[]>(sql, params);
}

/** One page of the board's active jobs for the query. Unknown filter values are ignored. */
export async function searchBoard(query: BoardQuery): Promise<BoardPage> {
  const filters = readFilters(query);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), 50);
  const cursor = decodeCursor(query.cursor);
  const asOf = cursor?.asOf ?? now().toISOString();

  // The cursor's part from where it stopped (a search with no words needs no split: it lists the
  // board newest first); then, while the page has room, the older matches.
  const part: Part = cursor ? { older: cursor.older, newest: cursor.newest } : { older: false, newest: filters.q ? await newestBound() : null };
  const found = await searchPart(filters, part, cursor, asOf, limit + 1);
  const kind = found[0]!.kind;
  const rows = found.filter((r) => r.id).map((row) => ({ row, older: part.older }));
  if (rows.length <= limit && kind === "match" && !part.older && part.newest) {
    const older = await searchPart(filters, { older: true, newest: part.newest }, null, asOf, limit + 1 - rows.length);
    rows.push(...older.filter((r) => r.id).map((row) => ({ row, older: true })));
  }

  const page = rows.slice(0, limit);
  const end = page.at(-1);
  return {
    jobs: page.map(({ row: r }) => ({
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
    })),
    nextCursor:
      rows.length > limit && end
        ? encodeCursor({ older: end.older, newest: kind === "match" ? part.newest : null, score: Number(end.row.score), published: end.row.published_text, id: end.row.id!, asOf })
        : null,
  };
}
