import { expect, it } from "vitest";
import { formatDate, formatMoney } from "./dates.ts";

it("formats dates in US English short form", () => {
  expect(formatDate(new Date("2026-11-21T12:00:00Z"))).toBe("Nov 21, 2026");
  expect(formatDate("2026-01-05T00:00:00Z")).toBe("Jan 5, 2026");
  expect(formatDate("not a date")).toBe("");
});

it("formats dates and money for the reader's locale, in UTC", () => {
  expect(formatDate("2026-11-24T12:00:00Z", "de-DE")).toBe("24. Nov. 2026");
  // 02:30 UTC is the day before in Chicago: always UTC, so server and browser agree.
  expect(formatDate("2026-11-25T02:30:00Z")).toBe("Nov 25, 2026");
  expect(formatMoney(85_000, "EUR", "de-DE")).toBe("85.000\u00a0€");
  expect(formatMoney(120_000, "USD")).toBe("$120,000");
});
