// Pay transparency. Places whose laws require a pay range in job ads, as data, matched on the place
// keys lib/places.ts computes for a job's location (so "Brooklyn, NY" counts as New York City and
// New York State). A company may also insist on a range for every job it publishes
// (companies.require_salary_range): then publishing without both bounds is refused.
// Sources (checked 2026-12):
//   New York City — NYC Admin. Code §8-107(32), Local Law 32 of 2022
//   New York State — N.Y. Labor Law §194-b (2023)
//   California — Cal. Labor Code §432.3, SB 1162 (2023)
//   Colorado — Equal Pay for Equal Work Act, C.R.S. §8-5-201 (2021)
//   Washington — RCW 49.58.110, SB 5761 (2023)
//   Illinois — 820 ILCS 112/10, HB 3129 (2025)
//   Maryland — Md. Code, Lab. & Empl. §3-304.2, SB 525 (Oct 2024)
//   Hawaii — HRS §378-2.4, SB 1057 (2024)
//   Minnesota — Minn. Stat. §181.173 (2025)
//   Vermont — 21 V.S.A. §495o, H.704 (July 2025)
//   Massachusetts — M.G.L. c.149 §105F, H.4890 (Oct 2025)
//   New Jersey — N.J.S.A. 34:11-56a41, S2310 (June 2025)
import type { FieldErrors } from "./schemas.ts";
import { placeKeys } from "../../lib/places.ts";
import { parseWholeNumber } from "./vocabulary.ts";

export const PAY_RANGE_PLACES: readonly { key: string; name: string }[] = [
  { key: "city:us-new-york", name: "New York City" },
  { key: "region:us-ny", name: "New York State" },
  { key: "region:us-ca", name: "California" },
  { key: "region:us-co", name: "Colorado" },
  { key: "region:us-wa", name: "Washington" },
  { key: "region:us-il", name: "Illinois" },
  { key: "region:us-md", name: "Maryland" },
  { key: "region:us-hi", name: "Hawaii" },
  { key: "region:us-mn", name: "Minnesota" },
  { key: "region:us-vt", name: "Vermont" },
  { key: "region:us-ma", name: "Massachusetts" },
  { key: "region:us-nj", name: "New Jersey" },
];

export const SALARY_RANGE_REQUIRED =
  "Your company shows a salary range on every job: enter both the minimum and the maximum.";

/** The places among a job's place keys that require a pay range in job ads (most specific first). */
export function payRangePlaces(keys: readonly string[]): string[] {
  const found = PAY_RANGE_PLACES.filter((p) => keys.includes(p.key)).map((p) => p.name);
  return found.sort((a, b) => (a === "New York City" ? -1 : b === "New York City" ? 1 : 0));
}

/** The notice beside the salary fields (not a refusal), or null where no law asks for a range. */
export function payRangeNotice(keys: readonly string[], hasRange: boolean): string | null {
  if (hasRange) return null;
  const places = payRangePlaces(keys);
  if (places.length === 0) return null;
  return `Job ads in ${places.join(" and ")} must show a pay range: enter a minimum and a maximum.`;
}

/**
 * The notice for the wizard's fields as typed (browser-safe: the wizard recomputes it as the
 * location changes, and the server renders it first).
 */
export function payRangeNoticeFor(location: string, salaryMin: string, salaryMax: string): string | null {
  const bound = (typed: string) => typeof parseWholeNumber(typed) === "number";
  return payRangeNotice(placeKeys(location), bound(salaryMin) && bound(salaryMax));
}

/** Refuses a salary without both bounds when the company always shows a range. */
export function salaryRangeErrors(
  requireRange: boolean,
  salary: { min: number | null; max: number | null },
): FieldErrors | null {
  if (!requireRange) return null;
  const errors: FieldErrors = {};
  if (salary.min === null) errors.salary_min = [SALARY_RANGE_REQUIRED];
  if (salary.max === null) errors.salary_max = [SALARY_RANGE_REQUIRED];
  return Object.keys(errors).length ? errors : null;
}
