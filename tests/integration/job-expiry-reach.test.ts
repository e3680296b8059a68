// A job past its closing date leaves everywhere it was listed: the board's search, the sitemap's
// jobs and the Indeed feed, with time moved through lib/clock.ts (decisions 078, 079).
import { afterEach, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { closeExpiredJobs, memberFor, setJobClosingDate } from "../../modules/hiring/index.server.ts";
import { activeJobIds, searchBoard } from "../../modules/search/index.server.ts";
import { indeedFeed, indeedFeedVersion } from "../../modules/feeds/index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const ORIGIN = "https://hirewise.example";

async function listed(jobId: string, at: Date) {
  let feed = "";
  for await (const piece of indeedFeed({ origin: ORIGIN, at, version: await indeedFeedVersion(ORIGIN, at) }))
    feed += piece;
  return {
    board: (await searchBoard({ q: "Lighthouse Keeper" })).jobs.some((j) => j.id === jobId),
    sitemap: (await activeJobIds(0, 1000)).some((j) => j.id === jobId),
    feed: feed.includes(`<referencenumber><![CDATA[${jobId}]]></referencenumber>`),
  };
}

it("leaves the board, the sitemap and the feed once its closing date has passed", async () => {
  setClock(new Date("2027-05-01T12:00:00Z"));
  const owner = await signUpOnPlan({
    email: "expiry-reach@example.com",
    password: "correct horse",
    role: "employer",
    company_name: "Harbour Lights",
    plan: "business",
  });
  const jobId = await publishTestJob(owner.id, { title: "Lighthouse Keeper" });
  await setJobClosingDate(await memberFor(owner.id), jobId, "2027-05-20");
  expect(await listed(jobId, new Date("2027-05-01T12:00:00Z"))).toEqual({ board: true, sitemap: true, feed: true });

  const after = new Date("2027-05-22T12:00:00Z"); // past the 20th in any zone
  setClock(after);
  expect(await closeExpiredJobs(after)).toEqual([jobId]);
  expect(await listed(jobId, after)).toEqual({ board: false, sitemap: false, feed: false });
});
