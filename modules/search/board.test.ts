import { insertDemoJobs } from "../../db/demo-jobs.ts";
import { memberFor, changeJobStatus, emptyWizardForm, startDraft, type WizardForm } from "../hiring/index.server.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { countQueries, sentQueries } from "../../tests/support/query-count.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { searchBoard, type BoardQuery } from "./index.server.ts";
import { COUNT_UP_TO, NEWEST_RANKED_FIRST, RANKED_AT_MOST, readFilters } from "./board.ts";
import { searchPart } from "./board-part.ts";
import { narrowness } from "./filter-selectivity.ts";
import { SALARY_USD_SQL } from "./currency.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";

useTestRuntime();

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
let employerId = "";
const ids: Record<string, string> = {};

async function post(key: string, daysAgo: number, form: Partial<WizardForm>) {
  setClock(new Date(NOW.getTime() - daysAgo * DAY));
  ids[key] = await publishTestJob(employerId, form);
}

const titles = async (query: BoardQuery) => (await searchBoard(query)).jobs.map((j) => j.title);

beforeAll(async () => {
  employerId = (
    await signUpOnPlan({
      email: "board@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
  await post("react", 1, {
    title: "React Developer",
    skills: "React, TypeScript",
    salary_min: "90000",
    salary_max: "120000",
  });
  await post("mention", 0, {
    title: "Backend Engineer",
    description: "We use React on some internal tools.",
    location: "Berlin, Germany",
  });
  await post("remote", 10, {
    title: "Senior Frontend Engineer",
    skills: "React, CSS",
    location: "Remote",
    location_type: "remote",
    employment_type: "CONTRACT",
  });
  await post("java", 2, {
    title: "Java Engineer",
    skills: "Java, Spring",
    category: "Software Engineering",
    salary_min: "150000",
  });
  await post("designer", 40, {
    title: "Product Designer",
    category: "Design",
    location: "Toronto, ON, Canada",
    skills: "Figma",
  });
  await post("closed", 3, { title: "React Native Engineer", skills: "React Native" });
  await changeJobStatus(await memberFor(employerId), ids.closed!, "close");
  await startDraft(await memberFor(employerId), { ...emptyWizardForm("Acme"), title: "React draft" });
  setClock(NOW);
});

describe("board search", () => {
  it("matches active jobs only, in titles, skills and company names (the title first); a mention in the description is not a match", async () => {
    const found = await titles({ q: "react" });
    expect(found).toEqual(["React Developer", "Senior Frontend Engineer"]);
  });

  it("understands quotes, -word and or", async () => {
    expect(await titles({ q: '"frontend engineer"' })).toEqual(["Senior Frontend Engineer"]);
    expect(await titles({ q: "engineer -java" })).toEqual(expect.not.arrayContaining(["Java Engineer"]));
    expect((await titles({ q: "figma or spring" })).sort()).toEqual(["Java Engineer", "Product Designer"]);
  });

  it("lists the board newest first without words, and treats only-exclusions as a filter on that list", async () => {
    expect(await titles({})).toEqual([
      "Backend Engineer",
      "React Developer",
      "Java Engineer",
      "Senior Frontend Engineer",
      "Product Designer",
    ]);
    expect(await titles({ q: "-react" })).toEqual(["Java Engineer", "Product Designer"]);
    expect(await titles({ q: "-react -figma" })).toEqual(["Java Engineer"]);
  });

  it("filters by location (city, region or country, any case; remote jobs only when asked for, after the local ones), type, employment, category, salary and date", async () => {
    expect(await titles({ location: "germany" })).toEqual(["Backend Engineer"]);
    expect(await titles({ location: "DE", includeRemote: true })).toEqual([
      "Backend Engineer",
      "Senior Frontend Engineer",
    ]);
    expect(await titles({ location: "TX" })).toEqual(["React Developer", "Java Engineer"]);
    expect(await titles({ location: "Texas", includeRemote: true })).toEqual([
      "React Developer",
      "Java Engineer",
      "Senior Frontend Engineer",
    ]);
    expect(await titles({ location: "Remote" })).toEqual(["Senior Frontend Engineer"]);
    expect(await titles({ location: "Canada", locationType: "onsite" })).toEqual(["Product Designer"]);
    expect(await titles({ employmentType: "CONTRACT" })).toEqual(["Senior Frontend Engineer"]);
    expect(await titles({ category: "Design" })).toEqual(["Product Designer"]);
    expect(await titles({ minSalary: 130000 })).toEqual(["Java Engineer"]);
    expect(await titles({ postedWithin: "3days" })).toEqual(["Backend Engineer", "React Developer", "Java Engineer"]);
    expect(await titles({ postedWithin: "month", q: "designer" })).toEqual([]);
  });

  it("ignores unknown filter values and survives any input", async () => {
    const all = await titles({});
    expect(
      await titles({
        locationType: "moon",
        employmentType: "x",
        category: "y",
        postedWithin: "century",
        minSalary: Number.NaN,
      }),
    ).toEqual(all);
    for (const q of ["x".repeat(2000), "'", "&", "!", ":*", "\\", "'; drop table jobs; --", "()|&!<->", "%", "_"]) {
      await expect(searchBoard({ q, location: q })).resolves.toBeDefined();
    }
    for (const cursor of [
      "garbage",
      "",
      "eyJ9",
      Buffer.from(JSON.stringify([1e308, "x", "y", "z"])).toString("base64url"),
      Buffer.from(
        JSON.stringify([0.5, "9999-99-99 99:99:99+00", "00000000-0000-0000-0000-000000000000", "2026-01-01T00:00:00Z"]),
      ).toString("base64url"),
      "a".repeat(5000),
    ]) {
      expect((await searchBoard({ cursor })).jobs.map((j) => j.title)).toEqual(all);
    }
    expect((await em().execute<{ n: number }[]>("select count(*)::int as n from jobs"))[0]!.n).toBeGreaterThan(0);
  });

  it("pages through every match exactly once, even when many jobs share a publish time", async () => {
    setClock(NOW);
    await insertDemoJobs({ count: 230, employerIds: [employerId], seed: 7 });
    // Demo jobs spread over 45 days; make many share one instant, the trap for keyset paging.
    await em().execute(
      `update jobs set published_at = '2026-11-19T00:00:00.123456Z' where id in (select id from jobs where status = 'active' order by id limit 150)`,
    );
    for (const q of ["", "engineer"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof searchBoard>> = await searchBoard({ q, cursor, limit: 17 });
        seen.push(...page.jobs.map((j) => j.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 100);
      const [{ n }] = await em().execute<{ n: number }[]>(
        q
          ? "select count(*)::int as n from jobs where status = 'active' and rank_vector @@ websearch_to_tsquery('english', 'engineer')"
          : "select count(*)::int as n from jobs where status = 'active'",
      );
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(n);
    }
  });
});

describe(`past the newest ${NEWEST_RANKED_FIRST.toLocaleString("en-US")} jobs`, () => {
  /** Every page of the query, `limit` at a time. */
  async function allPages(query: BoardQuery, limit: number) {
    const seen: { id: string; publishedAt: string | null }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const page: Awaited<ReturnType<typeof searchBoard>> = await searchBoard({ ...query, cursor, limit });
      seen.push(...page.jobs);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return seen;
  }

  const count = async (sql: string) => (await em().execute<{ n: number }[]>(sql))[0]!.n;
  /** The publish time of the last of the newest jobs, as the search splits them. */
  let newest = 0;

  beforeAll(async () => {
    setClock(NOW);
    await insertDemoJobs({ count: NEWEST_RANKED_FIRST + 800, employerIds: [employerId], seed: 11 });
    // A word in an old job's title, an older job's skills and a new job's skills.
    await post("oldTitle", 44, { title: "Lighthouse Keeper", skills: "Fresnel lenses" });
    await post("olderMention", 44.5, { title: "Coastal Guide", skills: "Lighthouse tours" });
    await post("newMention", 0, { title: "Harbour Pilot", skills: "Lighthouse approaches" });
    setClock(NOW);
    await em().execute("analyze jobs");
    const [row] = await em().execute<{ published_at: Date }[]>(
      `select published_at from jobs where status = 'active' order by published_at desc, id desc offset ${NEWEST_RANKED_FIRST - 1} limit 1`,
    );
    newest = new Date(row!.published_at).getTime();
  }, 120_000);

  it("ranks matches among the newest jobs first (a common word's newest ones only), then the older ones, and pages through every match once", async () => {
    for (const q of ["kubernetes", "senior engineer", "engineer"]) {
      const seen = await allPages({ q }, 50);
      const matches = (
        await em().execute<{ published_at: Date }[]>(
          `select published_at from jobs where status = 'active' and rank_vector @@ websearch_to_tsquery('english', '${q}') order by published_at desc`,
        )
      ).map((m) => new Date(m.published_at).getTime());
      expect(new Set(seen.map((j) => j.id)).size).toBe(seen.length);
      expect(seen.length).toBe(matches.length);
      // The ranked part: the matches among the newest jobs, or a common word's newest RANKED_AT_MOST.
      const newestMatches = matches.filter((t) => t >= newest);
      const edge = newestMatches.length >= RANKED_AT_MOST ? newestMatches[RANKED_AT_MOST - 1]! : newest;
      // Ranked part first: once an older job shows, no job of the ranked part follows.
      const ranked = seen.map((j) => Date.parse(j.publishedAt!) >= edge);
      expect(ranked.indexOf(false)).toBeGreaterThan(0);
      expect(ranked.slice(ranked.indexOf(false))).not.toContain(true);
      // A common word ranks its newest RANKED_AT_MOST matches (and any published with the last).
      if (q === "engineer") {
        expect(newestMatches.length).toBeGreaterThan(2 * RANKED_AT_MOST);
        expect(ranked.indexOf(false)).toBeGreaterThanOrEqual(RANKED_AT_MOST);
      }
    }
  });

  it("ranks a common word's newest matches the same whether it reads them through the index or in publish order", async () => {
    // New filters: the first search finds the word common through the GIN index; the next one reads
    // in publish order.
    const query = { q: "engineer", postedWithin: "month", limit: 50 };
    // The ranked candidates' words kept from the GIN index ("((case …) is true") mark the publish-order read.
    const inPublishOrder = (sent: string[]) =>
      sent.some((sql) => /as newest_matches\s+from jobs j\s+where j\.status = 'active' and \(\(case /.test(sql));
    let first!: Awaited<ReturnType<typeof searchBoard>>;
    let second!: Awaited<ReturnType<typeof searchBoard>>;
    expect(inPublishOrder(await sentQueries(async () => (first = await searchBoard(query))))).toBe(false);
    expect(inPublishOrder(await sentQueries(async () => (second = await searchBoard(query))))).toBe(true);
    expect(second.jobs.map((j) => j.id)).toEqual(first.jobs.map((j) => j.id));
    expect([second.total, second.totalCapped]).toEqual([first.total, first.totalCapped]);
    const next = await searchBoard({ ...query, cursor: second.nextCursor });
    expect(next.jobs.filter((j) => first.jobs.some((f) => f.id === j.id))).toEqual([]);
    // A word in not many more of the newest jobs than are ranked keeps the index: in publish order
    // it would read most of the newest jobs to find them.
    const newestLead = await count(
      `select count(*)::int as n from jobs where status = 'active' and published_at >= '${new Date(newest).toISOString()}' and rank_vector @@ 'lead'::tsquery`,
    );
    expect(newestLead).toBeGreaterThanOrEqual(RANKED_AT_MOST);
    expect(newestLead).toBeLessThan(1.5 * RANKED_AT_MOST);
    await searchBoard({ q: "lead" });
    expect(inPublishOrder(await sentQueries(() => searchBoard({ q: "lead" })))).toBe(false);
  });

  it("fills the first page from the older jobs when the newest have too few matches, ranked there too", async () => {
    const found = (await searchBoard({ q: "lighthouse" })).jobs;
    expect(found.map((j) => j.title)).toEqual(["Harbour Pilot", "Lighthouse Keeper", "Coastal Guide"]);
    // The new mention is among the newest jobs; the title match is older, yet above the older mention.
    expect(found.map((j) => Date.parse(j.publishedAt!) >= newest)).toEqual([true, false, false]);
    expect(await titles({ q: "fresnel" })).toEqual(["Lighthouse Keeper"]);
  });

  it("counts the matches up to the cap, the same on a word's first search and on later ones (counted while ranking)", async () => {
    const cases: [BoardQuery, string][] = [
      [{ q: "engineer" }, "engin"],
      // Common among the newest jobs, fewer than the cap in all: the older ones are counted newest first.
      [{ q: "kubernetes" }, "kubernet"],
      [{ q: "lighthouse" }, "lighthous"],
      // A common word with a narrow filter: few matches, most of them among the older jobs.
      [{ q: "engineer", minSalary: 250_000 }, "engin"],
    ];
    const kubernetes = `select count(*)::int as n from jobs where status = 'active' and rank_vector @@ 'kubernet'::tsquery`;
    const newestKubernetes = await count(`${kubernetes} and published_at >= '${new Date(newest).toISOString()}'`);
    expect(newestKubernetes).toBeGreaterThan(COUNT_UP_TO / 3);
    expect(await count(kubernetes)).toBeGreaterThan(newestKubernetes);
    expect(await count(kubernetes)).toBeLessThan(COUNT_UP_TO);
    for (const [query, lexeme] of cases) {
      const salary = query.minSalary ? ` and ${SALARY_USD_SQL} >= ${query.minSalary}` : "";
      const matches = await count(
        `select count(*)::int as n from jobs j where status = 'active' and rank_vector @@ '${lexeme}'::tsquery${salary}`,
      );
      expect(matches).toBeGreaterThan(0);
      for (let search = 0; search < 2; search++) {
        const page = await searchBoard(query);
        expect([page.total, page.totalCapped], JSON.stringify(query)).toEqual([
          Math.min(matches, COUNT_UP_TO),
          matches > COUNT_UP_TO,
        ]);
      }
    }
  });

  it("counts the older matches in a range of the jobs just before the newest when that costs less than every match, and past the range through the index", async () => {
    // The count of one part, its newest jobs ending after the word's `newestMatches`-th newest
    // match. `olderJobs` (the board's size, as statistics tell it) decides whether a range is
    // read; here it starts at the word's `rangeMatches`-th older match (the statistics' publish
    // times made so). Which reads ran shows in the statement's plan: the range is the GIN index
    // (or, on this small board, the table) given a publish time found as the statement runs;
    // across the board, the GIN index or the table without one.
    async function countOlder(
      q: string,
      lexeme: string,
      newestMatches: number,
      olderJobs: number,
      rangeMatches: number,
    ) {
      const matchTimes = `select published_at::text as t from jobs where status = 'active' and rank_vector @@ '${lexeme}'::tsquery`;
      const [edge] = await em().execute<{ t: string }[]>(
        `${matchTimes} order by published_at desc offset ${newestMatches - 1} limit 1`,
      );
      const [start] = await em().execute<{ t: string }[]>(
        `${matchTimes} and published_at < '${edge!.t}' order by published_at desc offset ${rangeMatches - 1} limit 1`,
      );
      const publishTimes = {
        bounds: [start!.t, edge!.t],
        at: [Date.parse(start!.t), Date.parse(edge!.t)],
        jobsBetween: 1e9,
      };
      const part = {
        tier: "any" as const,
        older: false,
        newest: edge!.t,
        narrow: narrowness(null),
        olderNarrow: narrowness(null),
        cut: "no" as const,
        olderJobs,
        postings: 0,
        publishTimes,
      };
      let total: number | null = null;
      const [sql] = await sentQueries(
        async () =>
          (total = (await searchPart(readFilters({ q }), part, null, NOW.toISOString(), 21, "in scan"))[0]!.total),
      );
      const [explained] = await em().execute<{ "QUERY PLAN": unknown }[]>(`explain (analyze, format json) ${sql}`);
      const ran: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        const condition = String(node["Index Cond"] ?? "");
        const scanned =
          node["Index Name"] ??
          (node["Node Type"] === "Seq Scan" && String(node["Filter"]).includes("rank_vector") ? "table" : null);
        const how = /published_at >= \$\d/.test(`${condition} ${String(node["Filter"])}`)
          ? " in a range"
          : condition.includes("published_at")
            ? " by publish time"
            : "";
        if (Number(node["Actual Loops"]) > 0 && scanned) ran.push(`${String(scanned)}${how}`);
        for (const child of (node["Plans"] as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((explained!["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0]!.Plan);
      const matches = await count(
        `select count(*)::int as n from jobs where status = 'active' and rank_vector @@ '${lexeme}'::tsquery`,
      );
      return {
        total,
        expected: Math.min(matches, COUNT_UP_TO + 1),
        inRange: ran.includes("jobs_recent_rank_index in a range") || ran.includes("table in a range"),
        acrossBoard: ran.includes("jobs_recent_rank_index") || ran.includes("table"),
      };
    }
    // A common word on a large board: the 501 matches still needed are in the range.
    expect(await countOlder("engineer", "engin", 500, 10_000_000, 600)).toEqual({
      total: 1001,
      expected: 1001,
      inRange: true,
      acrossBoard: false,
    });
    // On a small board the word's matches across it cost less than the range.
    expect(await countOlder("engineer", "engin", 500, 1_000, 600)).toEqual({
      total: 1001,
      expected: 1001,
      inRange: false,
      acrossBoard: true,
    });
    // A word trending among the newest jobs: the range holds fewer than the count still needs, and
    // the matches before it are counted through the index; the one at the range's start once.
    const kubernetes = await countOlder("kubernetes", "kubernet", 600, 10_000_000, 50);
    expect(kubernetes.total).toBe(kubernetes.expected);
    expect(kubernetes).toMatchObject({ inRange: true, acrossBoard: true });
  });

  it("answers a page the newest jobs fill in one statement", async () => {
    await searchBoard({ q: "engineer" }); // where the newest jobs end is looked up once a minute
    expect(await countQueries(() => searchBoard({ q: "engineer" }))).toBe(1);
    expect(await countQueries(() => searchBoard({ q: "" }))).toBe(1);
    expect(await countQueries(() => searchBoard({ q: "-engineer" }))).toBe(1);
    // A word with few recent matches reads the older jobs too: a second statement.
    await searchBoard({ q: "lighthouse" }); // what the words are is asked once
    expect(await countQueries(() => searchBoard({ q: "lighthouse" }))).toBe(2);
  });
});
