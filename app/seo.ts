// The <head> tags of a public page: title, description, Open Graph and Twitter card, canonical link.
// `meta` functions cannot see the request, so loaders pass the site's origin (`siteOrigin()`, from PUBLIC_URL) and
// this builds absolute URLs from it; without one, URLs stay relative.
import type { MetaDescriptor } from "@remix-run/node";
import { isLanguage, LANGUAGES, DEFAULT_LANGUAGE, type Language } from "#locales/index.ts";

export const SITE_NAME = "Hirewise";

export interface SeoInput {
  /** The page title without the site name ("Pricing"); the landing page passes its full title. */
  title: string;
  description: string;
  /** The page's path ("/pricing"), without query. */
  path: string;
  /** "https://hirewise.app", from the loader's `siteOrigin()`. */
  origin?: string | null;
  /** Use the title exactly as given instead of "{title} · Hirewise". */
  fullTitle?: boolean;
  type?: "website" | "article";
  /**
   * A translated page: the address's query (meta's `location.search`), whose `?lng=` names the
   * language this copy is in. The page gets hreflang alternates and a canonical link of its own
   * language (decision 090). Absent: an English-only page, no alternates.
   */
  translated?: { search: string };
}

/** A translated page's address in `language`: the plain path is English and x-default, `?lng=de` the others. */
export function languagePath(path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? path : `${path}?lng=${language}`;
}

export function absoluteUrl(path: string, origin?: string | null): string {
  return origin ? new URL(path, origin).toString() : path;
}

export function seoMeta({
  title,
  description,
  path,
  origin,
  fullTitle = false,
  type = "website",
  translated,
}: SeoInput): MetaDescriptor[] {
  const pageTitle = fullTitle ? title : `${title} · ${SITE_NAME}`;
  const asked = translated ? new URLSearchParams(translated.search).get("lng") : null;
  const url = absoluteUrl(languagePath(path, isLanguage(asked) ? asked : DEFAULT_LANGUAGE), origin);
  const alternates: MetaDescriptor[] =
    translated && origin
      ? [
          ...LANGUAGES.map((language) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: language,
            href: absoluteUrl(languagePath(path, language), origin),
          })),
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(path, origin) },
        ]
      : [];
  return [
    { title: pageTitle },
    { name: "description", content: description },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: pageTitle },
    { name: "twitter:description", content: description },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: url } satisfies MetaDescriptor] : []),
    ...alternates,
  ];
}
