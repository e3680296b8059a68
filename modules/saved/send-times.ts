// When digests go out: 07:00 in the candidate's time zone (UTC unless they chose one), daily, or
// on Mondays for weekly alerts. The same rule in JavaScript (an alert made, edited or resumed) and
// in SQL (the run's claim, per alert's zone): a local 07:00 stays 07:00 across daylight saving.
import type { Frequency } from "./entities.ts";

export const SEND_HOUR = 7;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every IANA zone this server knows, UTC first (the settings list). */
export function alertTimeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}

/** A zone this server knows as it names it, or UTC. */
export function knownZone(zone: unknown): string {
  if (typeof zone !== "string" || !zone || zone.length > 64) return "UTC";
  try {
    const listed = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    return alertTimeZones().includes(listed) ? listed : "UTC";
  } catch {
    return "UTC";
  }
}

/** The wall clock of `at` in `zone`, as milliseconds read as UTC. */
function wallClock(at: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The instant whose wall clock in `zone` reads `wall`. */
function instantOf(wall: number, zone: string): Date {
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - (wallClock(guess, zone) - guess);
  return new Date(guess);
}

/** The send slot on or before `at`, as a wall clock in `zone`. */
function slotWall(frequency: Frequency, at: Date, zone: string): number {
  const shifted = new Date(wallClock(at.getTime(), zone) - SEND_HOUR * HOUR);
  const day = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  const back = frequency === "weekly" ? (shifted.getUTCDay() + 6) % 7 : 0; // days since Monday
  return day - back * DAY + SEND_HOUR * HOUR;
}

/** The first send slot after `at`. */
export function nextSlot(frequency: Frequency, at: Date, zone = "UTC"): Date {
  return instantOf(slotWall(frequency, at, zone) + (frequency === "weekly" ? 7 : 1) * DAY, zone);
}

/** The period a run at `at` sends for: "2026-11-24" (daily) or "2026-11-23/week" (weekly, the Monday), in `zone`. */
export function periodKey(frequency: Frequency, at: Date, zone = "UTC"): string {
  const slot = new Date(slotWall(frequency, at, zone)).toISOString().slice(0, 10);
  return frequency === "weekly" ? `${slot}/week` : slot;
}

// The same in SQL for a claimed row `picked` (its frequency and time_zone) at the run's time `?`.
const LOCAL_SLOT = `date_trunc(case picked.frequency when 'daily' then 'day' else 'week' end, (?::timestamptz at time zone picked.time_zone) - interval '${SEND_HOUR} hours') + interval '${SEND_HOUR} hours'`;
export const NEXT_RUN_SQL = `(${LOCAL_SLOT} + case picked.frequency when 'daily' then interval '1 day' else interval '7 days' end) at time zone picked.time_zone`;
export const PERIOD_SQL = `to_char(${LOCAL_SLOT}, 'YYYY-MM-DD') || case picked.frequency when 'daily' then '' else '/week' end`;
