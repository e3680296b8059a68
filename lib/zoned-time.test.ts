// Wall times to instants across DST changes, whatever the process's own zone.
import { expect, it } from "vitest";
import { formatZoned, parseWallTime, wallInputs, WallTimeError, zonedWallTimeToUtc } from "./zoned-time.ts";

const utc = (date: string, time: string, zone: string, how?: "reject" | "later") =>
  zonedWallTimeToUtc(parseWallTime(date, time)!, zone, how).toISOString();

it("reads standard and daylight time, and half-hour zones", () => {
  expect(utc("2026-12-03", "10:00", "America/Chicago")).toBe("2026-12-03T16:00:00.000Z");
  expect(utc("2026-07-01", "10:00", "America/Chicago")).toBe("2026-07-01T15:00:00.000Z");
  expect(utc("2026-12-03", "10:00", "Asia/Kolkata")).toBe("2026-12-03T04:30:00.000Z");
  expect(utc("2026-12-03", "10:00", "UTC")).toBe("2026-12-03T10:00:00.000Z");
});

it("refuses the hour the clocks skip and the hour they repeat when asked to", () => {
  expect(() => utc("2026-03-08", "02:30", "America/Chicago", "reject")).toThrow(new WallTimeError("skipped"));
  expect(() => utc("2026-11-01", "01:30", "America/Chicago", "reject")).toThrow(new WallTimeError("ambiguous"));
  expect(utc("2026-11-01", "01:30", "America/Chicago", "later")).toBe("2026-11-01T07:30:00.000Z");
  expect(utc("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
});

it("refuses dates that don't exist and malformed input", () => {
  expect(() => utc("2026-02-30", "10:00", "UTC")).toThrow(new WallTimeError("invalid"));
  expect(parseWallTime("2026-12-3", "10:00")).toBeNull();
  expect(parseWallTime("2026-12-03", "25:00")).toBeNull();
  expect(parseWallTime("", "")).toBeNull();
});

it("gives back the wall time of an instant and names the zone when formatting", () => {
  expect(wallInputs(new Date("2026-12-03T16:00:00Z"), "America/Chicago")).toEqual({
    date: "2026-12-03",
    time: "10:00",
  });
  expect(formatZoned(new Date("2026-12-03T16:00:00Z"), "America/Chicago")).toBe("Thu, Dec 3, 2026, 10:00 AM CST");
});
