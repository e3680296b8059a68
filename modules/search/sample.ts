// The built-in provider: about 40 listings in the provider's own raw shape, passed through the
// same mapper as a real reply, so the offline default runs the real code path. It matches the
// query's words against title, company, skills and description, the location against the place
// (remote listings match any), and pages of 10 like the provider.
import { now } from "../../lib/clock.ts";
import { formatDate } from "../../lib/dates.ts";
import { mapListings, mapSalaryEstimate } from "./mapper.ts";
import { normaliseSearch, type JobProvider, type ProviderListing } from "./provider.ts";
import { sampleRawJobs } from "./sample-listings.ts";

export const SAMPLE_PROVIDER_NAME = "Sample listings";
const PAGE = 10;
const POSTED_DAYS: Record<string, number> = { today: 1, "3days": 3, week: 7, month: 30 };
// Words that say nothing about the job; "software developer in United States" should still match.
const FILLER = new Set(["a", "an", "and", "the", "in", "of", "for", "to", "or", "with", "jobs", "job"]);

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9+#.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ""))
    .filter((w) => w && !FILLER.has(w));

const haystack = (l: ProviderListing) =>
  words([l.title, l.company, l.requirements.join(" "), l.description].join(" ")).join(" ");

/** A listing mapped once, with the words it is matched on; only its posting date follows the clock. */
interface Prepared {
  listing: ProviderListing;
  /** Milliseconds between "now" and its posting date (null: none), the same at any clock. */
  age: number | null;
  text: string;
  title: string;
}

const REFERENCE = new Date(0);
let prepared: Prepared[] | undefined;
// The mapper's validation of every listing was most of a search's cost: the listings are constant,
// so they are mapped once, at a reference time, and each answer gets its dates from the clock.
function preparedListings(): Prepared[] {
  prepared ??= mapListings(sampleRawJobs(REFERENCE)).map((listing) => ({
    listing,
    age: listing.postedDate === null ? null : REFERENCE.getTime() - Date.parse(listing.postedDate),
    text: ` ${haystack(listing)}`,
    title: ` ${words(listing.title).join(" ")}`,
  }));
  return prepared;
}

/** The listing as mapped from the raw job dated at `at` (its date and date label). */
function dated({ listing, age }: Prepared, at: Date): ProviderListing {
  if (age === null) return { ...listing };
  const postedDate = new Date(at.getTime() - age).toISOString();
  return { ...listing, postedDate, postedLabel: formatDate(postedDate) };
}

/** A listing matches when any of the query's words starts a word of it (developer ~ develop). */
function matchesQuery({ text, title }: Prepared, query: string): number {
  const wanted = words(query);
  if (!wanted.length) return 1;
  let score = 0;
  for (const w of wanted) {
    const stem = w.length > 5 ? w.slice(0, w.length - 2) : w;
    if (title.includes(` ${stem}`)) score += 3;
    else if (text.includes(` ${stem}`)) score += 1;
  }
  return score;
}

function matchesLocation(listing: ProviderListing, location: string): boolean {
  const place = location.toLowerCase();
  if (!place || listing.isRemote) return true;
  const aliases: Record<string, string[]> = { "united states": ["us", "usa"], "united kingdom": ["gb", "uk"] };
  const fields = [listing.location, listing.city, listing.state, listing.country]
    .filter(Boolean)
    .map((s) => s!.toLowerCase());
  const names = [place, ...(aliases[place] ?? [])];
  return fields.some((f) => names.some((n) => f === n || f.includes(n)));
}

export function createSampleProvider(clock: () => Date = now): JobProvider {
  const listings = () => {
    const at = clock();
    return preparedListings().map((p) => dated(p, at));
  };
  return {
    name: SAMPLE_PROVIDER_NAME,
    async search(params) {
      const p = normaliseSearch(params);
      const at = clock();
      const cutoff = POSTED_DAYS[p.datePosted] ? at.getTime() - POSTED_DAYS[p.datePosted]! * 86_400_000 : null;
      const found = preparedListings()
        .map((listing) => ({ listing, score: matchesQuery(listing, p.query) }))
        .filter(({ listing, score }) => score > 0 && matchesLocation(listing.listing, p.location))
        .filter(({ listing }) => cutoff === null || (listing.age !== null && at.getTime() - listing.age >= cutoff))
        .sort((a, b) => b.score - a.score)
        .map(({ listing }) => listing);
      return found.slice((p.page - 1) * PAGE, (p.page - 1 + p.numPages) * PAGE).map((l) => dated(l, at));
    },
    async details(jobId) {
      const found = preparedListings().find((p) => p.listing.id === jobId);
      return found ? dated(found, clock()) : null;
    },
    async estimatedSalary({ jobTitle, location }) {
      // The sample listings with a salary and a title sharing a word: their range and median.
      const wanted = new Set(words(jobTitle));
      const paid = listings().filter(
        (l) =>
          l.salaryMin !== null &&
          l.salaryMax !== null &&
          l.salaryCurrency === "USD" &&
          words(l.title).some((w) => wanted.has(w)),
      );
      if (paid.length < 3) return null;
      const mids = paid.map((l) => (l.salaryMin! + l.salaryMax!) / 2).sort((a, b) => a - b);
      return mapSalaryEstimate(
        [
          {
            job_title: jobTitle,
            location: location ?? "",
            publisher_name: SAMPLE_PROVIDER_NAME,
            min_salary: Math.min(...paid.map((l) => l.salaryMin!)),
            max_salary: Math.max(...paid.map((l) => l.salaryMax!)),
            median_salary: Math.round(mids[Math.floor(mids.length / 2)]!),
            salary_period: "YEAR",
            salary_currency: "USD",
          },
        ],
        { jobTitle, location },
      );
    },
  };
}
