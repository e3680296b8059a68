// Addresses that change or name the page's language (decision 090), for the browser and the server.
import type { Language } from "#locales/index.ts";

/** The footer's switch: /language sets the cookie and comes back to `back` (a path on this site). */
export function switchLanguageHref(language: Language, back: string): string {
  return `/language?${new URLSearchParams({ to: language, back: withoutLanguageParam(back) })}`;
}

/** A path and query without `lng=` (an hreflang address's), so a chosen language is not overridden. */
export function withoutLanguageParam(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://x");
  url.searchParams.delete("lng");
  return url.pathname + url.search;
}
