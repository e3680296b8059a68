// The landing and How It Works figures: real counts, shown only from their thresholds, rounded
// down, never a success rate; a fresh install shows none.
import { describe, expect, it } from "vitest";
import { importListing } from "#modules/hiring/index.server.ts";
import { boardFigures } from "#modules/search/index.server.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { signUpOnPlan } from "../tests/support/accounts.ts";
import { publishTestJob } from "../tests/support/jobs.ts";
import { figuresToShow, forgetSiteFigures, roundedDown, SHOW_FROM, siteFigures } from "./site-figures.server.ts";
import { globexListing } from "../tests/fixtures/listings.ts";

useTestRuntime();

describe("site figures", () => {
  it("shows nothing on a fresh install", async () => {
    forgetSiteFigures();
    expect(await siteFigures()).toEqual([]);
  });

  it("counts the board's own active jobs and their companies, not imported listings", async () => {
    const boss = await signUpOnPlan({
      email: "figures@example.com",
      password: "correct horse battery",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    });
    await publishTestJob(boss.id);
    await publishTestJob(boss.id);
    await importListing(globexListing("figures-1", { applyLink: "https://careers.example.com/globex" }));
    expect(await boardFigures()).toEqual({ activeJobs: 2, companiesHiring: 1 });
  });

  it("shows each figure from its threshold, rounded down, and no success rate", () => {
    expect(
      figuresToShow({
        activeJobs: SHOW_FROM.activeJobs - 1,
        companiesHiring: SHOW_FROM.companiesHiring - 1,
        candidates: SHOW_FROM.candidates - 1,
      }),
    ).toEqual([]);
    expect(figuresToShow({ activeJobs: 10_345, companiesHiring: 19, candidates: 1_284 })).toEqual([
      { key: "activeJobs", value: "10K+", label: "Active jobs" },
      { key: "candidates", value: "1.2K+", label: "Candidates" },
    ]);
    expect(figuresToShow({ activeJobs: 137, companiesHiring: 20, candidates: 100 }).map((f) => f.value)).toEqual([
      "130+",
      "20+",
      "100+",
    ]);
    expect(roundedDown(999)).toBe("990+");
    expect(roundedDown(1_999_999)).toBe("1.9M+");
  });
});
