// What job alerts read of the board: active jobs first seen (published) in a window that match a
// saved search, newest first. The same words and filters as searchBoard, from the same builder
// (board-filters.ts: words, place, remote, type, category, salary in its currency), without
// ranking: a digest lists what is new. The window's bounds are constants in the statement, so the
// (published_at, search_vector) GIN index finds matching words among the window's jobs in one scan.
import { em } from "../../lib/db.ts";
import { BOARD_JOB_COLUMNS, toJob, type BoardJob, type BoardJobRow } from "./board-job.ts";
import { bind, filterConditions, readFilters, wordsSql, type BoardQuery } from "./board-filters.ts";

// The board card's columns; these jobs are active, so they have a publication date.
type Row = BoardJobRow & { published_at: Date };

/** Up to `limit` active jobs published after `since` and no later than `until` matching `query`, newest first. */
export async function newBoardJobs(query: BoardQuery, since: Date, until: Date, limit = 10): Promise<BoardJob[]> {
  const filters = readFilters(query);
  const words = wordsSql(filters);
  const filtered = filterConditions(filters, "all");
  const where = [
    `j.status = 'active'`,
    `j.published_at > :since::timestamptz`,
    `j.published_at <= :until::timestamptz`,
    words.condition,
    ...filtered.where,
  ];
  const [sql, params] = bind(
    `select ${BOARD_JOB_COLUMNS}
       from jobs j
      where ${where.join(" and ")}
      order by j.published_at desc, j.id desc
      limit :limit`,
    {
      ...words.values,
      ...filtered.values,
      since: since.toISOString(),
      until: until.toISOString(),
      limit: Math.min(Math.max(Math.trunc(limit), 1), 50),
    },
  );
  const rows = await em().execute<Row[]>(sql, params);
  return rows.map(toJob);
}

/** The ids of listings imported from a provider, by "{source}:{externalId}" (one query). */
export async function importedJobIds(keys: string[]): Promise<Map<string, string>> {
  const pairs = [...new Set(keys)]
    .map((key) => {
      const colon = key.indexOf(":");
      return colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : null;
    })
    .filter((p): p is [string, string] => p !== null && p[0] !== "board");
  if (!pairs.length) return new Map();
  const rows = await em().execute<{ id: string; source: string; external_id: string }[]>(
    `select j.id, j.source, j.external_id from jobs j join json_to_recordset(?::json) as k(source text, external_id text) on j.source = k.source and j.external_id = k.external_id`,
    [JSON.stringify(pairs.map(([source, external_id]) => ({ source, external_id })))],
  );
  return new Map(rows.map((r) => [`${r.source}:${r.external_id}`, r.id]));
}
