// A wall-clock time in an IANA zone to the instant it names, with Intl only (never the process's
// zone). The hour a DST change skips or repeats is resolved as the caller says: "reject" refuses it,
// so a person who typed it can be asked to pick another.
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
export type Disambiguation = "compatible" | "earlier" | "later" | "reject";

/** Why a wall time names no single instant: it doesn't exist ("skipped") or happens twice ("ambiguous"). */
export class WallTimeError extends RangeError {
  readonly kind: "invalid" | "skipped" | "ambiguous";
  constructor(kind: "invalid" | "skipped" | "ambiguous") {
    super(`${kind} wall time`);
    this.kind = kind;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `ms`, encoded as if it were UTC. */
function wallAt(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(ms)) if (type !== "literal") p[type] = Number(value);
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
}

/** The zone's offset from UTC at instant `ms`, in ms (-6 h for Chicago in winter). */
export function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAt(whole, timeZone) - whole;
}

export function zonedWallTimeToUtc(w: WallTime, timeZone: string, disambiguation: Disambiguation = "compatible"): Date {
  const target = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const t = new Date(target);
  if (
    t.getUTCFullYear() !== w.year ||
    t.getUTCMonth() !== w.month - 1 ||
    t.getUTCDate() !== w.day ||
    t.getUTCHours() !== w.hour ||
    t.getUTCMinutes() !== w.minute
  )
    throw new WallTimeError("invalid");
  const DAY = 86_400_000;
  const before = offsetAt(target - DAY, timeZone);
  const after = offsetAt(target + DAY, timeZone);
  const hits = [...new Set([before, after])]
    .map((offset) => target - offset)
    .filter((ms) => wallAt(ms, timeZone) === target)
    .sort((a, b) => a - b);
  if (hits.length === 1) return new Date(hits[0]!);
  if (disambiguation === "reject") throw new WallTimeError(hits.length ? "ambiguous" : "skipped");
  if (hits.length === 2) return new Date(disambiguation === "later" ? hits[1]! : hits[0]!);
  // The skipped hour: "compatible" and "later" move forward by the gap, "earlier" back.
  return new Date(target - (disambiguation === "earlier" ? after : before));
}

/** "2026-12-03" and "10:00" (a date and a time input) as a wall time; null when either is malformed. */
export function parseWallTime(date: string, time: string): WallTime | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day] = d.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = t.slice(1).map(Number) as [number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/** The wall date and time of an instant in a zone, as a date and a time input take them. */
export function wallInputs(at: Date, timeZone: string): { date: string; time: string } {
  const wall = new Date(wallAt(at.getTime(), timeZone));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** "Thu, Dec 3, 2026, 10:00 AM CST": a time as a person in `timeZone` reads it, the zone named. */
export function formatZoned(at: Date, timeZone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}
