// Fast list pages (decision 055) against the real production server: signed-out /jobs, job pages
// and sitemaps are public for a CDN with a strong ETag and 304s, signed-in answers and a browser's
// own recent write never are; a job closed or reopened over HTTP shows on the very next signed-out
// /jobs (the process's shared copy is cleared after the commit, no waiting); and the /jobs page
// with 20 results stays under its size budget, with excerpts, not descriptions.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

/**
 * The /jobs page with 20 results may not grow past this many bytes of HTML. Measured at 91,091
 * bytes (20 cards with 300-character excerpts); issue 19's target is 40 KB, which needs the cards'
 * markup cut (utility classes are 36 KB of it) and the list not sent twice (decision 055).
 */
const JOBS_PAGE_BUDGET = 92 * 1024;
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const PASSWORD = "correct horse battery";
// A long description (about 1,900 characters): cards must show an excerpt of it, never all of it.
const LONG_DESCRIPTION = [
  "Northwind Analytics builds forecasting software that helps regional grocers order the right amount of fresh food every morning, cutting waste and empty shelves at once.",
  "You'll join a team of six engineers who own the ordering service end to end, from the data pipeline that reads till receipts to the screens store managers use at dawn.",
  "We value careful code review, small releases several times a day, and written design notes that anyone in the company can read and question.",
  "",
  "## What you'll do",
  "- Design and build services in TypeScript and Node on PostgreSQL",
  "- Improve the forecasting pipeline's reliability and observability",
  "- Pair with data scientists to ship new models safely",
  "- Mentor colleagues and review their designs",
  "",
  "## About you",
  "Several years building and running production web services, a habit of measuring before optimising, and patience explaining trade-offs to people outside engineering. Experience with retail or logistics is welcome but not required. ".repeat(3),
].join("\n");

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let db: pg.Client;
let employer: HttpClient;
let jobId: string;

beforeAll(async () => {
  // Board jobs only: the page's size is measured on 20 results.
  server = await startAppServer(inject("adminDatabaseUrl"), { SEARCH_PROVIDER: "none" });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  const employerId = (await signUpOnPlan({ email: "cache@example.com", password: PASSWORD, role: "employer", company_name: "Northwind Analytics", full_name: "Nia North", plan: "business" })).id;
  await signUpOnPlan({ email: "cache-candidate@example.com", password: PASSWORD, role: "candidate", full_name: "Cato Candidate", plan: "essential" });
  // 21 jobs: /jobs shows its first 20; the first one published is the one closed and reopened.
  jobId = await publishTestJob(employerId, { title: "Cacheable Platform Engineer", description: LONG_DESCRIPTION, salary_min: "120000", salary_max: "150000" });
  for (let i = 0; i < 20; i++) {
    await publishTestJob(employerId, {
      title: `Senior Backend Engineer, Forecasting ${i + 1}`,
      company_name: "Northwind Analytics",
      location: "San Francisco, CA, United States",
      description: LONG_DESCRIPTION,
      salary_min: "140000",
      salary_max: "180000",
      skills: "TypeScript, Node.js, PostgreSQL, Kubernetes, AWS",
    });
  }
  employer = await signInOverHttp(server.baseUrl, "cache@example.com", PASSWORD);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await queue?.stop();
  await orm?.close();
  setOrm(undefined);
  expect(await server?.stop()).toBe(0);
});

// fetch asks for gzip unless told otherwise: identity is the plain copy.
const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseUrl + path, { redirect: "manual", headers: { "Accept-Encoding": "identity", ...headers } });

describe("signed-out pages", () => {
  const paths = () => ["/jobs", "/jobs?q=engineer&location=", `/jobs/${jobId}`, "/sitemap.xml", "/sitemaps/jobs/1"];

  it("are public for a CDN, with a strong ETag that a 304 answers", async () => {
    for (const path of paths()) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control"), path).toBe(PUBLIC);
      expect(first.headers.get("vary"), path).toMatch(/Cookie/);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[\w-]{20,}"$/);
      const body = await first.text();
      // Every copy is the same bytes (no per-request nonce), so the tag stays.
      const again = await get(path);
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(await again.text(), path).toBe(body);
      const revalidated = await get(path, { "If-None-Match": etag });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get("etag"), path).toBe(etag);
      expect(await revalidated.text(), path).toBe("");
      expect((await get(path, { "If-None-Match": '"something-else"' })).status, path).toBe(200);
      // The gzip copy is another representation with its own tag; either revalidates.
      const zipped = await get(path, { "Accept-Encoding": "gzip" });
      expect(zipped.headers.get("etag"), path).toBe(etag.replace(/"$/, '-gz"'));
      expect((await get(path, { "If-None-Match": zipped.headers.get("etag")!, "Accept-Encoding": "gzip" })).status, path).toBe(304);
    }
  });

  it("run their inline scripts by hash, not a shared nonce", async () => {
    const response = await get("/jobs");
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/nonce-/);
    expect(html).not.toMatch(/nonce=/);
  });

  it("are never shared with a signed-in person, a browser that just wrote, or one with any cookie", async () => {
    const candidate = await signInOverHttp(server.baseUrl, "cache-candidate@example.com", PASSWORD);
    const cases: [string, Response][] = [
      ["employer /jobs", await employer.get("/jobs")],
      ["employer job page", await employer.get(`/jobs/${jobId}`)],
      ["candidate /jobs", await candidate.get("/jobs")],
      ["candidate /candidate/jobs", await candidate.get("/candidate/jobs?q=developer&location=")],
      ["__last_write", await get("/jobs", { Cookie: `__last_write=${Date.now()}` })],
      ["a theme cookie", await get("/jobs", { Cookie: "theme=ImRhcmsi" })],
    ];
    for (const [name, response] of cases) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control"), name).toBe("private, no-store");
      expect(response.headers.get("etag"), name).toBeNull();
    }
    // The signed-in page is the person's own: their header, not a visitor's copy.
    expect(await (await employer.get("/jobs")).text()).toContain("Nia North");
  });

  it("show a job closed or reopened on the very next request", async () => {
    const card = `job-board-${jobId}`;
    expect(await (await get("/jobs?q=cacheable&location=")).text()).toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(200);

    expect((await employer.post(`/employer/jobs/${jobId}/details`, { intent: "close" })).status).toBe(302);
    const afterClose = await get("/jobs?q=cacheable&location=");
    expect(afterClose.headers.get("cache-control")).toBe(PUBLIC);
    expect(await afterClose.text()).not.toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(404);

    expect((await employer.post(`/employer/jobs/${jobId}/details`, { intent: "reopen" })).status).toBe(302);
    expect(await (await get("/jobs?q=cacheable&location=")).text()).toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(200);
  });
});

describe("the /jobs page's size", () => {
  it(`stays within ${JOBS_PAGE_BUDGET / 1024} KiB of HTML for 20 results, each card an excerpt of at most 300 characters`, async () => {
    const html = await (await get("/jobs")).text();
    expect(html.match(/<li id="job-board-/g)).toHaveLength(20);
    const bytes = Buffer.byteLength(html);
    console.info(`/jobs with 20 results: ${bytes} bytes of HTML`);
    expect(bytes).toBeLessThanOrEqual(JOBS_PAGE_BUDGET);
    // The description's later parts never go out; its start does, cut to an excerpt.
    expect(html).not.toContain("What you&#x27;ll do");
    expect(html).not.toContain("About you");
    const excerpts = [...html.matchAll(/<p class="[^"]*line-clamp-3[^"]*">([^<]*)<\/p>/g)].map((m) => m[1]!);
    expect(excerpts).toHaveLength(20);
    for (const text of excerpts) expect(text.replace(/&#x27;/g, "'").length).toBeLessThanOrEqual(300);
  });

  it("sends no more in the loader data than the list shows", async () => {
    const data = await (await get("/jobs.data")).text();
    expect(data).not.toContain("Kubernetes"); // skills are on the detail, not the card
    expect(data).not.toContain("About you");
    expect(Buffer.byteLength(data)).toBeLessThan(Buffer.byteLength(await (await get("/jobs")).text()) / 2);
  });
});
