// The built-in sample listings (sample-listings.json), written in the provider's own raw shape
// (JSearch's, with the field drift seen between its versions) so they go through the same mapper as
// real replies. Posting dates are days before "now", so the listings never go stale.
import type { RawJob } from "./mapper.ts";
import seeds from "./sample-listings.json" with { type: "json" };

const DAY = 86_400_000;

type Seed = RawJob & { days_ago: number | null };

/** The sample listings as the provider would send them, dated relative to `at`. */
export function sampleRawJobs(at: Date): RawJob[] {
  return (seeds as Seed[]).map(({ days_ago, ...job }) => ({
    ...job,
    job_posted_at_datetime_utc: days_ago === null ? null : new Date(at.getTime() - days_ago * DAY).toISOString(),
  }));
}
