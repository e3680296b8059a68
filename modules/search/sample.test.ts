// The built-in sample provider: word matching, location (remote matches anywhere), date filter,
// pages of 10, details and salary estimates. No database: the listings are in memory.
import { describe, expect, it } from "vitest";
import { createSampleProvider, SAMPLE_PROVIDER_NAME } from "./sample.ts";
import type { ProviderListing } from "./provider.ts";

const NOW = new Date("2026-11-20T12:00:00Z");
const sample = createSampleProvider(() => NOW);
const DAY = 86_400_000;

const mentions = (l: ProviderListing, word: string) =>
  [l.title, l.company, l.description, ...l.requirements].some((t) => t.toLowerCase().includes(word));

/** Every listing the query finds, page by page. */
async function all(query: string, location = "", datePosted?: "all" | "today" | "3days" | "week" | "month") {
  const found: ProviderListing[] = [];
  for (let page = 1; page <= 10; page++) {
    const batch = await sample.search({ query, location, page, datePosted });
    found.push(...batch);
    if (batch.length < 10) break;
  }
  return found;
}

describe("sample provider", () => {
  it("is named and maps its listings through the provider mapper", async () => {
    expect(sample.name).toBe(SAMPLE_PROVIDER_NAME);
    const [first] = await sample.search({ query: "react" });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^sample-/),
      salary: expect.any(String),
      postedLabel: expect.any(String),
    });
  });

  it("finds react listings, title matches first", async () => {
    const found = await all("react");
    expect(found.length).toBeGreaterThanOrEqual(6);
    expect(found.every((l) => mentions(l, "react"))).toBe(true);
    expect(found.map((l) => l.id)).toEqual(
      expect.arrayContaining([
        "sample-frontend-react-northwind",
        "sample-senior-react-engineer-atrium",
        "sample-react-native-lumen",
      ]),
    );
    // Listings that only mention React in their skills or description come after the title matches.
    const titled = found.map((l) => /react/i.test(l.title));
    expect(titled.indexOf(false)).toBeGreaterThan(0);
    expect(titled.slice(titled.indexOf(false))).not.toContain(true);
    // Words that say nothing about the job don't stop a match; case doesn't matter.
    expect((await all("REACT jobs")).map((l) => l.id)).toEqual(found.map((l) => l.id));
    expect(await sample.search({ query: "zzyzx-nothing" })).toEqual([]);
  });

  it("filters by location, remote listings matching anywhere", async () => {
    const everything = await all("");
    const austin = await all("", "Austin");
    expect(austin.length).toBeLessThan(everything.length);
    expect(austin.some((l) => !l.isRemote)).toBe(true);
    for (const l of austin) if (!l.isRemote) expect(l.location.toLowerCase()).toContain("austin");
    // Every remote listing is there, whatever the place.
    const remote = everything.filter((l) => l.isRemote).map((l) => l.id);
    expect(remote.length).toBeGreaterThan(0);
    expect(austin.map((l) => l.id)).toEqual(expect.arrayContaining(remote));
    expect((await all("", "Nowhere-ville")).map((l) => l.id).sort()).toEqual([...remote].sort());
    // Country names and their codes.
    const us = await all("", "United States");
    expect(us.some((l) => !l.isRemote && l.country === "US")).toBe(true);
    for (const l of us) if (!l.isRemote) expect(l.country).toBe("US");
  });

  it("pages 10 at a time, without overlap, numPages pages at once", async () => {
    const everything = await all("");
    expect(everything.length).toBeGreaterThan(30);
    const [p1, p2] = [await sample.search({ query: "", page: 1 }), await sample.search({ query: "", page: 2 })];
    expect(p1).toHaveLength(10);
    expect(p2).toHaveLength(10);
    expect(p1.map((l) => l.id).filter((id) => p2.some((l) => l.id === id))).toEqual([]);
    expect(new Set(everything.map((l) => l.id)).size).toBe(everything.length);
    const two = await sample.search({ query: "", page: 1, numPages: 2 });
    expect(two.map((l) => l.id)).toEqual([...p1, ...p2].map((l) => l.id));
    expect(await sample.search({ query: "", page: 99 })).toEqual([]);
  });

  it("filters by date posted", async () => {
    const today = await all("", "", "today");
    expect(today.length).toBeGreaterThan(0);
    for (const l of today) expect(NOW.getTime() - Date.parse(l.postedDate!)).toBeLessThanOrEqual(DAY);
    const month = await all("", "", "month");
    expect(month.length).toBeGreaterThan(today.length);
    expect(month.length).toBeLessThan((await all("")).length);
    // Undated listings are shown as recently posted, and only without a date filter.
    const undated = (await all("")).filter((l) => l.postedDate === null);
    expect(undated.length).toBeGreaterThan(0);
    expect(undated.every((l) => l.postedLabel === "Recently posted")).toBe(true);
    expect(month.some((l) => l.postedDate === null)).toBe(false);
  });

  it("gives details by id and a salary estimate from similar titles", async () => {
    expect((await sample.details("sample-senior-react-engineer-atrium"))?.company).toBe("Atrium Architecture Software");
    expect(await sample.details("no-such-id")).toBeNull();
    const estimate = await sample.estimatedSalary({ jobTitle: "Engineer", location: "Austin" });
    expect(estimate).toMatchObject({
      currency: "USD",
      period: "YEAR",
      source: SAMPLE_PROVIDER_NAME,
      location: "Austin",
    });
    expect(estimate!.minSalary!).toBeLessThanOrEqual(estimate!.medianSalary!);
    expect(estimate!.medianSalary!).toBeLessThanOrEqual(estimate!.maxSalary!);
    expect(await sample.estimatedSalary({ jobTitle: "Zookeeper" })).toBeNull();
  });

  it("never throws on odd input", async () => {
    for (const q of [
      "x".repeat(2000),
      "'",
      "&",
      "!",
      ":*",
      "\\",
      "'; drop table jobs; --",
      "(((",
      "[a-z]+",
      "$^",
      "\u0000",
      "🙂",
    ]) {
      await expect(sample.search({ query: q, location: q, page: -3, numPages: 1e9 })).resolves.toBeInstanceOf(Array);
      await expect(sample.details(q)).resolves.toBeNull();
      await expect(sample.estimatedSalary({ jobTitle: q, location: q })).resolves.toBeDefined();
    }
    await expect(
      sample.search({ query: "", page: Number.NaN, numPages: Infinity, datePosted: "century" as never }),
    ).resolves.toHaveLength(10);
  });
});
