// The Express edge against the real production server: requests from other sites are refused before
// the app runs (and change nothing), pages that depend on the session are never cached, and public
// URLs come from PUBLIC_URL whatever Host or X-Forwarded-Host the request names.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { rawRequest } from "../support/raw-http.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let db: pg.Client;
let employer: HttpClient;
let employerId: string;
let jobId: string;

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  employerId = (
    await signUp({
      email: "edge@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Edge Co",
      full_name: "Eda Edge",
      plan: "business",
    })
  ).id;
  jobId = await publishTestJob(employerId, { title: "Edge Engineer" });
  employer = await signInOverHttp(server.baseUrl, "edge@example.com", PASSWORD);
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

const jobStatus = async () =>
  (await db.query("select status from jobs where id = $1", [jobId])).rows[0]?.status as string;
const sessionCount = async () =>
  Number((await db.query("select count(*) from sessions where user_id = $1", [employerId])).rows[0].count);

/** The ways a page on another site (or another port of this host) gets a browser to post. */
const FOREIGN: { name: string; headers: Record<string, string> }[] = [
  { name: "a foreign Origin", headers: { Origin: "https://evil.example" } },
  { name: "another port of this host", headers: { Origin: "http://127.0.0.1:1" } },
  { name: "Origin: null", headers: { Origin: "null" } },
  { name: "Sec-Fetch-Site: cross-site", headers: { "Sec-Fetch-Site": "cross-site" } },
  { name: "Sec-Fetch-Site: same-site", headers: { "Sec-Fetch-Site": "same-site" } },
];

function post(path: string, fields: Record<string, string>, headers: Record<string, string>, cookie: string | null) {
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("requests from other sites", () => {
  const jobUrls = () => [
    `/employer/jobs/${jobId}`,
    `/employer/jobs/${jobId}.data`,
    `/employer/jobs/${jobId}?_data=${encodeURIComponent("routes/employer.jobs.$id")}`,
  ];

  it("cannot close a job: page URL, .data and ?_data, all 403, the job stays active", async () => {
    for (const url of jobUrls()) {
      for (const vector of FOREIGN) {
        const response = await post(url, { intent: "close" }, vector.headers, employer.cookie);
        expect(response.status, `${url} with ${vector.name}`).toBe(403);
      }
    }
    expect(await jobStatus()).toBe("active");
  });

  it("cannot sign a visitor in (login CSRF): no session is started", async () => {
    const before = await sessionCount();
    for (const url of ["/auth?mode=signin", "/auth.data?mode=signin", "/auth?mode=signin&_data=routes%2Fauth"]) {
      for (const vector of FOREIGN) {
        const response = await post(
          url,
          { mode: "signin", email: "edge@example.com", password: PASSWORD },
          vector.headers,
          null,
        );
        expect(response.status, `${url} with ${vector.name}`).toBe(403);
        expect(response.headers.getSetCookie(), `${url} with ${vector.name}`).toEqual([]);
      }
    }
    expect(await sessionCount()).toBe(before);
  });

  it("cannot sign out or change the theme (resource routes): 403, no cookie touched, the session stays", async () => {
    const before = await sessionCount();
    for (const vector of FOREIGN) {
      for (const [url, fields] of [
        ["/signout", {}],
        ["/theme", { theme: "dark", redirectTo: "/" }],
      ] as const) {
        const response = await post(url, fields, vector.headers, employer.cookie);
        expect(response.status, `${url} with ${vector.name}`).toBe(403);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
    }
    expect(await sessionCount()).toBe(before);
    expect((await employer.get("/employer/dashboard")).status).toBe(200);
  });

  it("refuses ?_data even from this site, and lets this site's own posts through", async () => {
    const own = { Origin: server.baseUrl };
    expect((await post(jobUrls()[2]!, { intent: "close" }, own, employer.cookie)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/jobs?_data=routes%2Fjobs._index`)).status).toBe(403);
    expect(await jobStatus()).toBe("active");
    // The same post from this site's pages (a browser sends Sec-Fetch-Site: same-origin along).
    const closed = await post(
      jobUrls()[0]!,
      { intent: "close" },
      { ...own, "Sec-Fetch-Site": "same-origin" },
      employer.cookie,
    );
    expect(closed.status).toBe(302);
    expect(await jobStatus()).toBe("closed");
    // No browser (no Origin, no Sec-Fetch-Site): a script with its own cookie, not a forged request.
    expect((await post(jobUrls()[0]!, { intent: "reopen" }, {}, employer.cookie)).status).toBe(302);
    expect(await jobStatus()).toBe("active");
  });

  it("signing out revokes the session row, and a request without the cookie clears nothing", async () => {
    const extra = await signInOverHttp(server.baseUrl, "edge@example.com", PASSWORD);
    const before = await sessionCount();
    const withoutCookie = await httpClient(server.baseUrl).post("/signout", {});
    expect(withoutCookie.status).toBe(302);
    expect(withoutCookie.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount()).toBe(before);
    const out = await extra.post("/signout", {});
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().join()).toMatch(/__session=; Max-Age=0/);
    expect(await sessionCount()).toBe(before - 1);
    expect((await extra.get("/employer/dashboard")).status).toBe(302);
  });
});

describe("caching", () => {
  const cacheOf = (r: Response) => r.headers.get("cache-control");

  it("marks signed-in pages, .data answers and redirects private, no-store, varying with the cookie", async () => {
    const page = await employer.get("/employer/dashboard");
    expect(page.status).toBe(200);
    expect(cacheOf(page)).toBe("private, no-store");
    expect(page.headers.get("vary")).toMatch(/Cookie/);
    const data = await employer.get(`/employer/jobs/${jobId}.data`);
    expect(data.status).toBe(200);
    expect(cacheOf(data)).toBe("private, no-store");
    const redirected = await httpClient(server.baseUrl).get("/employer/dashboard");
    expect(redirected.status).toBe(302);
    expect(cacheOf(redirected)).toBe("private, no-store");
    const signedIn = await signInOverHttp(server.baseUrl, "edge@example.com", PASSWORD);
    const out = await signedIn.post("/signout", {});
    expect(cacheOf(out)).toBe("private, no-store");
    // A public page differs signed in and out (the header names the account).
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.headers.get("vary")).toMatch(/Cookie/);
  });

  it("keeps the caching of public files", async () => {
    const icon = await employer.get("/favicon.svg");
    expect(cacheOf(icon)).toBe("public, max-age=3600");
    const robots = await employer.get("/robots.txt");
    expect(cacheOf(robots)).toBe("public, max-age=3600");
    const script = /\/assets\/[^"]+\.js/.exec(await (await fetch(`${server.baseUrl}/`)).text())![0];
    expect(cacheOf(await employer.get(script))).toBe("public, max-age=31536000, immutable");
  });
});

describe("public URLs", () => {
  const forged: Record<string, string>[] = [
    { Host: "evil.example" },
    { "X-Forwarded-Host": "evil.example:6666" },
    { Host: "evil.example", "X-Forwarded-Host": "evil.example:6666" },
  ];

  it("come from PUBLIC_URL in canonical links, og:url, the JobPosting url, sitemap.xml and robots.txt", async () => {
    for (const headers of forged) {
      const home = await rawRequest(server.baseUrl, "/", { headers });
      expect(home.body).toContain(`<link rel="canonical" href="${server.baseUrl}/"/>`);
      expect(home.body).toContain(`<meta property="og:url" content="${server.baseUrl}/"/>`);
      const job = await rawRequest(server.baseUrl, `/jobs/${jobId}`, { headers });
      expect(job.body).toContain(`"url":"${server.baseUrl}/jobs/${jobId}"`);
      expect(job.body).toContain(`<link rel="canonical" href="${server.baseUrl}/jobs/${jobId}"/>`);
      const sitemap = await rawRequest(server.baseUrl, "/sitemap.xml", { headers });
      expect(sitemap.body).toContain(`<loc>${server.baseUrl}/jobs/${jobId}</loc>`);
      const robots = await rawRequest(server.baseUrl, "/robots.txt", { headers });
      expect(robots.body).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
      for (const body of [home.body, job.body, sitemap.body, robots.body]) expect(body).not.toContain("evil.example");
    }
  });
});
