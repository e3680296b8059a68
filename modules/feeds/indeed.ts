// The Indeed XML feed (/feeds/indeed.xml, decision 079): every open board job, written from a
// template as the jobs are read, a page at a time, so a feed of 100,000 jobs never sits whole in
// memory. Every value is CDATA with its characters as they are (no entities): characters XML 1.0
// forbids even there are dropped, and a "]]>" inside is split across two sections. Descriptions are
// plain text: HTML markup would need entities for a "<" or "&" typed in the text.
import { createHash } from "node:crypto";
import { formatSalary, openBoardJobs, openBoardJobsVersion, type FeedJob } from "../hiring/index.server.ts";
import { placeParts } from "../../lib/place-parts.ts";
import { inlineParts, parseRichText } from "../../lib/rich-text.ts";

/** Jobs read (and written) per round trip to the database. */
export const FEED_PAGE = 500;
// Changes when the feed's shape does, so caches holding the old shape let it go.
const FORMAT = "indeed-1";

// Characters XML 1.0 forbids anywhere (most C0 controls, U+FFFE/FFFF, lone surrogates).
const ILLEGAL =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A CDATA section holding `text` exactly (bar forbidden characters), whatever it contains. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(ILLEGAL, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

const element = (name: string, value: string | null | undefined) =>
  value ? `    <${name}>${cdata(value)}</${name}>\n` : "";

// Indeed's job types and remote types for ours.
const JOB_TYPES: Record<string, string> = {
  FULLTIME: "fulltime",
  PARTTIME: "parttime",
  CONTRACT: "contract",
  FREELANCE: "contract",
};
const REMOTE_TYPES: Record<string, string> = { remote: "Fully remote", hybrid: "Hybrid remote" };

/** A description in the board's Markdown subset (lib/rich-text.ts) as plain text with line breaks. */
export function plainText(text: string): string {
  const plain = (line: string) =>
    inlineParts(line)
      .map((p) => p.text)
      .join("");
  return parseRichText(text)
    .map((block) =>
      block.kind === "heading"
        ? plain(block.text)
        : block.kind === "list"
          ? block.items.map((item) => `• ${plain(item)}`).join("\n")
          : block.lines.map(plain).join("\n"),
    )
    .join("\n\n");
}

function description(job: FeedJob): string {
  return [
    plainText(job.description),
    job.requirements.trim() && `Requirements\n\n${plainText(job.requirements)}`,
    job.benefits.length > 0 && `Benefits\n\n${job.benefits.map((b) => `• ${b}`).join("\n")}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** One <job> element. */
export function jobElement(job: FeedJob, origin: string): string {
  const place = placeParts(job.location);
  const salary = formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency);
  return (
    "  <job>\n" +
    element("title", job.title) +
    element("date", job.publishedAt.toISOString()) +
    element("referencenumber", job.id) +
    element("requisitionid", job.id) +
    element("url", `${origin}/jobs/${job.id}?source=Indeed`) +
    element("company", job.companyName) +
    element("city", place.city) +
    element("state", place.state) +
    element("country", place.country) +
    element("postalcode", place.postalCode) +
    element("description", description(job)) +
    element("salary", salary && `${salary} per year`) +
    element("jobtype", JOB_TYPES[job.employmentType ?? "FULLTIME"]) +
    element("category", job.category) +
    element("remotetype", REMOTE_TYPES[job.locationType ?? ""]) +
    element("expirationdate", job.closesAt?.toISOString()) +
    "  </job>\n"
  );
}

export interface FeedVersion {
  /** A strong ETag: the same for the same set of jobs as they are now. */
  etag: string;
  /** When the set last changed (also the feed's lastBuildDate). */
  lastModified: Date;
}

/** The feed's version at `at`: one query, for the ETag and a 304 without reading a job. */
export async function indeedFeedVersion(origin: string, at: Date): Promise<FeedVersion> {
  const { count, lastChange } = await openBoardJobsVersion(at);
  const lastModified = new Date(Math.floor((lastChange?.getTime() ?? 0) / 1000) * 1000);
  const hash = createHash("sha256")
    .update(`${FORMAT} ${origin} ${count} ${lastChange?.toISOString() ?? "-"}`)
    .digest("base64url");
  return { etag: `"${hash.slice(0, 32)}"`, lastModified };
}

export interface FeedOptions {
  origin: string;
  /** The instant the feed describes: jobs past their closing date by then are left out. */
  at: Date;
  version: FeedVersion;
  /** Runs each page's read (the route passes its replica routing). */
  read?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Jobs per read (FEED_PAGE). */
  pageSize?: number;
}

/** The feed's text in pieces: the head, then one piece per page of jobs, then the end. */
export async function* indeedFeed({
  origin,
  at,
  version,
  read = (work) => work(),
  pageSize = FEED_PAGE,
}: FeedOptions): AsyncGenerator<string> {
  yield (
    `<?xml version="1.0" encoding="utf-8"?>\n<source>\n  <publisher>Hirewise</publisher>\n` +
    `  <publisherurl>${cdata(origin)}</publisherurl>\n` +
    `  <lastBuildDate>${version.lastModified.toUTCString()}</lastBuildDate>\n`
  );
  let after: string | null = null;
  for (;;) {
    const jobs: FeedJob[] = await read(() => openBoardJobs(after, pageSize, at));
    if (jobs.length) yield jobs.map((job) => jobElement(job, origin)).join("");
    if (jobs.length < pageSize) break;
    after = jobs.at(-1)!.id;
  }
  yield "</source>\n";
}
