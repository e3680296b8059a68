// A candidate's last search on the board: the search form's fields as a query string (never page
// cursors, details or notices), kept so a returning candidate opens the board on it, not the defaults.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";

/** The search form's fields: a URL with any of them states a search (an empty q is still one). */
export const SEARCH_FIELDS = [
  "q",
  "location",
  "location_type",
  "employment_type",
  "category",
  "min_salary",
  "date_posted",
  "remote",
  "currency",
  "sort",
] as const;

/** Page state tied to one search's results: a URL with any of it is not a fresh visit. */
const PAGE_STATE = ["cursor", "page", "prev", "job", "sample"];

const MAX_QUERY = 800;

/** The search fields of `params` as a query string, in the form's order; null when it has none. */
export function searchFieldsOf(params: URLSearchParams): string | null {
  const kept = new URLSearchParams();
  for (const name of SEARCH_FIELDS) for (const value of params.getAll(name)) kept.append(name, value.slice(0, 200));
  const query = kept.toString();
  return query && query.length <= MAX_QUERY ? query : null;
}

/** Whether the URL is a plain visit: no search fields and no page of an earlier search. */
export function isPlainVisit(params: URLSearchParams): boolean {
  return ![...SEARCH_FIELDS, ...PAGE_STATE].some((name) => params.has(name));
}

/** Keeps `query` as the candidate's last search (writing nothing when it is already that). */
export async function rememberSearch(candidateId: string, query: string): Promise<void> {
  await em().execute(
    `insert into last_searches (candidate_id, query, searched_at) values (?, ?, ?)
     on conflict (candidate_id) do update set query = excluded.query, searched_at = excluded.searched_at
     where last_searches.query is distinct from excluded.query`,
    [candidateId, query, now()],
  );
}

/** The candidate's last search as a query string, or null. */
export async function lastSearchOf(candidateId: string): Promise<{ query: string; searchedAt: string } | null> {
  const rows = await em().execute<{ query: string; searched_at: Date | string }[]>(
    `select query, searched_at from last_searches where candidate_id = ?`,
    [candidateId],
  );
  const row = rows[0];
  if (!row) return null;
  return { query: row.query, searchedAt: new Date(row.searched_at).toISOString() };
}
