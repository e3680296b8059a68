import { describe, expect, it } from "vitest";
import { emptyWizardForm, JobDetailsSchema } from "./schemas.ts";

const details = (salary_min: string, salary_max = "") => ({
  ...emptyWizardForm("Acme"),
  title: "Backend Engineer",
  location: "Berlin, Germany",
  location_type: "hybrid",
  employment_type: "FULLTIME",
  category: "Software Engineering",
  requirements: "Four years of Go.",
  description: "Build the payments platform.",
  salary_currency: "EUR",
  salary_min,
  salary_max,
});

describe("salaries as people write them", () => {
  it("takes thousands separators between groups of three digits", () => {
    for (const written of ["120000", "120,000", "120 000", "120.000", "120'000", "120\u00a0000", " 1,200,000 "]) {
      const parsed = JobDetailsSchema.safeParse(details(written));
      expect(parsed.success, written).toBe(true);
      expect(parsed.data?.salary_min, written).toBe(written.trim().startsWith("1,2") ? 1_200_000 : 120_000);
    }
  });

  it("still refuses what is not a whole number", () => {
    for (const written of ["12,00", "120,0000", "1.5", "-5", "120k", "1,20,000", "12 34"]) {
      const parsed = JobDetailsSchema.safeParse(details(written));
      expect(parsed.success, written).toBe(false);
    }
    expect(JobDetailsSchema.safeParse(details("")).data?.salary_min).toBeNull();
  });
});
