import { beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import {
  boardSalaryInsight,
  searchQueues,
  refreshSalaryFigures,
  regionOf,
  SALARY_FIGURES_QUEUE,
} from "./index.server.ts";
import type { WizardForm } from "../hiring/index.server.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";

useTestRuntime();

let employerId = "";

const post = (form: Partial<WizardForm>) => publishTestJob(employerId, form);

const asked = (
  id: string,
  over: Partial<{ category: string; location: string; locationType: string; salaryCurrency: string }> = {},
) => ({
  id,
  category: "Software Engineering",
  location: "Denver, CO, United States",
  locationType: "onsite",
  salaryCurrency: "USD",
  ...over,
});

beforeAll(async () => {
  setClock(new Date("2026-11-20T12:00:00Z"));
  employerId = (
    await signUpOnPlan({
      email: "salary@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
  // Four US software jobs with salaries (midpoints 100k, 120k, 140k and, from one bound, 90k).
  await post({ salary_min: "90000", salary_max: "110000" });
  await post({ salary_min: "100000", salary_max: "140000", location: "Seattle, WA, United States" });
  await post({ salary_min: "130000", salary_max: "150000", location: "New York, NY, United States" });
  await post({ salary_min: "90000" });
  // Not comparable: another category, another country, another currency, no salary, remote.
  await post({ salary_min: "300000", salary_max: "400000", category: "Sales" });
  await post({ salary_min: "300000", salary_max: "400000", location: "Berlin, Germany" });
  await post({ salary_min: "300000", salary_max: "400000", salary_currency: "CAD" });
  await post({});
  await post({ salary_min: "70000", salary_max: "80000", location: "Remote", location_type: "remote" });
});

describe("salary insight from the board", () => {
  it("names the region: the country, or Remote", () => {
    expect(regionOf("Austin, TX, United States", "onsite")).toBe("United States");
    expect(regionOf("Berlin", "hybrid")).toBe("Berlin");
    expect(regionOf("Anywhere", "remote")).toBe("Remote");
  });

  it("says nothing on fewer than 5 comparable jobs", async () => {
    await refreshSalaryFigures();
    expect(await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000"))).toBeNull();
  });

  it("gives the median and range of the same category, region and currency once there are 5, from the figures the scheduled job computed", async () => {
    const fifth = await post({ salary_min: "150000", salary_max: "170000", location: "Boston, MA, United States" });
    // Pages read the table: a fifth job counts once the scheduled refresh has run, not before.
    expect(await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000"))).toBeNull();
    expect(await refreshSalaryFigures()).toEqual({ figures: 1 });
    const expected = {
      median: 120000,
      low: 100000,
      high: 140000,
      currency: "USD",
      count: 5,
      region: "United States",
      category: "Software Engineering",
    };
    expect(await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000"))).toEqual(expected);
    // The region is the same place however it is written.
    expect(
      await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000", { location: "Reno, NV, united states" })),
    ).toEqual({ ...expected, region: "united states" });
    expect(fifth).toBeTruthy();
    expect(
      await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000", { salaryCurrency: "EUR" })),
    ).toBeNull();
    expect(
      await boardSalaryInsight(
        asked("00000000-0000-0000-0000-000000000000", { locationType: "remote", location: "Remote" }),
      ),
    ).toBeNull();
    expect(await boardSalaryInsight(asked("00000000-0000-0000-0000-000000000000", { category: "Sales" }))).toBeNull();
  });

  it("is refreshed by a pg-boss schedule, not per page view", () => {
    const queue = searchQueues.find((q) => q.name === SALARY_FIGURES_QUEUE);
    expect(queue?.schedule).toBe("*/15 * * * *");
  });
});
