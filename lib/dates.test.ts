import { expect, it } from "vitest";
import { formatDate } from "./dates.ts";

it("formats dates in US English short form", () => {
  expect(formatDate(new Date("2026-11-21T12:00:00Z"))).toBe("Nov 21, 2026");
  expect(formatDate("2026-01-05T00:00:00Z")).toBe("Jan 5, 2026");
  expect(formatDate("not a date")).toBe("");
});
