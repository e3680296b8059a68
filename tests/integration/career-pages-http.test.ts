// Career pages over HTTP against the real production server: /companies/{slug}, its JSON and its
// embed answer 200 with the company's open jobs, 301 from an old slug (the rest of the path kept),
// 404 for an unknown one; they are public and cacheable (s-maxage, strong ETag, 304) and cleared
// when a job is closed or published; the JSON may be read by any site, the embed framed anywhere,
// every other page stays unframeable; the sitemap lists companies with open jobs; only owners
// change the page's settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { flashOf } from "../support/flash.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { inviteAndJoin } from "../support/team.ts";
import { em } from "../../lib/db.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";

const PASSWORD = "correct horse battery";
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let server: AppServer;
let owner: HttpClient;
let recruiter: HttpClient;
let visitor: HttpClient;
let jobId: string;
let otherJobId: string;
let companyId: string;

/** A signed-out GET with no cookie at all, as a CDN or a crawler sends it. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + path, { redirect: "manual", headers });

const slugOf = async () =>
  (await em().execute<{ slug: string }[]>(`select slug from companies where id = ?`, [companyId]))[0]!.slug;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = await signUpOnPlan({
    email: "owner@career.example",
    password: PASSWORD,
    role: "employer",
    company_name: "Lumen & Oak",
    full_name: "Olive Owner",
    plan: "business",
  });
  companyId = (await memberFor(account.id)).companyId;
  jobId = await publishTestJob(account.id, {
    title: "Cabinet Maker <b>",
    salary_min: "50000",
    salary_max: "65000",
    employment_type: "PARTTIME",
  });
  otherJobId = await publishTestJob(account.id, { title: "Workshop Lead" });
  const colleague = await inviteAndJoin(account, "recruiter@career.example", "recruiter");
  owner = await signInOverHttp(server.baseUrl, account.email, PASSWORD);
  // inviteAndJoin's password.
  recruiter = await signInOverHttp(server.baseUrl, colleague.email, "correct horse");
  visitor = httpClient(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

describe("the career page", () => {
  it("shows the company and its open jobs as the board's cards, with Organization data and the JSON's link", async () => {
    expect(await slugOf()).toBe("lumen-and-oak");
    const answer = await get("/companies/lumen-and-oak");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe(PUBLIC);
    expect(answer.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const html = await answer.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Lumen &amp; Oak");
    expect(html).toContain(`id="job-board-${jobId}"`);
    expect(html).toContain(`id="job-board-${otherJobId}"`);
    expect(html).toContain("Cabinet Maker &lt;b&gt;");
    expect(html).toContain(
      `<link rel="alternate" type="application/json" href="${server.baseUrl}/companies/lumen-and-oak/jobs.json"/>`,
    );
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      "@type": "Organization",
      name: "Lumen & Oak",
      url: `${server.baseUrl}/companies/lumen-and-oak`,
    });
    // A revalidation with its tag: 304.
    const again = await get("/companies/lumen-and-oak", { "If-None-Match": answer.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("is linked from each of the company's job pages", async () => {
    const html = await (await get(`/jobs/${jobId}`)).text();
    expect(html).toContain('href="/companies/lumen-and-oak"');
  });

  it("answers 404 for an unknown address, with the not-found page", async () => {
    const answer = await get("/companies/nobody-here");
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("Company Not Found");
    for (const path of ["/companies/nobody-here/jobs.json", "/companies/nobody-here/embed", "/companies/ab"])
      expect((await get(path)).status).toBe(404);
    // A broken address is refused at the edge, never a 500.
    expect((await get("/companies/%00%ff")).status).toBe(400);
  });

  it("is cleared when a job of the company is closed or published", async () => {
    const card = `id="job-board-${otherJobId}"`;
    expect(await (await get("/companies/lumen-and-oak")).text()).toContain(card);
    expect((await get("/companies/lumen-and-oak/jobs.json")).status).toBe(200);
    expect((await owner.post(`/employer/jobs/${otherJobId}/details`, { intent: "close" })).status).toBe(302);
    expect(await (await get("/companies/lumen-and-oak")).text()).not.toContain(card);
    expect(await (await get("/companies/lumen-and-oak/jobs.json")).text()).not.toContain(otherJobId);
    expect(await (await get("/companies/lumen-and-oak/embed")).text()).not.toContain(otherJobId);
    expect((await owner.post(`/employer/jobs/${otherJobId}/details`, { intent: "reopen" })).status).toBe(302);
    expect(await (await get("/companies/lumen-and-oak")).text()).toContain(card);
    // Published by another process (here, the test's): its NOTIFY clears the server's copy moments later.
    const account = (
      await em().execute<{ id: string }[]>(`select id from users where email = ?`, ["owner@career.example"])
    )[0]!;
    const newJob = await publishTestJob(account.id, { title: "Apprentice Joiner" });
    await expect.poll(async () => (await get("/companies/lumen-and-oak")).text()).toContain(`job-board-${newJob}`);
    await expect.poll(async () => (await get("/companies/lumen-and-oak/jobs.json")).text()).toContain(newJob);
  });
});

describe("jobs for other sites", () => {
  it("lists each open job as JSON any site may read, cached with an ETag", async () => {
    const answer = await get("/companies/lumen-and-oak/jobs.json", { Origin: "https://lumenandoak.example" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(answer.headers.get("cache-control")).toBe(PUBLIC);
    const etag = answer.headers.get("etag")!;
    const body = (await answer.json()) as { company: Record<string, unknown>; jobs: Record<string, unknown>[] };
    expect(body.company).toEqual({
      name: "Lumen & Oak",
      url: `${server.baseUrl}/companies/lumen-and-oak`,
      website: null,
    });
    const job = body.jobs.find((j) => j.id === jobId);
    expect(job).toEqual({
      id: jobId,
      title: "Cabinet Maker <b>",
      location: "Austin, TX, United States",
      locationType: "On-site",
      type: "Part-time",
      salary: { min: 50000, max: 65000, currency: "USD", text: "$50,000 - $65,000" },
      postedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      url: `${server.baseUrl}/jobs/${jobId}`,
    });
    expect((await get("/companies/lumen-and-oak/jobs.json", { "If-None-Match": etag })).status).toBe(304);
    // Signed in, the same JSON: its own tag and 304 from the app, still readable by any site.
    const signedIn = await owner.get("/companies/lumen-and-oak/jobs.json");
    expect(signedIn.headers.get("access-control-allow-origin")).toBe("*");
    expect(signedIn.headers.get("cache-control")).toBe(PUBLIC);
    const tag = signedIn.headers.get("etag")!;
    const revalidated = await fetch(`${server.baseUrl}/companies/lumen-and-oak/jobs.json`, {
      headers: { Cookie: owner.cookie!, "If-None-Match": tag },
    });
    expect(revalidated.status).toBe(304);
    // Other pages are for this site only.
    expect((await get("/companies/lumen-and-oak")).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("frames the lean list anywhere, without scripts, each job opening in a new tab", async () => {
    const answer = await get("/companies/lumen-and-oak/embed");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-frame-options")).toBeNull();
    const csp = answer.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors *");
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(answer.headers.get("cache-control")).toBe(PUBLIC);
    const html = await answer.text();
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Hirewise");
    expect(html).toContain('<base target="_blank"/>');
    expect(html).toContain(`href="${server.baseUrl}/jobs/${jobId}"`);
    expect(html).toContain("Cabinet Maker &lt;b&gt;");
    // The script the snippet loads can be loaded from any page.
    const script = await get("/hirewise-jobs.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(await script.text()).not.toContain("innerHTML");
  });

  it("lists companies with open jobs in the sitemap", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${server.baseUrl}/companies/lumen-and-oak</loc>`);
  });
});

describe("the career page's settings", () => {
  it("are refused beside their fields, keeping what was typed", async () => {
    const answer = await owner.post("/employer/team", {
      intent: "career",
      slug: "Jobs",
      about: "Handmade furniture.",
      website: "not a site",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("That address is reserved");
    expect(html).toContain("Please enter a full address");
    expect(html).toContain("Handmade furniture.");
    expect(await slugOf()).toBe("lumen-and-oak");
  });

  it("are not for recruiters (404) nor visitors (sign-in)", async () => {
    const refused = await recruiter.post("/employer/team", {
      intent: "career",
      slug: "taken-over",
      about: "",
      website: "",
    });
    expect(refused.status).toBe(404);
    expect((await recruiter.get("/employer/team")).status).toBe(200);
    expect(await (await recruiter.get("/employer/team")).text()).not.toContain('name="slug"');
    const signedOut = await visitor.post("/employer/team", {
      intent: "career",
      slug: "taken-over",
      about: "",
      website: "",
    });
    expect(redirectedTo(signedOut)).toMatch(/^\/auth/);
    expect(await slugOf()).toBe("lumen-and-oak");
  });

  it("change the address, and the old one answers 301 to the new one, on every path", async () => {
    const saved = await owner.post("/employer/team", {
      intent: "career",
      slug: "lumen-oak-workshop",
      about: "Handmade furniture since 1998.",
      website: "https://lumenandoak.example",
    });
    expect(redirectedTo(saved)).toBe("/employer/team");
    expect((await flashOf(saved))?.text).toMatch(/Career page saved/);
    for (const rest of ["", "/jobs.json", "/embed"]) {
      const moved = await get(`/companies/lumen-and-oak${rest}`);
      expect(moved.status).toBe(301);
      expect(redirectedTo(moved)).toBe(`/companies/lumen-oak-workshop${rest}`);
    }
    const html = await (await get("/companies/lumen-oak-workshop")).text();
    expect(html).toContain("Handmade furniture since 1998.");
    expect(html).toContain('href="https://lumenandoak.example"');
    expect(await (await get("/sitemap.xml")).text()).toContain("/companies/lumen-oak-workshop</loc>");
    // A change to the text alone clears the kept copy too.
    await owner.post("/employer/team", {
      intent: "career",
      slug: "lumen-oak-workshop",
      about: "Handmade furniture, now with a showroom.",
      website: "https://lumenandoak.example",
    });
    expect(await (await get("/companies/lumen-oak-workshop")).text()).toContain("now with a showroom");
  });
});
