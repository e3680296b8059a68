// A company's career page and what other sites take from it: the lookup every /companies/{slug}…
// route starts with (an old slug answers 301 to the same path under the new one, an unknown one
// 404), the Organization structured data, and the open jobs as JSON for other sites.
import { redirect } from "@remix-run/node";
import {
  careerPage,
  EMPLOYMENT_TYPE_LABELS,
  formatSalary,
  labelOf,
  LOCATION_TYPE_LABELS,
  type CareerPage,
} from "#modules/hiring/index.server.ts";
import { createHash } from "node:crypto";
import { PUBLIC_CACHE_CONTROL, readFromReplica } from "#lib/http/edge-cache/index.ts";
import { siteOrigin } from "#app/site-origin.server.ts";

export const careerPath = (slug: string, rest = "") => `/companies/${slug}${rest}`;

/** The career page `slug` names; throws the 301 to its current address (keeping `rest`) or the 404. */
export async function requireCareerPage(slug: string | undefined, rest = ""): Promise<CareerPage> {
  const answer = await readFromReplica(() => careerPage(slug ?? ""));
  // A Response, not data(): the JSON and the embed are resource routes, which answer it as it is.
  if (!answer)
    throw new Response("There is no company page at this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if ("movedTo" in answer) throw redirect(careerPath(answer.movedTo, rest), 301);
  return answer.page;
}

/** schema.org Organization for the career page. */
export function organizationJsonLd(page: CareerPage, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org/",
    "@type": "Organization",
    name: page.name,
    url: new URL(careerPath(page.slug), origin).toString(),
    ...(page.logo ? { logo: new URL(page.logo, origin).toString() } : {}),
    ...(page.about ? { description: page.about } : {}),
    ...(page.website ? { sameAs: [page.website] } : {}),
  };
}

/** One open job as /companies/{slug}/jobs.json lists it. */
export interface PublicJob {
  id: string;
  title: string;
  location: string;
  /** "Remote", "Hybrid" or "On-site". */
  locationType: string | null;
  /** "Full-time" and the like. */
  type: string | null;
  salary: { min: number | null; max: number | null; currency: string; text: string } | null;
  /** ISO 8601. */
  postedAt: string | null;
  url: string;
}

export function publicJobs(page: CareerPage): { company: Record<string, string | null>; jobs: PublicJob[] } {
  const origin = siteOrigin();
  return {
    company: {
      name: page.name,
      url: new URL(careerPath(page.slug), origin).toString(),
      website: page.website,
    },
    jobs: page.jobs.map((job) => {
      const salary = formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency);
      return {
        id: job.id,
        title: job.title,
        location: job.location,
        locationType: job.locationType ? labelOf(LOCATION_TYPE_LABELS, job.locationType) || null : null,
        type: job.employmentType ? labelOf(EMPLOYMENT_TYPE_LABELS, job.employmentType) || null : null,
        salary: salary ? { min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency, text: salary } : null,
        postedAt: job.publishedAt,
        url: new URL(`/jobs/${job.id}`, origin).toString(),
      };
    }),
  };
}

/**
 * An answer every visitor gets alike (the JSON, the embed), cacheable as the board's pages are: a
 * strong ETag of its bytes and 304 to a matching If-None-Match, also for requests with cookies,
 * which the edge's page cache leaves to the app.
 */
export function publicAnswer(request: Request, body: string, contentType: string): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = { "Cache-Control": PUBLIC_CACHE_CONTROL, ETag: etag, "Content-Type": contentType };
  const asked = request.headers.get("if-none-match") ?? "";
  if (asked.split(",").some((tag) => [etag, "*"].includes(tag.trim().replace(/^W\//, ""))))
    return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
