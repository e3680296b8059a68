// The configured provider, one per process (its circuit breaker keeps state between requests).
import { config } from "../../lib/config.ts";
import { createJsearchProvider } from "./jsearch.ts";
import type { JobProvider } from "./provider.ts";
import { createSampleProvider } from "./sample.ts";

let chosen: { key: string; provider: JobProvider | null } | undefined;

/** The provider SEARCH_PROVIDER names, or null for `none` (config refuses `jsearch` without SEARCH_API_KEY at start). */
export function searchProvider(): JobProvider | null {
  const { provider, apiUrl, apiKey } = config().search;
  const key = `${provider}|${apiUrl}|${apiKey ?? ""}`;
  if (chosen?.key === key) return chosen.provider;
  const made =
    provider === "sample"
      ? createSampleProvider()
      : provider === "jsearch" && apiKey
        ? createJsearchProvider({ apiKey, baseUrl: apiUrl })
        : null;
  chosen = { key, provider: made };
  return made;
}
