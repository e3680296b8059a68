// Pay transparency: the notice by place (from the job's place keys), and the company setting's
// refusal of a job without both salary bounds, on publishing and on saving an active job's edit.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import {
  companyRequiresSalaryRange,
  HiringError,
  memberFor,
  payRangeNotice,
  payRangeNoticeFor,
  placeKeys,
  SALARY_RANGE_REQUIRED,
  setSalaryRangeRule,
} from "./index.server.ts";

useTestRuntime();

describe("the pay range notice", () => {
  it("points out places whose job ads need a range, and nowhere else", () => {
    expect(payRangeNotice(placeKeys("Brooklyn, NY"), false)).toBe(
      "Job ads in New York City and New York State must show a pay range: enter a minimum and a maximum.",
    );
    expect(payRangeNotice(placeKeys("Denver, Colorado"), false)).toContain("Colorado");
    expect(payRangeNotice(placeKeys("Newark, NJ"), false)).toContain("New Jersey");
    expect(payRangeNotice(placeKeys("Austin, TX, United States"), false)).toBeNull();
    expect(payRangeNotice(placeKeys("Berlin, Germany"), false)).toBeNull();
    expect(payRangeNotice(placeKeys("Seattle, WA"), true)).toBeNull();
    // As the wizard's fields hold them: a bound that isn't a number is no bound.
    expect(payRangeNoticeFor("New York, NY", "90,000", "120,000")).toBeNull();
    expect(payRangeNoticeFor("New York, NY", "90,000", "lots")).toContain("New York City");
  });
});

describe("always show a salary range", () => {
  it("refuses publishing without both bounds under the setting, beside the salary fields", async () => {
    const owner = await signUpOnPlan({
      email: "pay-range@example.com",
      password: "correct horse battery",
      role: "employer",
      full_name: "Pat",
      company_name: "Open Pay",
      plan: "business",
    });
    // Without the setting a job may go without a salary.
    await publishTestJob(owner.id, { salary_min: "", salary_max: "" });
    // Only an owner may turn it on; a recruiter is answered as not found.
    const recruiter = await inviteAndJoin(owner, "pay-range-recruiter@example.com", "recruiter");
    const refused = await setSalaryRangeRule(await memberFor(recruiter.id), true).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "not-found" });
    expect(await companyRequiresSalaryRange(await memberFor(owner.id))).toBe(false);
    await setSalaryRangeRule(await memberFor(owner.id), true);
    expect(await companyRequiresSalaryRange(await memberFor(recruiter.id))).toBe(true);
    const error = await publishTestJob(owner.id, { salary_min: "50000", salary_max: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiringError);
    expect((error as HiringError).fieldErrors).toEqual({ salary_max: [SALARY_RANGE_REQUIRED] });
    await expect(publishTestJob(owner.id, { salary_min: "50000", salary_max: "70000" })).resolves.toBeTruthy();
  });
});
