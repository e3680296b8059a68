// The <head> tags of a public page: title, description, Open Graph and Twitter card, canonical link.
// `meta` functions cannot see the request, so loaders pass the site's origin (`siteOrigin()`, from PUBLIC_URL) and
// this builds absolute URLs from it; without one, URLs stay relative.
import type { MetaDescriptor } from "@remix-run/node";

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
}: SeoInput): MetaDescriptor[] {
  const pageTitle = fullTitle ? title : `${title} · ${SITE_NAME}`;
  const url = absoluteUrl(path, origin);
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
  ];
}
