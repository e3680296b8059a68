// One result list over the board (our active jobs, searched in PostgreSQL: board.ts) and the
// external provider: both searched at once, duplicates removed, each result labelled with its
// source. A failing provider never hides the board: the page is told the provider is unavailable.
import { CATEGORIES, companyDisplayName, importListing, LOCATION_TYPES } from "../hiring/index.server.ts";
import { placeKeys, readPlace, type PlaceQuery } from "../../lib/places.ts";
import { searchBoard } from "./board.ts";
import type { BoardJob } from "./board-job.ts";
import { isCurrency, USD_PER_UNIT } from "./currency.ts";
import type { Sort } from "./vocabulary.ts";
import { listingMatchesWords } from "./listing-words.ts";
import { logger } from "../../lib/logger.ts";
import { config } from "../../lib/config.ts";
import { readFromReplica } from "../../lib/http/edge-cache/index.ts";
import { EMPLOYMENT_TYPES, type DatePosted, type JobProvider, type ProviderListing } from "./provider.ts";
import { searchProvider } from "./select.ts";
import { createSampleProvider } from "./sample.ts";

export interface JobSearchQuery {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  /** The minimum salary's currency (USD when unknown). */
  salaryCurrency?: string;
  /** Remote jobs besides the place's; unset: yes when there is no location. */
  includeRemote?: boolean | null;
  /** relevance | newest | salary; unknown: relevance with words, newest without. */
  sort?: string;
  datePosted: DatePosted;
  /** The board's keyset cursor for this page (null: the first page; BOARD_DONE: no more). */
  cursor: string | null;
  /** The provider's page (1-based; 0: the provider has no more). */
  page: number;
  /**
   * "Load Sample Jobs": the built-in sample listings alone, all of them (the words, place and
   * filters found nothing; the page keeps them for the next search), whatever the configured provider.
   */
  sample?: boolean;
}

export type SearchResult =
  | { source: "board"; key: string; job: BoardJob }
  | { source: "provider"; key: string; providerName: string; listing: ProviderListing };

export interface JobSearchPage {
  results: SearchResult[];
  /** What Load More Jobs asks for next; null when neither side has more. */
  next: { cursor: string | null; page: number } | null;
  provider: { name: string; state: "ok" | "unavailable" | "off" };
  /** Board jobs matching in all (counted up to the board's COUNT_UP_TO; `totalCapped`: more). */
  total: number;
  totalCapped: boolean;
  sort: Sort;
  /** The exact words found few board jobs; jobs with words spelt like them follow. */
  fuzzy: boolean;
}

/**
 * Board jobs and provider listings the same: same title, company and place (case, accents, spacing
 * and hyphens aside: "Front-End" is "Frontend"; "SF, CA" is "San Francisco, CA, US").
 */
export function sameJobKey(title: string, company: string, location: string): string {
  const norm = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "");
  const keys = placeKeys(location);
  const place =
    keys.find((k) => k.startsWith("city:")) ??
    keys.find((k) => k.startsWith("region:")) ??
    keys[0] ??
    norm(location.split(",")[0] ?? "");
  return [norm(title), norm(company), place].join("|");
}

/** Which provider answers: the configured one, or the sample listings when asked for. */
function providerFor(query: JobSearchQuery): { provider: JobProvider | null; id: string } {
  if (query.sample) return { provider: createSampleProvider(), id: "sample" };
  return { provider: searchProvider(), id: config().search.provider };
}

type ListingFilter = Pick<
  JobSearchQuery,
  "category" | "employmentType" | "locationType" | "minSalary" | "salaryCurrency" | "q" | "location" | "includeRemote"
>;

/** Where a listing is, as the board's tiers say: 0 the place's own, 1 remote; null: not wanted. */
export function listingTier(
  listing: ProviderListing,
  place: PlaceQuery,
  includeRemote: boolean,
  locationType: string,
): 0 | 1 | null {
  if (place.remoteOnly || locationType === "remote")
    return listing.isRemote && (!place.remoteOnly || !place.key || placeKeys(listing.location).includes(place.key))
      ? 1
      : null;
  if (listing.isRemote) return includeRemote && !locationType ? 1 : null;
  if (!place.key && !place.text) return 0;
  if (place.key)
    return placeKeys(
      [listing.location, listing.city, listing.state, listing.country].filter(Boolean).join(", "),
    ).includes(place.key) || placeKeys(listing.location).includes(place.key)
      ? 0
      : null;
  return listing.location.toLowerCase().includes(place.text.toLowerCase()) ? 0 : null;
}

/**
 * Filters the provider can't apply, applied to its listings here, the board's way: the words in the
 * title, skills or company; the place (remote listings only when asked for); the salary in one
 * currency. Unknown values are ignored, as the board does.
 */
const knownLocationType = (value: string) => ((LOCATION_TYPES as readonly string[]).includes(value) ? value : "");

export function keepListing(listing: ProviderListing, asked: ListingFilter): boolean {
  const query = { ...asked, locationType: knownLocationType(asked.locationType) };
  if (!listingMatchesWords(listing, query.q ?? "")) return false;
  const location = (query.location ?? "").trim();
  if (listingTier(listing, readPlace(location), query.includeRemote ?? !location, query.locationType) === null)
    return false;
  // Providers don't categorise as we do: only board jobs can match a category.
  if ((CATEGORIES as readonly string[]).includes(query.category)) return false;
  const employmentType = (EMPLOYMENT_TYPES as readonly string[]).includes(query.employmentType)
    ? query.employmentType
    : "";
  if (employmentType && listing.employmentType !== employmentType) return false;
  if ((query.locationType === "onsite" || query.locationType === "hybrid") && listing.isRemote) return false;
  if (query.minSalary !== null) {
    // Compared in US dollars, with the board's rates; a currency we have no rate for can't be compared.
    const asked = isCurrency(query.salaryCurrency) ? query.salaryCurrency : "USD";
    const currency = listing.salaryCurrency ?? "USD";
    const pay = listing.salaryMax ?? listing.salaryMin;
    if (pay === null || !isCurrency(currency) || pay * USD_PER_UNIT[currency] < query.minSalary * USD_PER_UNIT[asked])
      return false;
  }
  return true;
}

const PAGE_SIZE = 20;
/** The cursor of a board that has shown all it has (Load More then pages the provider only). */
export const BOARD_DONE = "done";

// PostgreSQL refuses text holding NUL ("invalid message format"); control characters mean nothing in a search.
const cleanText = (text: string) => Array.from(text, (c) => (c < " " || c === "\u007f" ? " " : c)).join("");

export async function searchJobs(asked: JobSearchQuery): Promise<JobSearchPage> {
  if (asked.sample) return sampleListings(asked.page);
  const query = {
    ...asked,
    q: cleanText(asked.q),
    location: cleanText(asked.location),
    locationType: knownLocationType(asked.locationType),
  };
  const { provider, id } = providerFor(query);
  const boardQuery = {
    q: query.q,
    location: query.location,
    includeRemote: query.includeRemote ?? null,
    locationType: query.locationType,
    employmentType: query.employmentType,
    category: query.category,
    minSalary: query.minSalary,
    salaryCurrency: query.salaryCurrency,
    postedWithin: query.datePosted,
    sort: query.sort,
  };
  const [board, listings] = await Promise.all([
    // A board that has shown all it has is still counted (one statement), so every page says the total.
    query.cursor === BOARD_DONE
      ? readFromReplica(() => searchBoard({ ...boardQuery, limit: 1 })).then((counted) => ({
          ...counted,
          jobs: [] as BoardJob[],
          nextCursor: null,
        }))
      : readFromReplica(() => searchBoard({ ...boardQuery, cursor: query.cursor, limit: PAGE_SIZE })),
    provider && query.page >= 1
      ? provider
          .search({
            query: query.q || "jobs",
            location: query.location,
            page: query.page,
            numPages: 1,
            datePosted: query.datePosted,
          })
          .then((found) => ({ ok: true as const, found }))
          .catch((error: unknown) => {
            logger.warn({ err: error, provider: provider.name }, "provider search failed; showing board results only");
            return { ok: false as const, found: [] as ProviderListing[] };
          })
      : Promise.resolve({ ok: true as const, found: [] as ProviderListing[] }),
  ]);

  // Local before remote (when a place is asked for and remote jobs too), as the board lists them.
  const place = readPlace(query.location);
  const includeRemote = query.includeRemote ?? !query.location.trim();
  const split = Boolean(place.key || place.text) && includeRemote && !query.locationType && !place.remoteOnly;
  const seen = new Set<string>();
  const boardResults: SearchResult[][] = [[], []];
  for (const job of board.jobs) {
    seen.add(sameJobKey(job.title, job.companyName, job.location));
    boardResults[split && job.locationType === "remote" ? 1 : 0]!.push({
      source: "board",
      key: `board:${job.id}`,
      job,
    });
  }
  const providerResults: SearchResult[][] = [[], []];
  for (const listing of listings.found) {
    if (!keepListing(listing, query)) continue;
    const same = sameJobKey(listing.title, listing.company, listing.location);
    if (seen.has(same)) continue;
    seen.add(same);
    const tier = split ? (listingTier(listing, place, includeRemote, query.locationType) ?? 1) : 0;
    providerResults[tier]!.push({
      source: "provider",
      key: `${id}:${listing.id}`,
      providerName: provider!.name,
      listing,
    });
  }

  // Interleaved, ours first, so both sources show above the fold.
  const results: SearchResult[] = [];
  for (const tier of [0, 1]) {
    const ours = boardResults[tier]!;
    const theirs = providerResults[tier]!;
    for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
      if (ours[i]) results.push(ours[i]!);
      if (theirs[i]) results.push(theirs[i]!);
    }
  }
  const providerHasMore = query.page >= 1 && listings.ok && listings.found.length >= 10;
  return {
    results,
    next:
      board.nextCursor || providerHasMore
        ? { cursor: board.nextCursor ?? BOARD_DONE, page: providerHasMore ? query.page + 1 : 0 }
        : null,
    provider: { name: provider?.name ?? "", state: !provider ? "off" : listings.ok ? "ok" : "unavailable" },
    total: board.total,
    totalCapped: board.totalCapped,
    sort: board.sort,
    fuzzy: board.fuzzy,
  };
}

/** The sample listings, a page of them in their own order, with nothing from the board. */
async function sampleListings(page: number): Promise<JobSearchPage> {
  const provider = createSampleProvider();
  const wanted = Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
  const found = await provider.search({ query: "", location: "", page: wanted, numPages: 1, datePosted: "all" });
  return {
    results: found.map((listing) => ({
      source: "provider",
      key: `sample:${listing.id}`,
      providerName: provider.name,
      listing,
    })),
    next: found.length >= 10 ? { cursor: BOARD_DONE, page: wanted + 1 } : null,
    provider: { name: provider.name, state: "ok" },
    total: 0,
    totalCapped: false,
    sort: "newest",
    fuzzy: false,
  };
}

/** One provider listing for the in-page detail state ("{provider}:{id}"), or null. */
export async function findListing(key: string): Promise<{ providerName: string; listing: ProviderListing } | null> {
  const [id, ...rest] = key.split(":");
  const listingId = rest.join(":");
  if (!id || !listingId) return null;
  const provider = id === "sample" ? createSampleProvider() : id === config().search.provider ? searchProvider() : null;
  if (!provider) return null;
  const listing = await provider.details(listingId).catch((error: unknown) => {
    logger.warn({ err: error, provider: provider.name }, "provider details failed");
    return null;
  });
  return listing ? { providerName: provider.name, listing } : null;
}

/**
 * Imports a provider listing as a job candidates apply to here (details fetched from the provider,
 * so nothing is taken from the browser); returns the job's id, or null when the listing is gone.
 */
export async function importProviderListing(key: string): Promise<string | null> {
  const found = await findListing(key);
  // Applications to imported listings end on the company's site: without its link there is no way.
  if (!found?.listing.applyLink) return null;
  const source = key.split(":")[0]!;
  const { listing } = found;
  return importListing({
    source,
    externalId: listing.id,
    title: listing.title,
    companyName: companyDisplayName(listing.company),
    companyLogo: listing.logo,
    location: listing.location,
    remote: listing.isRemote,
    description: listing.description,
    employmentType: listing.employmentType,
    salaryMin: listing.salaryMin,
    salaryMax: listing.salaryMax,
    salaryCurrency: listing.salaryCurrency,
    skills: listing.requirements,
    benefits: listing.benefits,
    applyLink: listing.applyLink,
    postedAt: listing.postedDate,
  });
}
