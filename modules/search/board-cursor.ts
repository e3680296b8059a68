// The board search's cursor (board.ts): where Load More goes on, as opaque text in the URL. It
// names the part of the list the last row was in and that row's sort key, so every match shows
// once, in one order; anything malformed or forged reads as "first page".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** A publish time as PostgreSQL writes it ("2026-11-19 00:00:00.123456+00"), kept to the microsecond. */
const isTimestamp = (text: unknown): text is string =>
  typeof text === "string" &&
  TIMESTAMP.test(text) &&
  !Number.isNaN(Date.parse(text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")));

/**
 * Where the next page starts: which part of the list (the place's jobs or the remote ones; the
 * newest jobs or the older ones), where that split falls, the last row's score, publish time and
 * id, the time the ranking was computed at, and the count the first page found.
 */
export interface Cursor {
  tier: number;
  older: boolean;
  /**
   * Where the part's newest jobs end: the publish time of the last of the newest 10,000 jobs, or of a
   * common word's last ranked match (board.ts#RANKED_AT_MOST); null when the board has no more.
   */
  newest: string | null;
  score: number;
  published: string;
  id: string;
  asOf: string;
  total: number;
  capped: boolean;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(
    JSON.stringify([
      2,
      c.tier,
      c.older ? 1 : 0,
      c.newest,
      c.score,
      c.published,
      c.id,
      c.asOf,
      c.total,
      c.capped ? 1 : 0,
    ]),
  ).toString("base64url");
}

/** A cursor from the URL (totals above `maxTotal` are forged); anything malformed reads as "first page". */
export function decodeCursor(text: string | null | undefined, maxTotal: number): Cursor | null {
  if (!text || text.length > 400) return null;
  try {
    const [version, tier, older, newest, score, published, id, asOf, total, capped] = JSON.parse(
      Buffer.from(text, "base64url").toString("utf8"),
    ) as unknown[];
    if (version !== 2 || (tier !== 0 && tier !== 1)) return null;
    if (older !== 0 && older !== 1) return null;
    if (newest !== null && !isTimestamp(newest)) return null;
    if (typeof score !== "number" || !Number.isFinite(score) || Math.abs(score) > 1e12) return null;
    if (!isTimestamp(published)) return null;
    if (typeof id !== "string" || !UUID.test(id)) return null;
    if (typeof asOf !== "string" || Number.isNaN(Date.parse(asOf))) return null;
    if (typeof total !== "number" || !Number.isInteger(total) || total < 0 || total > maxTotal) return null;
    return { tier, older: older === 1, newest, score, published, id, asOf, total, capped: capped === 1 };
  } catch {
    return null;
  }
}
