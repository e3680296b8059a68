// The site's words, one catalogue per language (decision 090). Bundled into the server and the
// browser alike: no backend loads them. Job content written by employers is never here.
import { createInstance, type i18n, type TFunction } from "i18next";
import { messageMatcher } from "../lib/i18n.ts";
import { en, type Catalogue } from "./en.ts";
import { de } from "./de.ts";

export type { Catalogue };

export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** Each language's catalogue, by namespace, as i18next takes its resources. */
export const resources: Record<Language, Catalogue> = { en, de };

export const NAMESPACES = Object.keys(en) as (keyof Catalogue)[];

/** The Intl locale of each language: English stays US English. */
export const INTL_LOCALES: Record<Language, string> = { en: "en-US", de: "de-DE" };

/** What every i18next instance (server, SSR, browser) starts from. */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: NAMESPACES,
  // React escapes; i18next escaping again would show "&amp;".
  interpolation: { escapeValue: false },
  // Resources are bundled: init finishes synchronously, before the first render.
  initImmediate: false,
  returnNull: false,
} as const;

const instances = new Map<Language, i18n>();

/** An initialised instance for `language`, made once (its resources are bundled). */
export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({ ...i18nConfig, ns: [...NAMESPACES], resources, lng: language });
    instances.set(language, instance);
  }
  return instance;
}

/** The catalogue's words in `language` (server side: emails, loaders, actions). */
export const translator = (language: Language, ns: keyof Catalogue = "common"): TFunction =>
  i18nFor(language).getFixedT(language, ns);

const matchMessage = messageMatcher(en.messages);

/** A message a module wrote in English, in `language` when the catalogue has it; else as it came. */
export function translateMessage(language: Language, message: string): string {
  if (language === DEFAULT_LANGUAGE) return message;
  const match = matchMessage(message);
  return match ? translator(language, "messages")(match.key, match.values) : message;
}

/** The Intl locale for a language code as i18next reports it ("de" → "de-DE"; anything else US English). */
export const intlLocale = (language: string): string => (isLanguage(language) ? INTL_LOCALES[language] : "en-US");

/** The page's language as the root loader chose it, from a meta function's `matches` (English without it). */
export function rootLanguage(matches: readonly { id: string; data: unknown }[]): Language {
  const locale = (matches.find((m) => m.id === "root")?.data as { locale?: unknown } | undefined)?.locale;
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
