// Which filters the search gives its GIN index (decision 062): how much of the board each keeps,
// from PostgreSQL's statistics, and the same jobs whichever way a filter is written.
import { beforeAll, describe, expect, it } from "vitest";
import { insertDemoJobs } from "../../db/demo-jobs.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { bind, filterConditions, readFilters, tableShare, type BoardQuery } from "./board-filters.ts";
import { SALARY_USD_SQL } from "./currency.ts";
import {
  NARROW_JOBS,
  narrowness,
  olderLimits,
  readFilterStats,
  shareEqual,
  sharePayingAtLeast,
  type FilterStats,
} from "./filter-selectivity.ts";

useTestRuntime();

const stats: FilterStats = {
  publishTimes: null,
  words: new Map(),
  places: new Map(),
  rows: 200_000,
  activeRows: 100_000,
  columns: {
    employment_type: { nullFrac: 0, nDistinct: 4, values: ["FULLTIME", "CONTRACT"], freqs: [0.78, 0.1] },
    category: { nullFrac: 0.1, nDistinct: 12, values: ["Software Engineering"], freqs: [0.26] },
  },
  // 20% without pay, 10% at 100,000; the rest evenly from 0 to 400,000.
  pay: { nullFrac: 0.2, values: [100_000], freqs: [0.1], histogram: [0, 100_000, 200_000, 300_000, 400_000] },
};

describe("how much of the board a filter keeps", () => {
  it("reads a value's share from the most common values, or the rest shared by the others", () => {
    expect(shareEqual(stats, "employment_type", "FULLTIME")).toBe(0.78);
    expect(shareEqual(stats, "employment_type", "PARTTIME")).toBeCloseTo(0.06); // (1 - 0.88) / 2
    expect(shareEqual(stats, "category", "HR")).toBeCloseTo(0.64 / 11);
    expect(shareEqual(stats, "location_type", "remote")).toBe(1); // no statistics: wide
    // Without statistics a search knows no share at all.
    expect(narrowness(null).shareEqual("location_type", "remote")).toBeNull();
  });

  it("reads a minimum's share from the common values and the histogram", () => {
    expect(sharePayingAtLeast(stats, 0)).toBeCloseTo(0.8);
    expect(sharePayingAtLeast(stats, 100_000)).toBeCloseTo(0.1 + 0.7 * 0.75);
    expect(sharePayingAtLeast(stats, 150_000)).toBeCloseTo(0.7 * 0.625);
    expect(sharePayingAtLeast(stats, 500_000)).toBe(0);
    expect(sharePayingAtLeast({ ...stats, pay: null }, 500_000)).toBe(1);
  });

  it("calls a filter narrow when it keeps few enough active jobs, and nothing narrow without statistics", () => {
    const narrow = narrowness(stats, { value: 50_000, range: 15_000 });
    expect(narrow.equals("employment_type", "FULLTIME")).toBe(false); // 78,000 jobs
    expect(narrow.equals("category", "Software Engineering")).toBe(true); // 26,000
    expect(narrow.minSalaryUsd(150_000)).toBe(false); // 43,750
    expect(narrow.minSalaryUsd(390_000)).toBe(true); // 1,750
    expect(narrowness(null).equals("category", "HR")).toBe(false);
    expect(narrowness(null).minSalaryUsd(1e9)).toBe(false);
  });

  it("gives the older jobs' statements values up to a tenth of a large board, and the same limits on a small one", () => {
    expect(olderLimits(100_000)).toEqual(NARROW_JOBS);
    expect(olderLimits(1_000_000)).toEqual({ value: 100_000, range: NARROW_JOBS.range });
    // A million jobs with the shares above: part-time (60,000) is narrow for the older jobs only.
    const million = { ...stats, rows: 1_000_000, activeRows: 1_000_000 };
    expect(narrowness(million).equals("employment_type", "PARTTIME")).toBe(false);
    expect(narrowness(million, olderLimits(million.activeRows)).equals("employment_type", "PARTTIME")).toBe(true);
    expect(narrowness(million, olderLimits(million.activeRows)).equals("employment_type", "CONTRACT")).toBe(true); // 100,000
    expect(narrowness(million, olderLimits(million.activeRows)).equals("employment_type", "FULLTIME")).toBe(false);
  });
});

describe("what the table turns down of the rows the index finds", () => {
  const withPlaces: FilterStats = {
    ...stats,
    columns: {
      ...stats.columns,
      location_type: { nullFrac: 0.1, nDistinct: 3, values: ["onsite", "remote"], freqs: [0.6, 0.3] },
    },
  };
  it("is the share the filters the index isn't given keep, and the local tier's jobs that aren't remote", () => {
    const narrow = narrowness(withPlaces);
    expect(tableShare(readFilters({ q: "nurse", location: "Berlin" }), "local", narrow)).toBeCloseTo(0.7);
    // Full-time keeps 78,000 jobs, too many for the index; Software Engineering (26,000) and remote (30,000) go to it.
    expect(
      tableShare(readFilters({ q: "nurse", location: "Berlin", employmentType: "FULLTIME" }), "local", narrow),
    ).toBeCloseTo(0.7 * 0.78);
    expect(tableShare(readFilters({ q: "nurse", category: "Software Engineering" }), "any", narrow)).toBe(1);
    expect(tableShare(readFilters({ q: "nurse", locationType: "remote" }), "remote", narrow)).toBe(1);
    // Without statistics, or with no share of remote jobs known, nothing is counted as turned down.
    expect(
      tableShare(
        readFilters({ q: "nurse", location: "Berlin", employmentType: "FULLTIME" }),
        "local",
        narrowness(null),
      ),
    ).toBe(1);
    expect(tableShare(readFilters({ q: "nurse", location: "Berlin" }), "local", narrowness(stats))).toBe(1);
  });
});

describe("on a board", () => {
  beforeAll(async () => {
    const employerId = (
      await signUpOnPlan({
        email: "narrow@example.com",
        password: "correct horse",
        role: "employer",
        company_name: "Acme",
        plan: "business",
      })
    ).id;
    await insertDemoJobs({ count: 3_000, employerIds: [employerId], seed: 5 });
    // Jobs without pay or location type, so nulls meet every way of writing a filter.
    await publishTestJob(employerId, { title: "Engineer Without Pay", location: "Remote", location_type: "remote" });
    await publishTestJob(employerId, { title: "Engineer Somewhere", location: "Berlin, Germany" });
  }, 120_000);

  it("reads the shares from what ANALYZE found", async () => {
    await em().execute("analyze jobs");
    const read = (await readFilterStats())!;
    expect(read.activeRows).toBeGreaterThan(2_900);
    const [row] = await em().execute<{ fulltime: number; design: number; rich: number; all: number }[]>(
      `select count(*) filter (where employment_type = 'FULLTIME')::float8 as fulltime, count(*) filter (where category = 'Design')::float8 as design,
              count(*) filter (where ${SALARY_USD_SQL} >= 150000)::float8 as rich, count(*)::float8 as all
         from jobs j where status = 'active'`,
    );
    expect(shareEqual(read, "employment_type", "FULLTIME")).toBeCloseTo(row!.fulltime / row!.all, 1);
    expect(shareEqual(read, "category", "Design")).toBeCloseTo(row!.design / row!.all, 1);
    expect(sharePayingAtLeast(read, 150_000)).toBeCloseTo(row!.rich / row!.all, 1);
    // Publish times at even steps, oldest first (a board this small is all in the sample), as text
    // for the statement and as epoch milliseconds.
    const [span] = await em().execute<{ first: Date; last: Date }[]>(
      "select min(published_at) as first, max(published_at) as last from jobs where published_at is not null",
    );
    const times = read.publishTimes!;
    expect(times.at).toHaveLength(times.bounds.length);
    expect(Math.abs(times.at[0]! - new Date(span!.first).getTime())).toBeLessThan(1);
    expect(Math.abs(times.at.at(-1)! - new Date(span!.last).getTime())).toBeLessThan(1);
    expect(times.at).toEqual([...times.at].sort((a, b) => a - b));
    expect(times.jobsBetween * (times.bounds.length - 1)).toBeCloseTo(read.rows, -2);
  });

  it("finds the same jobs whether a filter is given to the index or written around it", async () => {
    const queries: BoardQuery[] = [
      { employmentType: "FULLTIME" },
      { employmentType: "CONTRACT", category: "Design" },
      { locationType: "remote", minSalary: 120_000 },
      { location: "Berlin", includeRemote: true, minSalary: 90_000, salaryCurrency: "EUR" },
      { location: "Remote", category: "Software Engineering" },
      { locationType: "onsite", minSalary: 300_000 },
    ];
    const ids = async (query: BoardQuery, wide: boolean) => {
      const filters = readFilters(query);
      const { where, values } = filterConditions(filters, "all", wide ? narrowness(null) : undefined);
      const [sql, params] = bind(
        `select j.id from jobs j where j.status = 'active' and ${where.join(" and ")} order by j.id`,
        values,
      );
      return { sql, ids: (await em().execute<{ id: string }[]>(sql, params)).map((r) => r.id) };
    };
    for (const query of queries) {
      const indexed = await ids(query, false);
      const around = await ids(query, true);
      expect(around.sql, JSON.stringify(query)).not.toBe(indexed.sql);
      expect(indexed.ids.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(around.ids, JSON.stringify(query)).toEqual(indexed.ids);
    }
  });
});
