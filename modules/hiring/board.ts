// Search over the board's active jobs in PostgreSQL: the person's words through
// websearch_to_tsquery (quotes, -word and "or" work, and no input can make it fail), ranked by
// relevance with a little weight for recency, with filters and keyset pagination (no OFFSET).
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

const POSTED_DAYS: Record<string, number> = { today: 1, "3days": 3, week: 7, month: 30 };
const MAX_QUERY = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** Where the next page starts: the last row's score, publish time (as PostgreSQL's text, to the microsecond) and id, and the time the ranking was computed at. */
interface Cursor {
  score: number;
  published: string;
  id: string;
  asOf: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.published, cursor.id, cursor.asOf])).toString("base64url");
}

/** A cursor from the URL; anything malformed or forged reads as "first page". */
function decodeCursor(text: string | null | undefined): Cursor | null {
  if (!text || text.length > 300) return null;
  try {
    const [score, published, id, asOf] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof score !== "number" || !Number.isFinite(score) || Math.abs(score) > 1e6) return null;
    if (typeof published !== "string" || !TIMESTAMP.test(published)) return null;
    // PostgreSQL writes "2026-11-19 00:00:00.123456+00"; JavaScript reads it once it looks like ISO.
    if (Number.isNaN(Date.parse(published.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")))) return null;
    if (typeof id !== "string" || !UUID.test(id)) return null;
    if (typeof asOf !== "string" || Number.isNaN(Date.parse(asOf))) return null;
    return { score, published, id, asOf };
  } catch {
    return null;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row {
  id: string;
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

/**
 * Decides what the words ask for. Words that parse to nothing (punctuation, stop words) search
 * nothing and list the board. Words that only exclude ("-java") can't use the index and would
 * read every job; they are applied as an exclusion on the listing instead (still newest first).
 */
async function parseWords(q: string): Promise<"none" | "match" | "exclude"> {
  if (!q) return "none";
  const [row] = await em().execute<{ nodes: number; tree: string }[]>(
    "select numnode(q) as nodes, querytree(q) as tree from websearch_to_tsquery('english', ?) q",
    [q],
  );
  if (!row || row.nodes === 0) return "none";
  return row.tree === "T" ? "exclude" : "match";
}

/** One page of the board's active jobs for the query. Unknown filter values are ignored. */
export async function searchBoard(query: BoardQuery): Promise<BoardPage> {
  const q = (query.q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY);
  const words = await parseWords(q);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), 50);
  const cursor = decodeCursor(query.cursor);
  const asOf = cursor?.asOf ?? now().toISOString();

  const where: string[] = [`j.status = 'active'`];
  const params: unknown[] = [];
  if (words === "match") {
    where.push(`j.search_vector @@ websearch_to_tsquery('english', ?)`);
    params.push(q);
  } else if (words === "exclude") {
    where.push(`not (j.search_vector @@ websearch_to_tsquery('english', ?))`);
    params.push(q.replace(/(^|\s)-/g, "$1"));
  }
  const locationType = (LOCATION_TYPES as readonly string[]).includes(query.locationType ?? "") ? query.locationType! : "";
  if (locationType) {
    where.push(`j.location_type = ?`);
    params.push(locationType);
  }
  const location = (query.location ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  if (location) {
    // City, region or country, in any case; remote jobs match any location.
    const remoteAsked = /^remote$/i.test(location);
    where.push(remoteAsked ? `(j.location_type = 'remote' or j.location ilike ?)` : `(j.location ilike ? or j.location_type = 'remote')`);
    params.push(`%${escapeLike(location)}%`);
  }
  if ((EMPLOYMENT_TYPES as readonly string[]).includes(query.employmentType ?? "")) {
    where.push(`j.employment_type = ?`);
    params.push(query.employmentType);
  }
  if ((CATEGORIES as readonly string[]).includes(query.category ?? "")) {
    where.push(`j.category = ?`);
    params.push(query.category);
  }
  const minSalary = query.minSalary ?? null;
  if (minSalary !== null && Number.isFinite(minSalary) && minSalary > 0) {
    where.push(`coalesce(j.salary_max, j.salary_min) >= ?`);
    params.push(Math.min(Math.trunc(minSalary), 2_000_000_000));
  }
  const days = POSTED_DAYS[query.postedWithin ?? ""];
  if (days) {
    where.push(`j.published_at >= ?::timestamptz - make_interval(days => ?)`);
    params.push(asOf, days);
  }

  // Relevance (when there are words to match) plus a little recency: 0.3 for a job posted now,
  // fading over weeks. Without words, newest first.
  const score =
    words === "match"
      ? `(ts_rank_cd(j.search_vector, websearch_to_tsquery('english', ?), 32) * 0.7 + 0.3 / (1 + date_part('epoch', ?::timestamptz - j.published_at) / 86400 / 14))::float8`
      : `0::float8`;
  const scoreParams = words === "match" ? [q, asOf] : [];
  const after = cursor ? `where (s.score, s.published_at, s.id) < (?::float8, ?::timestamptz, ?::uuid)` : "";
  const afterParams = cursor ? [cursor.score, cursor.published, cursor.id] : [];

  const rows = await em().execute<Row[]>(
    `select * from (
       select j.id, j.title, j.company_name, j.company_logo, j.location, j.location_type, j.employment_type,
              j.category, j.salary_min, j.salary_max, j.salary_currency, left(j.description, 400) as description_preview,
              j.skills, j.benefits, j.published_at, j.published_at::text as published_text, ${score} as score
         from jobs j
        where ${where.join(" and ")}
     ) s
     ${after}
     order by s.score desc, s.published_at desc, s.id desc
     limit ${limit + 1}`,
    [...scoreParams, ...params, ...afterParams],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    jobs: page.map((r) => ({
      id: r.id,
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
    nextCursor: rows.length > limit && last ? encodeCursor({ score: Number(last.score), published: last.published_text, id: last.id, asOf }) : null,
  };
}
