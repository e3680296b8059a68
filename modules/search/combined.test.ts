// searchJobs over a real board (PostgreSQL) and a provider: both merged, duplicates of board jobs
// dropped, filters, paging, odd input, and a failing provider that never hides the board.
import { insertDemoJobs } from "../../db/demo-jobs.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import type { WizardForm } from "../hiring/index.server.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { BOARD_DONE, searchJobs, type JobSearchQuery } from "./combined.ts";
import { SAMPLE_PROVIDER_NAME } from "./sample.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";

// searchJobs asks config() for the provider; this file chooses it per test.
const search = vi.hoisted(() => ({
  current: { provider: "sample", apiUrl: "https://jsearch.p.rapidapi.com", apiKey: undefined as string | undefined },
}));
vi.mock("../../lib/config.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../lib/config.ts")>();
  return { ...real, config: () => ({ ...real.config(), search: search.current }) };
});

useTestRuntime();

const NOW = new Date("2026-11-20T12:00:00Z");
let employerId = "";
const boardIds: Record<string, string> = {};

async function post(key: string, form: Partial<WizardForm>) {
  boardIds[key] = await publishTestJob(employerId, form);
}

const query = (over: Partial<JobSearchQuery> = {}): JobSearchQuery => ({
  q: "",
  location: "",
  locationType: "",
  employmentType: "",
  category: "",
  minSalary: null,
  datePosted: "all",
  cursor: null,
  page: 1,
  ...over,
});

const sources = (page: Awaited<ReturnType<typeof searchJobs>>) => page.results.map((r) => r.source);
const providerIds = (page: Awaited<ReturnType<typeof searchJobs>>) =>
  page.results.flatMap((r) => (r.source === "provider" ? [r.listing.id] : []));
const boardTitles = (page: Awaited<ReturnType<typeof searchJobs>>) =>
  page.results.flatMap((r) => (r.source === "board" ? [r.job.title] : []));

/** A base URL where nothing listens. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  setClock(NOW);
  employerId = (
    await signUpOnPlan({
      email: "search@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
  await post("react", {
    title: "React Developer",
    skills: "React, TypeScript",
    salary_min: "90000",
    salary_max: "120000",
  });
  // The same job as the sample listing "Senior React Engineer" at Atrium Architecture Software in
  // Edinburgh, spelt a little differently.
  await post("atrium", {
    title: "Senior  REACT Engineer",
    company_name: "ATRIUM Architecture Software",
    location: "Edinburgh, Scotland, United Kingdom",
    location_type: "remote",
    skills: "React, WebGL",
  });
  await post("designer", {
    title: "Product Designer",
    category: "Design",
    skills: "Figma",
    location: "Toronto, ON, Canada",
  });
  await insertDemoJobs({ count: 6, employerIds: [employerId], seed: 3 });
});

beforeEach(() => {
  setClock(NOW);
  search.current = { provider: "sample", apiUrl: "https://jsearch.p.rapidapi.com", apiKey: undefined };
});

describe("searchJobs", () => {
  it("merges board jobs and provider listings, ours first, interleaved", async () => {
    const page = await searchJobs(query({ q: "react" }));
    expect(page.provider).toEqual({ name: SAMPLE_PROVIDER_NAME, state: "ok" });
    expect(boardTitles(page)).toEqual(expect.arrayContaining(["React Developer", "Senior  REACT Engineer"]));
    expect(boardTitles(page)).not.toContain("Product Designer");
    expect(providerIds(page)).toContain("sample-frontend-react-northwind");
    expect(sources(page).slice(0, 4)).toEqual(["board", "provider", "board", "provider"]);
    // Keys name the source and are unique.
    const keys = page.results.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(`board:${boardIds.react}`);
    expect(keys).toContain("sample:sample-frontend-react-northwind");
  });

  it("drops a provider listing that duplicates a board job (same normalised title, company and city)", async () => {
    const page = await searchJobs(query({ q: "react" }));
    expect(boardTitles(page)).toContain("Senior  REACT Engineer");
    expect(providerIds(page)).not.toContain("sample-senior-react-engineer-atrium");
    // Without the board job in the results (filtered out), the listing shows.
    // When the board job is not among the results (the board needs every word), the listing shows.
    const other = await searchJobs(query({ q: "webgl performance" }));
    expect(boardTitles(other)).not.toContain("Senior  REACT Engineer");
    expect(providerIds(other)).toContain("sample-senior-react-engineer-atrium");
  });

  it("applies the filters the provider can't to its listings", async () => {
    const remote = await searchJobs(query({ q: "react", locationType: "remote" }));
    for (const r of remote.results) if (r.source === "provider") expect(r.listing.isRemote).toBe(true);
    expect(providerIds(remote).length).toBeGreaterThan(0);
    const contract = await searchJobs(query({ q: "react", employmentType: "CONTRACT" }));
    expect(providerIds(contract)).toEqual(["sample-react-typescript-contract-orbit"]);
    const rich = await searchJobs(query({ q: "react", minSalary: 150_000 }));
    for (const r of rich.results)
      if (r.source === "provider")
        expect(r.listing.salaryMax ?? r.listing.salaryMin ?? 0).toBeGreaterThanOrEqual(150_000);
    // Only board jobs carry our categories.
    const design = await searchJobs(query({ category: "Design" }));
    expect(sources(design)).toEqual(["board"]);
    expect(boardTitles(design)).toEqual(["Product Designer"]);
  });

  it("ignores unknown filter values, on both sides", async () => {
    const plain = await searchJobs(query({ q: "react" }));
    const odd = await searchJobs(
      query({
        q: "react",
        locationType: "moon",
        employmentType: "x",
        category: "y",
        datePosted: "century" as never,
        minSalary: Number.NaN,
      }),
    );
    expect(odd.results.map((r) => r.key)).toEqual(plain.results.map((r) => r.key));
  });

  it("pages: Load More asks for the board's next cursor and the provider's next page", async () => {
    const first = await searchJobs(query({ q: "" }));
    expect(first.next).toEqual({ cursor: BOARD_DONE, page: 2 });
    const second = await searchJobs(query({ q: "", cursor: BOARD_DONE, page: 2 }));
    expect(sources(second).every((s) => s === "provider")).toBe(true);
    expect(providerIds(second).filter((id) => providerIds(first).includes(id))).toEqual([]);
    // Provider done (page 0) and board done: nothing more.
    const none = await searchJobs(query({ q: "", cursor: BOARD_DONE, page: 0 }));
    expect(none.results).toEqual([]);
    expect(none.next).toBeNull();
    // Provider off for this query: the board alone, no provider request.
    const boardOnly = await searchJobs(query({ q: "react", page: 0 }));
    expect(sources(boardOnly).every((s) => s === "board")).toBe(true);
    expect(boardOnly.results.length).toBeGreaterThan(0);
  });

  it("never throws for odd queries, filters, cursors or pages", async () => {
    const nasty = [
      "x".repeat(2000),
      "'",
      "&",
      "!",
      ":*",
      "\\",
      "'; drop table jobs; --",
      "()|&!<->",
      "%",
      "_",
      "\u0000",
      "-",
      '"',
    ];
    for (const q of nasty) {
      const page = await searchJobs(query({ q, location: q }));
      expect(page.provider.state).toBe("ok");
    }
    const cursors = [
      "garbage",
      "",
      "eyJ9",
      "a".repeat(5000),
      Buffer.from(JSON.stringify([1e308, "x", "y", "z"])).toString("base64url"),
      BOARD_DONE,
    ];
    for (const cursor of cursors) await expect(searchJobs(query({ q: "react", cursor }))).resolves.toBeDefined();
    for (const page of [-1, 0, 1.5, 1e9, Number.MAX_SAFE_INTEGER, Number.NaN, Infinity, -Infinity]) {
      await expect(searchJobs(query({ q: "react", page }))).resolves.toBeDefined();
    }
    await expect(
      searchJobs(
        query({
          q: "react",
          minSalary: -5,
          locationType: "'; drop table jobs; --",
          employmentType: ":*",
          category: "\\",
        }),
      ),
    ).resolves.toBeDefined();
    // The board is still there.
    expect(boardTitles(await searchJobs(query({ q: "react" })))).toContain("React Developer");
  });

  it("shows board results when the provider fails, with provider state 'unavailable'", async () => {
    search.current = { provider: "jsearch", apiUrl: await deadUrl(), apiKey: "secret-key-for-combined" };
    const page = await searchJobs(query({ q: "react" }));
    expect(page.provider).toEqual({ name: "JSearch", state: "unavailable" });
    expect(sources(page).every((s) => s === "board")).toBe(true);
    expect(boardTitles(page)).toEqual(expect.arrayContaining(["React Developer", "Senior  REACT Engineer"]));
    // A failing provider does not ask for more provider pages.
    expect(page.next).toBeNull();
    // "Load Sample Jobs" still uses the sample listings whatever is configured: all of them, a
    // page at a time, and nothing else (the search that found nothing doesn't filter them).
    const sample = await searchJobs(
      query({ q: "zzzxqv nonexistent", location: "Atlantis", employmentType: "INTERN", sample: true }),
    );
    expect(sample.provider).toEqual({ name: SAMPLE_PROVIDER_NAME, state: "ok" });
    expect(sources(sample).every((s) => s === "provider")).toBe(true);
    expect(providerIds(sample)).toHaveLength(10);
    expect(sample.results.every((r) => r.key.startsWith("sample:"))).toBe(true);
    const second = await searchJobs(
      query({ q: "zzzxqv nonexistent", sample: true, cursor: sample.next!.cursor, page: sample.next!.page }),
    );
    expect(providerIds(second)).toHaveLength(10);
    expect(providerIds(second).some((id) => providerIds(sample).includes(id))).toBe(false);
  });

  it("with no provider, searches the board alone (state 'off')", async () => {
    search.current = { provider: "none", apiUrl: "https://jsearch.p.rapidapi.com", apiKey: undefined };
    const page = await searchJobs(query({ q: "react" }));
    expect(page.provider).toEqual({ name: "", state: "off" });
    expect(sources(page).every((s) => s === "board")).toBe(true);
    expect(page.results.length).toBeGreaterThan(0);
  });
});
