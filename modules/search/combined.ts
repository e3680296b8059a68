// One result list over the board (our active jobs, searched in PostgreSQL by hiring) and the
// external provider: both searched at once, duplicates removed, each result labelled with its
// source. A failing provider never hides the board: the page is told the provider is unavailable.
import { CATEGORIES, importListing, searchBoard, type BoardJob } from "../hiring/index.ts";
import { logger } from "../../lib/logger.ts";
import { config } from "../../lib/config.ts";
import { readFromReplica } from "../../lib/read-replica.ts";
import { DATE_POSTED, EMPLOYMENT_TYPES, type DatePosted, type JobProvider, type ProviderListing } from "./provider.ts";
import { searchProvider } from "./select.ts";
import { createSampleProvider } from "./sample.ts";

export interface JobSearchQuery {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  datePosted: DatePosted;
  /** The board's keyset cursor for this page (null: the first page; BOARD_DONE: no more). */
  cursor: string | null;
  /** The provider's page (1-based; 0: the provider has no more). */
  page: number;
  /** Search the built-in sample listings whatever the configured provider ("Load Sample Jobs"). */
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
}

/** Board jobs and provider listings the same: same title, company and city (case, accents, spacing aside). */
function sameJobKey(title: string, company: string, location: string): string {
  const norm = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return [norm(title), norm(company), norm(location.split(",")[0] ?? "")].join("|");
}

/** Which provider answers: the configured one, or the sample listings when asked for. */
function providerFor(query: JobSearchQuery): { provider: JobProvider | null; id: string } {
  if (query.sample) return { provider: createSampleProvider(), id: "sample" };
  return { provider: searchProvider(), id: config().search.provider };
}

/** Filters the provider can't apply, applied to its listings here. Unknown values are ignored, as the board does. */
export function keepListing(listing: ProviderListing, query: Pick<JobSearchQuery, "category" | "employmentType" | "locationType" | "minSalary">): boolean {
  // Providers don't categorise as we do: only board jobs can match a category.
  if ((CATEGORIES as readonly string[]).includes(query.category)) return false;
  const employmentType = (EMPLOYMENT_TYPES as readonly string[]).includes(query.employmentType) ? query.employmentType : "";
  if (employmentType && listing.employmentType !== employmentType) return false;
  if (query.locationType === "remote" && !listing.isRemote) return false;
  if ((query.locationType === "onsite" || query.locationType === "hybrid") && listing.isRemote) return false;
  if (query.minSalary !== null && (listing.salaryMax ?? listing.salaryMin ?? -1) < query.minSalary) return false;
  return true;
}

const PAGE_SIZE = 20;
/** The cursor of a board that has shown all it has (Load More then pages the provider only). */
export const BOARD_DONE = "done";

// PostgreSQL refuses text holding NUL ("invalid message format"); control characters mean nothing in a search.
const cleanText = (text: string) => Array.from(text, (c) => (c < " " || c === "\u007f" ? " " : c)).join("");

export async function searchJobs(asked: JobSearchQuery): Promise<JobSearchPage> {
  const query = { ...asked, q: cleanText(asked.q), location: cleanText(asked.location) };
  const { provider, id } = providerFor(query);
  const [board, listings] = await Promise.all([
    query.cursor === BOARD_DONE
      ? { jobs: [] as BoardJob[], nextCursor: null }
      : readFromReplica(() => searchBoard({
          q: query.q,
          location: query.location,
          locationType: query.locationType,
          employmentType: query.employmentType,
          category: query.category,
          minSalary: query.minSalary,
          postedWithin: query.datePosted,
          cursor: query.cursor,
          limit: PAGE_SIZE,
        })),
    provider && query.page >= 1
      ? provider
          .search({ query: query.q || "jobs", location: query.location, page: query.page, numPages: 1, datePosted: query.datePosted })
          .then((found) => ({ ok: true as const, found }))
          .catch((error: unknown) => {
            logger.warn({ err: error, provider: provider.name }, "provider search failed; showing board results only");
            return { ok: false as const, found: [] as ProviderListing[] };
          })
      : Promise.resolve({ ok: true as const, found: [] as ProviderListing[] }),
  ]);

  const seen = new Set<string>();
  const boardResults: SearchResult[] = [];
  for (const job of board.jobs) {
    seen.add(sameJobKey(job.title, job.companyName, job.location));
    boardResults.push({ source: "board", key: `board:${job.id}`, job });
  }
  const providerResults: SearchResult[] = [];
  for (const listing of listings.found) {
    if (!keepListing(listing, query)) continue;
    const same = sameJobKey(listing.title, listing.company, listing.location);
    if (seen.has(same)) continue;
    seen.add(same);
    providerResults.push({ source: "provider", key: `${id}:${listing.id}`, providerName: provider!.name, listing });
  }

  // Interleaved, ours first, so both sources show above the fold.
  const results: SearchResult[] = [];
  for (let i = 0; i < Math.max(boardResults.length, providerResults.length); i++) {
    if (boardResults[i]) results.push(boardResults[i]!);
    if (providerResults[i]) results.push(providerResults[i]!);
  }
  const providerHasMore = query.page >= 1 && listings.ok && listings.found.length >= 10;
  return {
    results,
    next: board.nextCursor || providerHasMore ? { cursor: board.nextCursor ?? BOARD_DONE, page: providerHasMore ? query.page + 1 : 0 } : null,
    provider: { name: provider?.name ?? "", state: !provider ? "off" : listings.ok ? "ok" : "unavailable" },
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
    companyName: listing.company || "Company Name",
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

export const SEARCH_DATE_POSTED = DATE_POSTED;
