// Salary insight: the provider's /estimated-salary when JSearch is configured (a fake on
// 127.0.0.1), the board's figures otherwise or when the provider fails, and nothing on too few jobs.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { salaryEstimate } from "./salary.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { refreshSalaryFigures } from "./index.server.ts";

const search = vi.hoisted(() => ({
  current: { provider: "sample", apiUrl: "https://jsearch.p.rapidapi.com", apiKey: undefined as string | undefined },
}));
vi.mock("../../lib/config.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../lib/config.ts")>();
  return { ...real, config: () => ({ ...real.config(), search: search.current }) };
});

useTestRuntime();

let fake: Server;
let fakeUrl = "";
const asked: URLSearchParams[] = [];

const job = {
  id: "00000000-0000-0000-0000-000000000000",
  title: "Platform Engineer",
  category: "Software Engineering",
  location: "Denver, CO, United States",
  locationType: "onsite",
  salaryCurrency: "USD",
};

beforeAll(async () => {
  setClock(new Date("2026-11-20T12:00:00Z"));
  fake = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    asked.push(url.searchParams);
    const ok = url.pathname === "/estimated-salary" && req.headers["x-rapidapi-key"] === "salary-key";
    res.writeHead(ok ? 200 : 500, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        ok
          ? {
              status: "OK",
              request_id: "r1",
              parameters: {},
              data: [
                {
                  job_title: "Platform Engineer",
                  location: "Denver, CO, United States",
                  publisher_name: "Glassdoor",
                  min_salary: 110000,
                  max_salary: 160000,
                  median_salary: 132000,
                  salary_period: "YEAR",
                  salary_currency: "USD",
                },
              ],
            }
          : { message: "nope" },
      ),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

  const employerId = (
    await signUpOnPlan({
      email: "estimates@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
  for (const [min, max] of [
    [90000, 110000],
    [100000, 140000],
    [130000, 150000],
    [110000, 130000],
    [150000, 170000],
  ]) {
    await publishTestJob(employerId, { salary_min: String(min), salary_max: String(max) });
  }
  // The scheduled job's work (the board's salary figures), done here at once.
  await refreshSalaryFigures();
});

afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe("salary estimate", () => {
  it("uses the board's figures by default, with the count behind them", async () => {
    search.current = { provider: "sample", apiUrl: fakeUrl, apiKey: undefined };
    expect(await salaryEstimate(job)).toEqual({
      range: "$120,000 - $140,000",
      median: "$120,000",
      basis: "The middle half of 5 Software Engineering jobs in United States on Hirewise that list a salary.",
    });
    expect(asked).toHaveLength(0);
    // Another category has no five jobs behind it: nothing is shown.
    expect(await salaryEstimate({ ...job, category: "Design" })).toBeNull();
  });

  it("asks the provider's /estimated-salary when JSearch is configured", async () => {
    search.current = { provider: "jsearch", apiUrl: fakeUrl, apiKey: "salary-key" };
    expect(await salaryEstimate(job)).toEqual({
      range: "$110,000 - $160,000 per year",
      median: "$132,000",
      basis: "Estimated by JSearch from Glassdoor for Platform Engineer in Denver, CO, United States.",
    });
    const last = asked.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      job_title: "Platform Engineer",
      location: "Denver, CO, United States",
      location_type: "ANY",
      years_of_experience: "ALL",
    });
  });

  it("falls back to the board's figures when the provider fails", async () => {
    search.current = { provider: "jsearch", apiUrl: fakeUrl, apiKey: "wrong-key" };
    const estimate = await salaryEstimate({ ...job, title: "Site Reliability Engineer" });
    expect(estimate?.basis).toBe(
      "The middle half of 5 Software Engineering jobs in United States on Hirewise that list a salary.",
    );
  });
});
