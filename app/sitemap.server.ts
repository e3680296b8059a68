// Sitemap XML, shared by /sitemap.xml and the split files under /sitemaps/.
import { absoluteUrl } from "#app/seo.ts";

export const PUBLIC_PAGES = ["/", "/jobs", "/pricing", "/how-it-works", "/about"] as const;
/** The protocol allows 50,000 URLs per file. */
export const JOBS_PER_SITEMAP = 50_000;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const url = (loc: string, extra = "") => `  <url>\n    <loc>${escapeXml(loc)}</loc>${extra}\n  </url>`;

/** The public pages, and the career page of every company with an open job. */
export function pagesUrlset(origin: string, companies: { slug: string; lastmod: string }[] = []): string {
  return [
    ...PUBLIC_PAGES.map((path) =>
      url(absoluteUrl(path, origin), `\n    <priority>${path === "/" ? "1.0" : "0.8"}</priority>`),
    ),
    ...companies.map((c) =>
      url(absoluteUrl(`/companies/${c.slug}`, origin), `\n    <lastmod>${c.lastmod.slice(0, 10)}</lastmod>`),
    ),
  ].join("\n");
}

/** The pages part holds at most this many career pages (the rest of a file's 50,000 are jobs'). */
export const COMPANIES_PER_SITEMAP = 40_000;

export function jobsUrlset(origin: string, jobs: { id: string; publishedAt: string }[]): string {
  return jobs
    .map((job) =>
      url(absoluteUrl(`/jobs/${job.id}`, origin), `\n    <lastmod>${job.publishedAt.slice(0, 10)}</lastmod>`),
    )
    .join("\n");
}

export function sitemapIndex(origin: string, jobFiles: number): string {
  const files = ["/sitemaps/pages", ...Array.from({ length: jobFiles }, (_, i) => `/sitemaps/jobs/${i + 1}`)];
  return files
    .map((path) => `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(path, origin))}</loc>\n  </sitemap>`)
    .join("\n");
}

export function xmlResponse(body: string, root: "urlset" | "sitemapindex"): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</${root}>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
