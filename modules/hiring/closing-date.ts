// A job's closing date as people type and read it (decision 078): a date input's YYYY-MM-DD, read
// as 23:59 of that day in the company's zone, never in the past. The closing page, the wizard and
// the edit form all go through parseClosingDate, so the rule lives here once. No database: the
// wizard's schema (schemas.ts) uses it too.
import { now } from "../../lib/clock.ts";
import { parseWallTime, wallInputs, WallTimeError, zonedWallTimeToUtc } from "../../lib/zoned-time.ts";

/** A job stays open this long after publishing unless its owner picks another closing date. */
export const CLOSING_DAYS = 60;
const DAY_MS = 86_400_000;

export const CLOSING_DATE_PAST = "The closing date can't be in the past.";
export const CLOSING_DATE_INVALID = "Enter the closing date as a date, like 2027-01-31.";
export const CLOSING_DATE_MISSING = "Enter the closing date";

export function defaultClosingDate(from: Date): Date {
  return new Date(from.getTime() + CLOSING_DAYS * DAY_MS);
}

/** The date input's value for a closing date, in the company's zone. */
export function closingDateInput(closesAt: Date | null, timeZone: string): string {
  return closesAt ? wallInputs(closesAt, timeZone).date : "";
}

/**
 * A typed closing date (YYYY-MM-DD) as the instant it ends in `timeZone`, or the message to show
 * beside the field: a date that has passed, or is not a date, is refused.
 */
export function parseClosingDate(
  input: string,
  timeZone: string,
  at = now(),
): { ok: true; closesAt: Date } | { ok: false; error: string } {
  const wall = parseWallTime(input, "23:59");
  if (!wall) return { ok: false, error: CLOSING_DATE_INVALID };
  let closesAt: Date;
  try {
    closesAt = zonedWallTimeToUtc(wall, timeZone);
  } catch (e) {
    if (e instanceof WallTimeError || e instanceof RangeError) return { ok: false, error: CLOSING_DATE_INVALID };
    throw e;
  }
  if (closesAt.getTime() <= at.getTime()) return { ok: false, error: CLOSING_DATE_PAST };
  return { ok: true, closesAt };
}

/** "Feb 1, 2027": the day a closing date falls on in the company's zone ("1. Feb. 2027" in de-DE). */
export function formatClosingDay(closesAt: Date, timeZone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { timeZone, month: "short", day: "numeric", year: "numeric" }).format(
    closesAt,
  );
}
