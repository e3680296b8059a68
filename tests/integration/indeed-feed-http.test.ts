// /feeds/indeed.xml over HTTP against the real production server: well-formed Indeed XML with the
// company's open jobs on PUBLIC_URL's origin, streamed (no Content-Length), public and cacheable
// (s-maxage, strong ETag, Last-Modified, 304s), and regenerated when a job closes or its closing
// date passes (the ETag moves; the job is gone).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { readIndeedFeed } from "../support/indeed-xml.ts";
import { em } from "../../lib/db.ts";
import { changeJobStatus, memberFor } from "../../modules/hiring/index.server.ts";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let server: AppServer;
let ownerId: string;
let kept: string;
let closed: string;
let expiring: string;

const get = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/feeds/indeed.xml`, { headers });
const idsIn = async (answer: Response) => readIndeedFeed(await answer.text()).jobs.map((j) => j.referencenumber);

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const owner = await signUpOnPlan({
    email: "owner@feed.example",
    password: "correct horse battery",
    role: "employer",
    company_name: "Feed & Field",
    full_name: "Fern Owner",
    plan: "business",
  });
  ownerId = owner.id;
  kept = await publishTestJob(owner.id, { title: "Kept <open>", salary_min: "50000", salary_max: "65000" });
  closed = await publishTestJob(owner.id, { title: "To be closed" });
  expiring = await publishTestJob(owner.id, { title: "To expire" });
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

describe("/feeds/indeed.xml", () => {
  it("streams the open jobs as Indeed XML, public and cacheable", async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe(PUBLIC);
    expect(answer.headers.get("etag")).toMatch(/^"[\w-]{32}"$/);
    expect(answer.headers.get("last-modified")).toMatch(/ GMT$/);
    // Written as it is read: no length known up front.
    expect(answer.headers.get("content-length")).toBeNull();
    const feed = readIndeedFeed(await answer.text());
    expect(feed.publisher).toBe("Hirewise");
    expect(feed.publisherurl).toBe(server.baseUrl);
    expect(feed.lastBuildDate).toBe(answer.headers.get("last-modified"));
    expect(new Set(feed.jobs.map((j) => j.referencenumber))).toEqual(new Set([kept, closed, expiring]));
    expect(feed.jobs.find((j) => j.referencenumber === kept)).toMatchObject({
      title: "Kept <open>",
      url: `${server.baseUrl}/jobs/${kept}?source=Indeed`,
      company: "Acme",
      city: "Austin",
      state: "TX",
      country: "US",
      salary: "$50,000 - $65,000 per year",
      jobtype: "fulltime",
      category: "Software Engineering",
    });
    // The page the feed links to is the job's public page.
    expect((await fetch(`${server.baseUrl}/jobs/${kept}?source=Indeed`)).status).toBe(200);
  });

  it("answers 304 to a revalidation with its ETag or its Last-Modified", async () => {
    const first = await get();
    await first.body?.cancel();
    const etag = first.headers.get("etag")!;
    expect((await get({ "If-None-Match": etag })).status).toBe(304);
    expect((await get({ "If-None-Match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await get({ "If-Modified-Since": first.headers.get("last-modified")! })).status).toBe(304);
    const stale = await get({ "If-None-Match": '"not-this-one"' });
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
  });

  it("is regenerated when a job closes or its closing date passes", async () => {
    const before = await get();
    await before.body?.cancel();
    await changeJobStatus(await memberFor(ownerId), closed, "close");
    const afterClose = await get({ "If-None-Match": before.headers.get("etag")! });
    expect(afterClose.status).toBe(200);
    expect(afterClose.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(new Set(await idsIn(afterClose))).toEqual(new Set([kept, expiring]));

    // Its closing date passed a moment ago: out of the feed before the hourly run closes it.
    await em().execute(`update jobs set closes_at = now() - interval '1 second' where id = ?`, [expiring]);
    const afterExpiry = await get({ "If-None-Match": afterClose.headers.get("etag")! });
    expect(afterExpiry.status).toBe(200);
    expect(await idsIn(afterExpiry)).toEqual([kept]);
  });
});
