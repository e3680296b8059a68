// Sitemap XML, shared by /sitemap.xml and the split files under /sitemaps/.
import { absoluteUrl, languagePath } from "#app/seo.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "#locales/index.ts";

export const PUBLIC_PAGES = ["/", "/jobs", "/pricing", "/how-it-works", "/about"] as const;
/** The public pages in every language (decision 090); the others are in English only. */
export const TRANSLATED_PAGES: readonly string[] = ["/", "/jobs", "/about", "/how-it-works", "/pricing"];
/** The protocol allows 50,000 URLs per file: a job has one per language. */
export const JOBS_PER_SITEMAP = 50_000 / LANGUAGES.length;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const url = (loc: string, extra = "") => `  <url>\n    <loc>${escapeXml(loc)}</loc>${extra}\n  </url>`;

/** One entry per language of a translated page, each naming all of them (hreflang, x-default: the plain path). */
const translatedUrls = (path: string, origin: string, extra = "") => {
  const links = [
    ...LANGUAGES.map((l) => [l, languagePath(path, l)] as const),
    ["x-default", languagePath(path, DEFAULT_LANGUAGE)] as const,
  ]
    .map(
      ([lang, href]) =>
        `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(absoluteUrl(href, origin))}"/>`,
    )
    .join("");
  return LANGUAGES.map((l) => url(absoluteUrl(languagePath(path, l), origin), extra + links)).join("\n");
};

/** The public pages, and the career page of every company with an open job. */
export function pagesUrlset(origin: string, companies: { slug: string; lastmod: string }[] = []): string {
  return [
    ...PUBLIC_PAGES.map((path) => {
      const priority = `\n    <priority>${path === "/" ? "1.0" : "0.8"}</priority>`;
      return TRANSLATED_PAGES.includes(path)
        ? translatedUrls(path, origin, priority)
        : url(absoluteUrl(path, origin), priority);
    }),
    ...companies.map((c) =>
      url(absoluteUrl(`/companies/${c.slug}`, origin), `\n    <lastmod>${c.lastmod.slice(0, 10)}</lastmod>`),
    ),
  ].join("\n");
}

/** The pages part holds at most this many career pages (the rest of a file's 50,000 are jobs'). */
export const COMPANIES_PER_SITEMAP = 40_000;

export function jobsUrlset(origin: string, jobs: { id: string; publishedAt: string }[]): string {
  return jobs
    .map((job) => translatedUrls(`/jobs/${job.id}`, origin, `\n    <lastmod>${job.publishedAt.slice(0, 10)}</lastmod>`))
    .join("\n");
}

export function sitemapIndex(origin: string, jobFiles: number): string {
  const files = ["/sitemaps/pages", ...Array.from({ length: jobFiles }, (_, i) => `/sitemaps/jobs/${i + 1}`)];
  return files
    .map((path) => `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(path, origin))}</loc>\n  </sitemap>`)
    .join("\n");
}

export function xmlResponse(body: string, root: "urlset" | "sitemapindex"): Response {
  // The xhtml namespace carries each translated page's hreflang alternates.
  const namespaces =
    root === "urlset"
      ? `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"`
      : `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${namespaces}>\n${body}\n</${root}>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
