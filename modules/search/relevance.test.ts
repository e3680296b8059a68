// Relevance a job seeker expects, judged on a realistic board (600 demo jobs plus hand-written ones
// for the cases) with queries whose right answers are known: precision of the first page, location
// correctness, title-first ranking, "nurse" finding no engineer, synonyms, a misspelling, the
// remote toggle, salary in one currency, and the provider's listings held to the same rules.
import { insertDemoJobs } from "../../db/demo-jobs.ts";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { placeKeys, type WizardForm } from "../hiring/index.server.ts";
import { newBoardJobs, readPlace, readWords, searchBoard, type BoardJob, type BoardQuery } from "./index.server.ts";
import { searchJobs, type JobSearchQuery } from "./combined.ts";

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
const ids: Record<string, string> = {};

async function post(key: string, daysAgo: number, form: Partial<WizardForm>) {
  setClock(new Date(NOW.getTime() - daysAgo * 86_400_000));
  ids[key] = await publishTestJob(employerId, form);
}

const board = (query: BoardQuery) => searchBoard({ limit: 20, ...query });
const titles = async (query: BoardQuery) => (await board(query)).jobs.map((j) => j.title);
const idSet = async (query: BoardQuery) => new Set((await board({ ...query, limit: 50 })).jobs.map((j) => j.id));
const isRemote = (j: BoardJob) => j.locationType === "remote";

/** Every page of a query. */
async function everything(query: BoardQuery): Promise<BoardJob[]> {
  const all: BoardJob[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: Awaited<ReturnType<typeof searchBoard>> = await searchBoard({ ...query, cursor, limit: 50 });
    all.push(...page.jobs);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return all;
}

const precision = (jobs: BoardJob[], right: (j: BoardJob) => boolean) =>
  jobs.filter(right).length / Math.max(jobs.length, 1);

beforeAll(async () => {
  setClock(NOW);
  employerId = (
    await signUpOnPlan({
      email: "relevance@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
  await insertDemoJobs({ count: 600, employerIds: [employerId], seed: 19 });
  const berlin = { location: "Berlin, Germany", location_type: "onsite" as const, salary_currency: "EUR" };
  await post("js", 2, { ...berlin, title: "Senior JavaScript Developer", skills: "JavaScript, React, Node.js" });
  await post("frontEnd", 3, { ...berlin, title: "Front-End Developer", skills: "CSS, Vue", location_type: "hybrid" });
  await post("k8s", 4, { title: "Platform Engineer", skills: "K8s, Terraform", location: "SF, CA" });
  await post("pm", 5, {
    title: "Senior PM, Payments",
    category: "Product Management",
    location: "San Francisco, CA, United States",
    skills: "Roadmaps",
  });
  await post("nurses", 1, {
    title: "QA Automation Engineer",
    company_name: "Beacon Telehealth",
    description: "Beacon connects patients with nurses by video.",
    skills: "Playwright",
  });
  // A designer word in skills only, posted just now: below every job with Designer in its title.
  await post("skillMention", 0, {
    title: "Marketing Lead",
    category: "Marketing",
    skills: "Designer handoff, Campaigns",
  });
  // Salaries in three currencies: 90,000 EUR ≈ 97,200 USD; 100,000 USD; 110,000 CAD ≈ 79,200 USD.
  await post("eur", 6, {
    title: "Zephyr Analyst Munich",
    location: "Munich, Germany",
    salary_min: "80000",
    salary_max: "90000",
    salary_currency: "EUR",
  });
  await post("usd", 6, {
    title: "Zephyr Analyst Denver",
    location: "Denver, CO, United States",
    salary_min: "90000",
    salary_max: "100000",
    salary_currency: "USD",
  });
  await post("cad", 6, {
    title: "Zephyr Analyst Toronto",
    location: "Toronto, ON, Canada",
    salary_min: "100000",
    salary_max: "110000",
    salary_currency: "CAD",
  });
  setClock(NOW);
  await em().execute("analyze jobs");
}, 120_000);

describe("the gazetteer", () => {
  it("reads the common forms of a place alike, in searches and in jobs", () => {
    const key = (text: string) => readPlace(text).key;
    expect(
      new Set(["San Francisco", "San Francisco, CA", "SF", "san francisco, california", "SF, CA, USA"].map(key)),
    ).toEqual(new Set(["city:us-san-francisco"]));
    expect(new Set(["Germany", "DE", "Deutschland", "germany "].map(key))).toEqual(new Set(["country:de"]));
    expect(new Set(["United States", "USA", "US", "U.S.", "United States of America"].map(key))).toEqual(
      new Set(["country:us"]),
    );
    expect(new Set(["United Kingdom", "UK", "Great Britain"].map(key))).toEqual(new Set(["country:gb"]));
    expect(key("München")).toBe("city:de-munich");
    expect(key("NYC")).toBe("city:us-new-york");
    expect(key("California")).toBe("region:us-ca");
    expect(readPlace("Remote").remoteOnly).toBe(true);
    expect(readPlace("Remote (Europe)")).toMatchObject({ key: "area:europe", remoteOnly: true });
    // Unknown places keep their text, matched against the job's location.
    expect(readPlace("Springfield, IL")).toMatchObject({ key: null, text: "Springfield, IL" });
    expect(placeKeys("Berlin, DE")).toEqual(expect.arrayContaining(["country:de", "city:de-berlin", "area:europe"]));
    expect(placeKeys("Wilmington, DE, United States")).toEqual(expect.arrayContaining(["country:us", "region:us-de"]));
    expect(placeKeys("Remote (US)")).toEqual(["country:us"]);
  });
});

describe("location", () => {
  it('"engineer" in "Berlin" lists Berlin jobs only, and with remote jobs included, Berlin first and no onsite job elsewhere', async () => {
    const local = await everything({ q: "engineer", location: "Berlin" });
    expect(local.length).toBeGreaterThan(3);
    for (const j of local) {
      expect(j.location).toMatch(/^Berlin/);
      expect(isRemote(j)).toBe(false);
    }
    const withRemote = await everything({ q: "engineer", location: "Berlin", includeRemote: true });
    const firstRemote = withRemote.findIndex(isRemote);
    expect(firstRemote).toBe(local.length);
    expect(withRemote.slice(0, firstRemote).map((j) => j.id)).toEqual(local.map((j) => j.id));
    expect(withRemote.slice(firstRemote).every(isRemote)).toBe(true);
  });

  it("treats the forms of a place alike", async () => {
    for (const forms of [
      ["San Francisco", "San Francisco, CA", "SF"],
      ["Germany", "DE", "Deutschland"],
      ["United States", "USA", "US"],
      ["United Kingdom", "UK"],
    ]) {
      const sets = await Promise.all(forms.map((location) => idSet({ location })));
      expect(sets[0]!.size, forms[0]).toBeGreaterThan(0);
      for (const set of sets) expect(set).toEqual(sets[0]);
    }
    // A job written "SF, CA" is in San Francisco and in California.
    expect(await idSet({ location: "San Francisco", q: "platform" })).toContain(ids.k8s);
    expect(await idSet({ location: "California", q: "platform" })).toContain(ids.k8s);
  });

  it("includes remote jobs by default only without a location; 'Remote' lists remote jobs only", async () => {
    const noPlace = await board({ q: "engineer", limit: 50 });
    expect(noPlace.jobs.some(isRemote)).toBe(true);
    expect((await board({ q: "engineer", includeRemote: false, limit: 50 })).jobs.some(isRemote)).toBe(false);
    expect((await board({ q: "engineer", location: "Germany", limit: 50 })).jobs.some(isRemote)).toBe(false);
    const remote = await board({ q: "engineer", location: "Remote", limit: 50 });
    expect(remote.jobs.length).toBeGreaterThan(0);
    expect(remote.jobs.every(isRemote)).toBe(true);
    const europe = await board({ q: "engineer", location: "Remote (Europe)", limit: 50 });
    expect(europe.jobs.length).toBeGreaterThan(0);
    expect(europe.jobs.every((j) => isRemote(j) && placeKeys(j.location).includes("area:europe"))).toBe(true);
  });
});

describe("words", () => {
  it("precision of the first page for queries with known right answers", async () => {
    const us = (j: BoardJob) => placeKeys(j.location).includes("country:us") && !isRemote(j);
    const dev = await board({ q: "software developer", location: "United States" });
    expect(dev.jobs.length).toBe(20);
    expect(precision(dev.jobs, (j) => us(j) && /engineer|developer|programmer/i.test(j.title))).toBe(1);
    const cases: [string, RegExp][] = [
      ["data scientist", /data scien/i],
      ["designer", /designer/i],
      ["product manager", /product manager|pm\b/i],
      ["kubernetes", /./], // every match has it in title or skills (checked below)
    ];
    for (const [q, right] of cases) {
      const page = await board({ q });
      expect(page.jobs.length, q).toBeGreaterThan(0);
      expect(
        precision(page.jobs, (j) => right.test(j.title)),
        q,
      ).toBeGreaterThanOrEqual(0.9);
    }
    for (const j of (await board({ q: "kubernetes" })).jobs)
      expect(`${j.title} ${j.skills.join(" ")}`).toMatch(/kubernetes|k8s/i);
  });

  it("ranks a word in the title above a word in the skills, and matches word forms", async () => {
    const all = await everything({ q: "designers" });
    // English stemming: "designers", "designer" and "design" are one word.
    const inTitle = all.map((j) => /design/i.test(j.title));
    expect(inTitle[0]).toBe(true);
    expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
    expect(all.map((j) => j.id)).toContain(ids.skillMention);
  });

  it('gives "No jobs found" for words that match nothing relevant: "nurse" lists no engineer', async () => {
    expect(await titles({ q: "nurse" })).toEqual([]);
    const both = await searchJobs(query({ q: "nurse" }));
    const found = both.results.map((r) => (r.source === "board" ? r.job.title : r.listing.title));
    expect(found.filter((t) => /engineer/i.test(t))).toEqual([]);
    expect(await titles({ q: "zzzxqv nonexistent" })).toEqual([]);
  });

  it("finds spelling variants through the synonym table", async () => {
    expect(readWords("front end developer")[0]!.forms).toEqual(expect.arrayContaining(["frontend", "front-end"]));
    for (const forms of [
      ["frontend", "front-end", "front end"],
      ["javascript", "JS"],
      ["k8s", "Kubernetes"],
      ["PM", "product manager"],
    ]) {
      const sets = await Promise.all(forms.map((q) => idSet({ q })));
      expect(sets[0]!.size, forms[0]).toBeGreaterThan(0);
      for (const set of sets) expect(set, forms.join(" / ")).toEqual(sets[0]);
    }
    expect(await idSet({ q: "front end" })).toContain(ids.frontEnd);
    expect(await idSet({ q: "kubernetes" })).toContain(ids.k8s);
    expect(await idSet({ q: "product manager" })).toContain(ids.pm);
  });

  it("finds a misspelt word by trigram similarity when the exact words find few", async () => {
    const page = await board({ q: "javascrpt" });
    expect(page.fuzzy).toBe(true);
    expect(page.jobs.map((j) => j.id)).toContain(ids.js);
    // Exclusions still hold.
    expect((await board({ q: "javascrpt -react" })).jobs.map((j) => j.id)).not.toContain(ids.js);
    expect((await board({ q: "javascript" })).fuzzy).toBe(false);
  });
});

describe("salary, sort and count", () => {
  it("compares the minimum salary like with like, in the currency asked for", async () => {
    const zephyr = async (minSalary: number, salaryCurrency: string) =>
      (await titles({ q: "zephyr", minSalary, salaryCurrency })).sort();
    expect(await zephyr(95_000, "USD")).toEqual(["Zephyr Analyst Denver", "Zephyr Analyst Munich"]);
    expect(await zephyr(85_000, "EUR")).toEqual(["Zephyr Analyst Denver", "Zephyr Analyst Munich"]);
    expect(await zephyr(105_000, "CAD")).toEqual([
      "Zephyr Analyst Denver",
      "Zephyr Analyst Munich",
      "Zephyr Analyst Toronto",
    ]);
    expect(await zephyr(98_000, "USD")).toEqual(["Zephyr Analyst Denver"]);
    expect(await zephyr(100_000, "XYZ")).toEqual(["Zephyr Analyst Denver"]); // unknown currency: US dollars
  });

  it("sorts by relevance with words, newest without, or salary (converted), and counts every match", async () => {
    expect((await board({ q: "zephyr" })).sort).toBe("relevance");
    expect((await board({})).sort).toBe("newest");
    expect(await titles({ q: "zephyr", sort: "salary" })).toEqual([
      "Zephyr Analyst Denver",
      "Zephyr Analyst Munich",
      "Zephyr Analyst Toronto",
    ]);
    const newest = await everything({ q: "designer", sort: "newest" });
    const times = newest.map((j) => Date.parse(j.publishedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const counted = await board({ q: "engineer", location: "Berlin", includeRemote: true, limit: 5 });
    expect(counted.total).toBe((await everything({ q: "engineer", location: "Berlin", includeRemote: true })).length);
    // The count travels with the cursor.
    expect(
      (await board({ q: "engineer", location: "Berlin", includeRemote: true, limit: 5, cursor: counted.nextCursor }))
        .total,
    ).toBe(counted.total);
    const [{ n }] = await em().execute<{ n: number }[]>("select count(*)::int as n from jobs where status = 'active'");
    expect((await board({})).total).toBe(n);
  });

  it("keeps the bad-input guarantees with the new filters", async () => {
    for (const q of [
      "x".repeat(2000),
      "'",
      "&",
      "!",
      ":*",
      "\\",
      "()|&!<->",
      '"',
      "-",
      "--x",
      "or or or",
      '"unclosed',
      "\u0000",
      "a\u0000b",
    ]) {
      await expect(
        board({ q, location: q, sort: q, salaryCurrency: q, minSalary: 1, includeRemote: true }),
      ).resolves.toBeDefined();
    }
    for (const cursor of [
      "garbage",
      Buffer.from(JSON.stringify([2, 5, 0, null, 1, "x", "y", "z", 1, 0])).toString("base64url"),
      Buffer.from(
        JSON.stringify([
          2,
          1,
          0,
          null,
          1e300,
          "2026-01-01 00:00:00+00",
          "00000000-0000-0000-0000-000000000000",
          "2026-01-01T00:00:00Z",
          -4,
          0,
        ]),
      ).toString("base64url"),
    ]) {
      expect((await board({ cursor })).jobs.length).toBe(20);
    }
  });
});

describe("job alerts", () => {
  it("find the same jobs as the search (one filter builder)", async () => {
    const queries: BoardQuery[] = [
      { q: "engineer", location: "Berlin" },
      { q: "frontend engineer", location: "Berlin", includeRemote: true },
      { q: "front end", location: "Germany" },
      { q: "designer -senior", location: "Remote" },
      { q: "zephyr", minSalary: 85_000, salaryCurrency: "EUR" },
      { q: "k8s", location: "SF" },
      { q: "", location: "Lisbon", employmentType: "FULLTIME" },
    ];
    let seen = 0;
    for (const query of queries) {
      const searched = (await everything(query)).map((j) => j.id).sort();
      seen += searched.length;
      expect(searched.length, JSON.stringify(query)).toBeLessThanOrEqual(50);
      const alerted = (await newBoardJobs(query, new Date("2000-01-01"), NOW, 50)).map((j) => j.id).sort();
      expect(alerted, JSON.stringify(query)).toEqual(searched);
    }
    expect(seen).toBeGreaterThan(20);
  });
});

describe("the provider's listings", () => {
  it("follow the same words and place, and remote listings only when asked for", async () => {
    const berlin = await searchJobs(query({ q: "react", location: "Berlin" }));
    for (const r of berlin.results) {
      if (r.source !== "provider") continue;
      expect(r.listing.isRemote).toBe(false);
      expect(r.listing.location).toMatch(/Berlin/);
      expect(`${r.listing.title} ${r.listing.requirements.join(" ")} ${r.listing.company}`).toMatch(/react/i);
    }
    const anywhere = await searchJobs(query({ q: "react", location: "Berlin", includeRemote: true }));
    const kinds = anywhere.results.map((r) =>
      r.source === "board" ? r.job.locationType === "remote" : r.listing.isRemote,
    );
    expect(kinds.indexOf(true)).toBeGreaterThan(-1);
    expect(kinds.slice(kinds.indexOf(true))).not.toContain(false);
  });
});

function query(over: Partial<JobSearchQuery>): JobSearchQuery {
  return {
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
  };
}
