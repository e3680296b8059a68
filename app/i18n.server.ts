// Which language a page is in (decision 090): a `?lng=` in the address (hreflang alternates), else
// the signed-in account's setting, else the switcher's cookie, else Accept-Language (every entry,
// by q-value), else English. The words themselves are in locales/.
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import {
  DEFAULT_LANGUAGE,
  i18nConfig,
  isLanguage,
  LANGUAGES,
  resources,
  translateMessage,
  type Language,
} from "#locales/index.ts";
import { preferredLanguage } from "#lib/i18n.ts";
import type { Account } from "#modules/identity/index.server.ts";
import { viewerOf } from "./viewer.server.ts";

export const LANGUAGE_COOKIE = "lng";

// Remix-encoded like the theme cookie: a hand-written `lng=de` is not one we set, and is ignored.
export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 86_400,
});

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    // The library's own header reading takes the first entry only.
    findLocale: async (request) => preferredLanguage(request.headers.get("Accept-Language"), LANGUAGES),
  },
  i18next: { ...i18nConfig, resources },
});

const asLanguage = (value: string | null | undefined): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** The language from the request alone (no account): the address's `?lng=`, the cookie, the header. */
export async function requestLanguage(request: Request): Promise<Language> {
  return asLanguage(await detector.getLocale(request));
}

/** The language for `account` on this request: `?lng=`, then its setting, then the request's. */
export async function languageFor(request: Request, account: Pick<Account, "language"> | null): Promise<Language> {
  const asked = new URL(request.url).searchParams.get("lng");
  if (isLanguage(asked)) return asked;
  if (account && isLanguage(account.language)) return account.language;
  return requestLanguage(request);
}

/** The page's language for whoever views it (the stand-in of a shared render too). */
export async function pageLanguage(request: Request, context: AppLoadContext | undefined): Promise<Language> {
  return languageFor(request, await viewerOf(request, context));
}

/** The Set-Cookie that remembers a language chosen in the footer. */
export const languageCookieHeader = (language: Language) => languageCookie.serialize(language);

/** A form's reply (conform) with the modules' English messages in `language` where the catalogue has them. */
export function translatedReply<R extends { error?: Record<string, string[] | null> | null }>(
  reply: R,
  language: Language,
): R {
  if (!reply.error || language === DEFAULT_LANGUAGE) return reply;
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([name, messages]) => [
      name,
      messages ? messages.map((m) => translateMessage(language, m)) : messages,
    ]),
  );
  return { ...reply, error };
}
