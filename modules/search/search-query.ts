// The job search as its URL states it (the search pages' GET form, their paging and the in-page
// detail), in one schema: a field's first value counts (remote's last), an unknown choice reads as
// none or its default, long text is cut, and no input fails to parse.
import { z } from "zod";
import { CATEGORIES, CURRENCIES, EMPLOYMENT_TYPES, LOCATION_TYPES } from "../hiring/browser.ts";
import { DATE_POSTED } from "./provider.ts";
import { SORTS } from "./vocabulary.ts";

/** Earlier pages kept in the URL for "Previous page" without JavaScript (the oldest fall off). */
export const MAX_PREVIOUS_PAGES = 12;

/** Every value the URL gives a parameter, in order; none when it is absent. */
const values = z.array(z.string()).default([]);
/** Read as URLSearchParams.get does: the first value. */
const first = <T extends z.ZodTypeAny>(field: T) => values.transform((all) => all[0]).pipe(field);

/** Text on one line, cut to `max` characters. */
const text = (max: number) => z.string().transform((v) => v.replace(/\s+/g, " ").trim().slice(0, max));
/** One of `allowed`; anything else (or nothing) reads as `fallback`. */
const choice = <T extends string, F extends string>(allowed: readonly [T, ...T[]], fallback: F) =>
  z.union([z.enum(allowed), z.literal(fallback)]).catch(fallback);

export const SearchQuerySchema = z.object({
  q: first(text(200).default("")),
  location: first(text(100).default("")),
  location_type: first(choice(LOCATION_TYPES, "")),
  employment_type: first(choice(EMPLOYMENT_TYPES, "")),
  category: first(choice(CATEGORIES, "")),
  // As typed ("80,000"): read with parseWholeNumber; the form says when it is not a number.
  min_salary: first(
    z
      .string()
      .default("")
      .transform((v) => v.trim().slice(0, 20)),
  ),
  date_posted: first(choice(DATE_POSTED, "all")),
  // The form sends remote=0 then, when the box is ticked, remote=1: the last one counts; none, the default.
  remote: values.transform((all) => all.at(-1)).pipe(choice(["0", "1"], "")),
  currency: first(choice(CURRENCIES, "USD")),
  sort: first(choice(SORTS, "")),
  cursor: first(z.string().optional()).transform((v) => v?.slice(0, 500) || null),
  // 0: the provider has shown all it has (see searchJobs). `page=` is 0 too, as Number("") is.
  page: first(z.coerce.number().int().min(0).max(100).catch(1)),
  job: first(z.string().default("")).transform((v) => v.slice(0, 300)),
  sample: first(z.string().optional()).transform((v) => v === "1"),
  // Each earlier page as "cursor~page", joined with dots.
  prev: first(z.string().default("")).transform((v) =>
    v
      .split(".")
      .filter((p) => /^[\w-]{0,400}~\d{1,3}$/.test(p))
      .slice(-MAX_PREVIOUS_PAGES),
  ),
});

export type SearchQuery = z.output<typeof SearchQuerySchema>;

/** The URL's search; a missing q or location reads as the page's default (an empty one stays empty). */
export function parseSearchQuery(params: URLSearchParams, defaults: { q: string; location: string }): SearchQuery {
  const given = (name: string, fallback?: string) =>
    params.has(name) || fallback === undefined ? params.getAll(name) : [fallback];
  return SearchQuerySchema.parse({
    ...Object.fromEntries(Object.keys(SearchQuerySchema.shape).map((name) => [name, given(name)])),
    q: given("q", defaults.q),
    location: given("location", defaults.location),
  });
}
