// The Indeed feed against a real database: every element of a job as Indeed reads it, CDATA that
// survives "]]>" and characters XML forbids, the feed read across pages, and the jobs that must
// not be in it (closed, past their closing date, imported from a provider, drafts); the version
// (ETag) moves whenever the set does.
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { readIndeedFeed } from "../../tests/support/indeed-xml.ts";
import {
  changeJobStatus,
  closeExpiredJobs,
  emptyWizardForm,
  importListing,
  memberFor,
  startDraft,
} from "../hiring/index.server.ts";
import { cdata, indeedFeed, indeedFeedVersion } from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const ORIGIN = "https://hirewise.example";
const DAY = 86_400_000;

async function feedAt(at: Date, pageSize?: number): Promise<{ xml: string; pieces: number }> {
  const version = await indeedFeedVersion(ORIGIN, at);
  let xml = "";
  let pieces = 0;
  for await (const piece of indeedFeed({ origin: ORIGIN, at, version, pageSize })) {
    xml += piece;
    pieces++;
  }
  return { xml, pieces };
}

let n = 0;
const employer = () =>
  signUpOnPlan({
    email: `feed-owner-${++n}@example.com`,
    password: "correct horse battery",
    role: "employer",
    full_name: `Owner ${n}`,
    company_name: `Feed Co ${n}`,
    plan: "business",
  });

describe("cdata", () => {
  it("splits ']]>' across sections and drops characters XML 1.0 forbids", () => {
    expect(cdata("a ]]> b")).toBe("<![CDATA[a ]]]]><![CDATA[> b]]>");
    expect(cdata("x\u0007\u000By\uFFFE")).toBe("<![CDATA[xy]]>");
    expect(cdata("emoji 😀 stays")).toBe("<![CDATA[emoji 😀 stays]]>");
  });
});

describe("the Indeed feed", () => {
  it("lists an open job element by element, its text exactly as written", async () => {
    const start = new Date("2027-04-01T09:30:00Z");
    setClock(start);
    const owner = await employer();
    const description =
      "## About\nWe build **fast** things & ship <b>often</b>.\n\n- Code: if (a[b[0]]>1) ]]> done\n- München\u0007";
    const jobId = await publishTestJob(owner.id, {
      title: "Senior Engineer <Platform> & ]]> Tools",
      company_name: "Lumen & Oak",
      location: "10115 Berlin, Germany",
      location_type: "hybrid",
      employment_type: "PARTTIME",
      category: "Data Science",
      salary_min: "70000",
      salary_max: "85000",
      salary_currency: "EUR",
      description,
      requirements: "Five years of **Go**.",
      benefits: ["Bike & rail pass"],
    });
    const feed = readIndeedFeed((await feedAt(start)).xml);
    expect(feed.publisher).toBe("Hirewise");
    expect(feed.publisherurl).toBe(ORIGIN);
    // The last change: the publish, at the clock's instant (whole seconds, as Last-Modified).
    expect(feed.lastBuildDate).toBe(start.toUTCString());
    expect(feed.jobs).toHaveLength(1);
    expect(feed.jobs[0]).toEqual({
      title: "Senior Engineer <Platform> & ]]> Tools",
      date: start.toISOString(),
      referencenumber: jobId,
      requisitionid: jobId,
      url: `${ORIGIN}/jobs/${jobId}?source=Indeed`,
      company: "Lumen & Oak",
      city: "Berlin",
      state: "BE",
      country: "DE",
      postalcode: "10115",
      description:
        "About\n\nWe build fast things & ship <b>often</b>.\n\n• Code: if (a[b[0]]>1) ]]> done\n• München" +
        "\n\nRequirements\n\nFive years of Go.\n\nBenefits\n\n• Bike & rail pass",
      salary: "€70,000 - €85,000 per year",
      jobtype: "parttime",
      category: "Data Science",
      remotetype: "Hybrid remote",
      expirationdate: new Date(start.getTime() + 60 * DAY).toISOString(),
    });
  });

  it("leaves out what a job without a place, salary or type doesn't have", async () => {
    const start = new Date("2027-04-02T10:00:00Z");
    setClock(start);
    const owner = await employer();
    const jobId = await publishTestJob(owner.id, { title: "Anywhere", location: "Remote", location_type: "remote" });
    const job = readIndeedFeed((await feedAt(start)).xml).jobs.find((j) => j.referencenumber === jobId)!;
    expect(Object.keys(job).sort()).toEqual(
      [
        "title",
        "date",
        "referencenumber",
        "requisitionid",
        "url",
        "company",
        "description",
        "jobtype",
        "category",
        "remotetype",
        "expirationdate",
      ].sort(),
    );
    expect(job.remotetype).toBe("Fully remote");
  });

  it("lists only open board jobs: closed, expired, imported and draft jobs leave it or never enter", async () => {
    const start = new Date("2027-05-01T12:00:00Z");
    setClock(start);
    const owner = await employer();
    const member = await memberFor(owner.id);
    const staying = await publishTestJob(owner.id, { title: "Staying" });
    const closing = await publishTestJob(owner.id, { title: "Closing" });
    setClock(new Date(start.getTime() + 10 * DAY));
    const longer = await publishTestJob(owner.id, { title: "Published later" });
    await startDraft(member, { ...emptyWizardForm("Feed Co"), title: "A draft" });
    await importListing({
      source: "sample",
      externalId: "feed-1",
      title: "Imported listing",
      companyName: "Globex",
      companyLogo: null,
      location: "Denver, CO, United States",
      remote: false,
      description: "Pipelines.",
      employmentType: "FULLTIME",
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: null,
      skills: [],
      benefits: [],
      applyLink: "https://example.com/apply",
      postedAt: "2027-05-01T00:00:00Z",
    });
    // This test's jobs in the feed (earlier tests' jobs are there too until they expire).
    const ids = async (at: Date) => {
      const jobs = readIndeedFeed((await feedAt(at)).xml).jobs;
      expect(jobs.map((j) => j.title)).not.toContain("Imported listing");
      expect(jobs.map((j) => j.title)).not.toContain("A draft");
      return jobs.map((j) => j.referencenumber).filter((id) => [staying, closing, longer].includes(id));
    };
    const before = await indeedFeedVersion(ORIGIN, new Date(start.getTime() + 10 * DAY));
    expect(new Set(await ids(new Date(start.getTime() + 10 * DAY)))).toEqual(new Set([staying, closing, longer]));

    // Closed by its owner: gone, and the version moved.
    setClock(new Date(start.getTime() + 11 * DAY));
    await changeJobStatus(member, closing, "close");
    const afterClose = await indeedFeedVersion(ORIGIN, new Date(start.getTime() + 11 * DAY));
    expect(afterClose.etag).not.toBe(before.etag);
    expect(new Set(await ids(new Date(start.getTime() + 11 * DAY)))).toEqual(new Set([staying, longer]));

    // Past its closing date (60 days on), "Staying" leaves at once, before the hourly run closes it.
    const expired = new Date(start.getTime() + 60 * DAY + 1000);
    setClock(expired);
    const atExpiry = await indeedFeedVersion(ORIGIN, expired);
    expect(atExpiry.etag).not.toBe(afterClose.etag);
    expect(atExpiry.lastModified.getTime()).toBe(start.getTime() + 60 * DAY);
    expect(await ids(expired)).toEqual([longer]);
    const closedNow = await closeExpiredJobs(expired);
    expect(closedNow).toContain(staying);
    expect(closedNow).not.toContain(longer);
    expect(await ids(expired)).toEqual([longer]);

    const end = new Date(start.getTime() + 71 * DAY);
    setClock(end);
    expect(await closeExpiredJobs(end)).toContain(longer);
    expect(readIndeedFeed((await feedAt(end)).xml).jobs).toEqual([]);
  });

  it("reads the jobs a page at a time, each page written as it comes", async () => {
    const start = new Date("2027-06-01T08:00:00Z");
    setClock(start);
    const owner = await employer();
    const before = readIndeedFeed((await feedAt(start)).xml).jobs.length;
    const published = [];
    for (let i = 0; i < 5; i++) published.push(await publishTestJob(owner.id, { title: `Paged ${i}` }));
    const { xml, pieces } = await feedAt(start, 2);
    const jobs = readIndeedFeed(xml).jobs;
    expect(jobs).toHaveLength(before + 5);
    expect(new Set(jobs.map((j) => j.referencenumber)).size).toBe(jobs.length);
    expect(jobs.map((j) => j.referencenumber)).toEqual(expect.arrayContaining(published));
    // The head, one piece per page of two, the end.
    expect(pieces).toBe(1 + Math.ceil((before + 5) / 2) + 1);
  });
});
