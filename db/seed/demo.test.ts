import { insertDemoJobs } from "../demo-jobs.ts";
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { generateDemoJobs, type DemoJob } from "./demo.ts";
import {
  CATEGORIES,
  checkJob,
  closingRule,
  emptyWizardForm,
  employerJob,
  memberFor,
  QUESTION_CATEGORIES,
  type WizardForm,
} from "../../modules/hiring/index.server.ts";

useTestRuntime();

/** The job as the post wizard would hold it, so the wizard's own rules can judge it. */
function asForm(job: DemoJob): WizardForm {
  return {
    ...emptyWizardForm(job.companyName),
    title: job.title,
    location: job.location,
    location_type: job.locationType,
    employment_type: job.employmentType,
    category: job.category,
    experience_level: job.experienceLevel,
    salary_min: job.salaryMin?.toString() ?? "",
    salary_max: job.salaryMax?.toString() ?? "",
    salary_currency: job.salaryCurrency,
    requirements: job.requirements,
    description: job.description,
    skills: job.skills.join(", "),
    benefits: job.benefits,
    questions: job.questions.map((q) => ({
      question_text: q.questionText,
      question_type: q.questionType,
      category: q.category,
      options: q.options?.join(", ") ?? "",
      required: q.required,
    })),
  };
}

describe("demo job generator", () => {
  const jobs = generateDemoJobs(500, 7);

  it("is deterministic for a seed and varies between seeds", () => {
    expect(generateDemoJobs(50, 7)).toEqual(jobs.slice(0, 50));
    expect(generateDemoJobs(50, 8).map((j) => j.title)).not.toEqual(jobs.slice(0, 50).map((j) => j.title));
  });

  it("covers every category, with varied places, types and salaries", () => {
    expect(new Set(jobs.map((j) => j.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(jobs.map((j) => j.locationType)).size).toBe(3);
    expect(new Set(jobs.map((j) => j.employmentType)).size).toBe(4);
    expect(new Set(jobs.map((j) => j.experienceLevel)).size).toBe(5);
    expect(new Set(jobs.map((j) => j.salaryCurrency)).size).toBe(4);
    expect(new Set(jobs.map((j) => j.title)).size).toBeGreaterThan(100);
    expect(jobs.some((j) => j.salaryMin === null)).toBe(true);
    expect(jobs.map((j) => j.location)).toEqual(
      expect.arrayContaining(["Remote", "Berlin, Germany", "Austin, TX, United States"]),
    );
  });

  it("writes postings the post wizard would accept", () => {
    for (const job of jobs) {
      const checked = checkJob(asForm(job), closingRule("UTC", "draft"));
      expect(checked.ok ? null : checked.errors, job.title).toBeNull();
      expect(job.skills.length).toBeGreaterThanOrEqual(3);
      expect(job.skills.length).toBeLessThanOrEqual(8);
      expect(job.benefits.length).toBeGreaterThanOrEqual(2);
      expect(job.benefits.length).toBeLessThanOrEqual(5);
      if (job.salaryMin !== null && job.salaryMax !== null) expect(job.salaryMin).toBeLessThanOrEqual(job.salaryMax);
      expect(job.description.split(". ").length).toBeGreaterThan(4);
      expect(job.description).toContain(job.title);
      expect(job.requirements).toContain(job.skills[0]);
    }
  });

  it("asks 3 to 6 screening questions of mixed types", () => {
    for (const job of jobs) {
      expect(job.questions.length).toBeGreaterThanOrEqual(3);
      expect(job.questions.length).toBeLessThanOrEqual(6);
      expect(new Set(job.questions.map((q) => q.questionType))).toEqual(new Set(["text", "multiple_choice", "rating"]));
      expect(new Set(job.questions.map((q) => q.questionText)).size).toBe(job.questions.length);
      for (const q of job.questions) {
        expect(QUESTION_CATEGORIES).toContain(q.category);
        if (q.questionType === "multiple_choice") {
          expect(q.options!.length).toBeGreaterThanOrEqual(3);
          expect(q.options!.length).toBeLessThanOrEqual(5);
        } else {
          expect(q.options).toBeNull();
        }
      }
    }
  });
});

describe("insertDemoJobs", () => {
  interface Row {
    employer_id: string | null;
    status: string;
    title: string;
    company_name: string;
    created_at: Date;
    published_at: Date;
    questions: string;
    types: string;
    min_options: number | null;
  }
  const rows = () =>
    em().execute<Row[]>(
      `select j.employer_id, j.status, j.title, j.company_name, j.created_at, j.published_at,
              count(q.id)::text as questions, string_agg(distinct q.question_type, ',' order by q.question_type) as types,
              min(jsonb_array_length(q.options)) as min_options
         from jobs j left join job_questions q on q.job_id = j.id
        group by j.id`,
    );

  it("inserts jobs with their questions, spread across the employers and the last 45 days", async () => {
    const acme = await signUp({
      email: "acme@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    const other = await signUp({
      email: "other@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Globex",
    });
    const companies = { [acme.id]: "Acme Corp" }; // a name given for one employer only
    expect(
      await insertDemoJobs({ count: 2_345, employerIds: [acme.id, other.id], companyNames: companies, seed: 11 }),
    ).toBe(2_345);

    const inserted = await rows();
    expect(inserted).toHaveLength(2_345);
    const byEmployer = Map.groupBy(inserted, (r) => r.employer_id);
    expect(byEmployer.get(acme.id)).toHaveLength(1_173);
    expect(new Set(byEmployer.get(acme.id)!.map((r) => r.company_name))).toEqual(new Set(["Acme Corp"]));
    // Without a name, the employer still gets one company throughout.
    expect(new Set(byEmployer.get(other.id)!.map((r) => r.company_name)).size).toBe(1);
    const earliest = now().getTime() - 46 * 86_400_000;
    for (const row of inserted) {
      expect(row.status).toBe("active");
      expect(Number(row.questions)).toBeGreaterThanOrEqual(3);
      expect(Number(row.questions)).toBeLessThanOrEqual(6);
      expect(row.types).toBe("multiple_choice,rating,text");
      expect(row.min_options).toBeGreaterThanOrEqual(2);
      expect(new Date(row.published_at).getTime()).toBeGreaterThan(earliest);
      expect(new Date(row.created_at).getTime()).toBeLessThan(new Date(row.published_at).getTime());
    }
    // The same seed gives the generator's jobs.
    const expected = generateDemoJobs(2_345, 11, ["Acme Corp", byEmployer.get(other.id)![0]!.company_name]);
    expect(inserted.map((r) => r.title).sort()).toEqual(expected.map((j) => j.title).sort());
  });

  it("reads back through the module like any published job, in the status asked for", async () => {
    const employer = await signUp({
      email: "closed@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Initech",
    });
    await insertDemoJobs({ count: 3, employerIds: [employer.id], seed: 5, status: "closed" });
    const [row] = await em().execute<{ id: string }[]>("select id from jobs where employer_id = ? limit 1", [
      employer.id,
    ]);
    const job = await employerJob(await memberFor(employer.id), row!.id);
    expect(job.status).toBe("closed");
    expect(job.questions.map((q) => q.orderIndex)).toEqual(job.questions.map((_, i) => i));
    expect(job.actions).toEqual(["reopen", "archive"]);
  });

  it("inserts jobs without an employer when given none", async () => {
    await insertDemoJobs({ count: 2, employerIds: [], seed: 9 });
    const [{ n }] = (await em().execute<{ n: string }[]>(
      "select count(*)::text as n from jobs where employer_id is null",
    )) as [{ n: string }];
    expect(n).toBe("2");
  });
});
