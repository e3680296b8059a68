// What job alerts read of the external provider: one search (the first page) for a saved search,
// with the filters the provider can't apply applied here. One call per distinct search per alert
// run; a failing provider gives no listings (the digest then has board jobs only, and the listings
// it missed are still "first seen" on a later run).
import { config } from "../../lib/config.ts";
import { logger } from "../../lib/logger.ts";
import { keepListing } from "./combined.ts";
import type { DatePosted, ProviderListing } from "./provider.ts";
import { searchProvider } from "./select.ts";

export interface AlertSearch {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  /** Remote jobs besides the place's; null: the default (yes without a location). */
  includeRemote?: boolean | null;
  salaryCurrency?: string;
}

export interface AlertListing {
  /** "{provider}:{id}", as the search page's ?job= names it. */
  key: string;
  providerName: string;
  listing: ProviderListing;
}

/** Whether a provider is configured (alerts then ask it too). */
export function alertProviderConfigured(): boolean {
  return searchProvider() !== null;
}

/** The provider's listings for the search, posted within `datePosted`; [] when there is no provider or it fails. */
export async function providerListingsForAlert(search: AlertSearch, datePosted: DatePosted): Promise<AlertListing[]> {
  const provider = searchProvider();
  if (!provider) return [];
  const id = config().search.provider;
  try {
    const found = await provider.search({
      query: search.q || "jobs",
      location: search.location,
      page: 1,
      numPages: 1,
      datePosted,
    });
    return found
      .filter((listing) => keepListing(listing, search))
      .map((listing) => ({ key: `${id}:${listing.id}`, providerName: provider.name, listing }));
  } catch (error) {
    logger.warn({ err: error, provider: provider.name }, "provider search for a job alert failed; board jobs only");
    return [];
  }
}
