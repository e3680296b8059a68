import { describe, expect, it } from "vitest";
import { memberFor } from "./index.server.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { countQueries } from "../../tests/support/query-count.ts";
import { signUp } from "../identity/index.server.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import {
  changeJobStatus,
  checkJob,
  closingRule,
  discardDraft,
  emptyQuestion,
  emptyWizardForm,
  employerDashboard,
  employerJob,
  HiringError,
  listJobs,
  publishDraft,
  REQUIRED_MESSAGE,
  saveDraft,
  startDraft,
  wizardState,
  importListing,
  activeJob,
  type ExternalListing,
  type WizardForm,
} from "./index.server.ts";

const runtime = useTestRuntime();
const checkDraft = (form: Parameters<typeof checkJob>[0]) => checkJob(form, closingRule("UTC", "draft"));

let seq = 0;
const employer = (plan?: string) => {
  const input = {
    email: `hiring${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    full_name: "Ada",
  } as const;
  return plan ? signUpOnPlan({ ...input, plan }) : signUp(input);
};

function completeForm(overrides: Partial<WizardForm> = {}): WizardForm {
  return {
    ...emptyWizardForm("Acme"),
    title: "Backend Engineer",
    location: "Berlin, Germany",
    location_type: "hybrid",
    employment_type: "FULLTIME",
    category: "Software Engineering",
    requirements: "Four years of Go or Java.",
    description: "Build the payments platform.",
    salary_min: "70000",
    salary_max: "90000",
    salary_currency: "EUR",
    skills: "Go, PostgreSQL, go , Kafka",
    benefits: [" Health insurance ", "health insurance", "", "Remote days"],
    questions: [
      { ...emptyQuestion(), question_text: "Tell us about a service you scaled." },
      { ...emptyQuestion(), question_text: "   " },
      {
        ...emptyQuestion(),
        question_text: "Which queue have you run?",
        question_type: "multiple_choice",
        options: "Kafka, , RabbitMQ ,SQS",
      },
      {
        ...emptyQuestion(),
        question_text: "Rate your SQL",
        question_type: "rating",
        category: "technical-deep",
        required: false,
      },
    ],
    ...overrides,
  };
}

async function publishedJob(employerId: string, overrides: Partial<WizardForm> = {}): Promise<string> {
  const id = await startDraft(await memberFor(employerId), completeForm(overrides));
  await publishDraft(await memberFor(employerId), id);
  return id;
}

async function refusal(promise: Promise<unknown>): Promise<HiringError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HiringError);
  return error as HiringError;
}

describe("publishing", () => {
  it("publishes a complete draft: the job active, non-blank questions in order, lists cleaned", async () => {
    const ada = await employer("startup");
    const id = await publishedJob(ada.id);
    const job = await employerJob(await memberFor(ada.id), id);
    expect(job).toMatchObject({
      status: "active",
      title: "Backend Engineer",
      companyName: "Acme",
      locationType: "hybrid",
      salaryMin: 70000,
      salaryMax: 90000,
      salaryCurrency: "EUR",
      skills: ["Go", "PostgreSQL", "Kafka"],
      benefits: ["Health insurance", "Remote days"],
      actions: ["close", "archive"],
      hasUnsavedEdits: false,
    });
    expect(job.publishedAt).not.toBeNull();
    expect(job.questions.map((q) => [q.orderIndex, q.questionText, q.questionType, q.options, q.required])).toEqual([
      [0, "Tell us about a service you scaled.", "text", null, true],
      [1, "Which queue have you run?", "multiple_choice", ["Kafka", "RabbitMQ", "SQS"], true],
      [2, "Rate your SQL", "rating", null, false],
    ]);
  });

  it("refuses an incomplete draft with the required-fields message and a message per field", async () => {
    const ada = await employer();
    const id = await startDraft(await memberFor(ada.id), { ...emptyWizardForm(""), title: "Designer" });
    const error = await refusal(publishDraft(await memberFor(ada.id), id));
    expect(error.code).toBe("invalid");
    expect(error.message).toBe(REQUIRED_MESSAGE);
    expect(Object.keys(error.fieldErrors).sort()).toEqual(
      [
        "category",
        "company_name",
        "description",
        "employment_type",
        "location",
        "location_type",
        "requirements",
      ].sort(),
    );
    expect((await wizardState(await memberFor(ada.id), id)).status).toBe("draft");
  });

  it("gives forged values field messages", () => {
    const checked = checkDraft(
      completeForm({
        title: "x".repeat(10_000),
        salary_min: "-5",
        salary_max: "12.5",
        location_type: "moon",
        employment_type: "SOMETIMES",
        category: "Astrology",
        salary_currency: "BTC",
        questions: [
          { ...emptyQuestion(), question_text: "Why?", options: "a, b" },
          { ...emptyQuestion(), question_text: "Pick", question_type: "multiple_choice", options: "only one" },
          { ...emptyQuestion(), question_text: "Kind?", question_type: "essay", category: "vibes" },
        ],
      }),
    );
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? {} : checked.errors;
    expect(errors.title).toEqual(["Use at most 200 characters"]);
    expect(errors.salary_min?.[0]).toMatch(/whole number/);
    expect(errors.salary_max?.[0]).toMatch(/whole number/);
    expect(errors.location_type).toEqual(["Choose a location type"]);
    expect(errors.employment_type).toEqual(["Choose an employment type"]);
    expect(errors.category).toEqual(["Choose a category"]);
    expect(errors.salary_currency).toBeDefined();
    expect(errors["questions[0].options"]?.[0]).toMatch(/multiple choice questions only/);
    expect(errors["questions[1].options"]?.[0]).toMatch(/at least two options/);
    expect(errors["questions[2].question_type"]).toBeDefined();
    expect(errors["questions[2].category"]).toBeDefined();

    const many = checkDraft(
      completeForm({
        questions: Array.from({ length: 26 }, (_, i) => ({ ...emptyQuestion(), question_text: `Q${i}` })),
      }),
    );
    expect(many.ok ? {} : many.errors).toEqual({ questions: ["A job can have at most 25 questions"] });

    const inverted = checkDraft(completeForm({ salary_min: "90000", salary_max: "70000" }));
    expect(inverted.ok ? {} : inverted.errors).toEqual({ salary_max: ["The maximum must be at least the minimum"] });
  });

  it("keeps the plan's active-job limit on publish and on reopen, with the upgrade link", async () => {
    const trial = await employer(); // Free Trial: 1 active job
    const first = await publishedJob(trial.id);
    const second = await startDraft(await memberFor(trial.id), completeForm({ title: "Second" }));
    const error = await refusal(publishDraft(await memberFor(trial.id), second));
    expect(error.code).toBe("plan-limit");
    expect(error.message).toContain("Free Trial");
    expect(error.upgradeUrl).toBe("/pricing?audience=employers");
    expect((await wizardState(await memberFor(trial.id), second)).status).toBe("draft");

    await changeJobStatus(await memberFor(trial.id), first, "close");
    await publishDraft(await memberFor(trial.id), second);
    const reopen = await refusal(changeJobStatus(await memberFor(trial.id), first, "reopen"));
    expect(reopen.code).toBe("plan-limit");
    expect((await employerJob(await memberFor(trial.id), first)).status).toBe("closed");
  });

  it("lets only one of two publishes racing for the last slot through", async () => {
    const trial = await employer();
    const a = await startDraft(await memberFor(trial.id), completeForm({ title: "A" }));
    const b = await startDraft(await memberFor(trial.id), completeForm({ title: "B" }));
    const results = await Promise.allSettled([
      publishDraft(await memberFor(trial.id), a),
      publishDraft(await memberFor(trial.id), b),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listJobs({ employerId: trial.id, status: "active" })).length).toBe(1);
  });
});

describe("status changes", () => {
  it("allows draft → active, active ⇄ closed, active/closed → archived, and refuses the rest", async () => {
    const ada = await employer("business");
    const id = await publishedJob(ada.id);
    expect(await changeJobStatus(await memberFor(ada.id), id, "close")).toBe("closed");
    expect((await refusal(changeJobStatus(await memberFor(ada.id), id, "close"))).message).toBe(
      "A closed job can't be closed.",
    );
    expect(await changeJobStatus(await memberFor(ada.id), id, "reopen")).toBe("active");
    expect((await refusal(changeJobStatus(await memberFor(ada.id), id, "reopen"))).message).toBe(
      "An active job can't be reopened.",
    );
    expect(await changeJobStatus(await memberFor(ada.id), id, "archive")).toBe("archived");
    for (const action of ["close", "reopen", "archive"] as const) {
      const error = await refusal(changeJobStatus(await memberFor(ada.id), id, action));
      expect(error.code).toBe("invalid-transition");
    }
    const draft = await startDraft(await memberFor(ada.id), completeForm());
    expect((await refusal(changeJobStatus(await memberFor(ada.id), draft, "close"))).message).toBe(
      "A draft can't be closed.",
    );
  });
});

describe("editing a published job", () => {
  it("keeps edits in a draft until they are saved; candidates' view is untouched meanwhile", async () => {
    const ada = await employer("startup");
    const id = await publishedJob(ada.id);
    const state = await wizardState(await memberFor(ada.id), id);
    expect(state).toMatchObject({ published: true, editing: false, questionsLocked: false });
    expect(state.form.questions).toHaveLength(3);

    await saveDraft(await memberFor(ada.id), id, {
      ...state.form,
      title: "Staff Backend Engineer",
      questions: state.form.questions.slice(0, 1),
    });
    expect((await employerJob(await memberFor(ada.id), id)).title).toBe("Backend Engineer");
    expect((await employerJob(await memberFor(ada.id), id)).hasUnsavedEdits).toBe(true);

    expect(await publishDraft(await memberFor(ada.id), id)).toEqual({ published: false });
    const saved = await employerJob(await memberFor(ada.id), id);
    expect(saved.title).toBe("Staff Backend Engineer");
    expect(saved.questions).toHaveLength(1);
    expect(saved.hasUnsavedEdits).toBe(false);
    expect(saved.status).toBe("active");
  });

  it("discards edits of a published job, and deletes a draft", async () => {
    const ada = await employer("startup");
    const id = await publishedJob(ada.id);
    await saveDraft(await memberFor(ada.id), id, { ...completeForm(), title: "Changed" });
    expect(await discardDraft(await memberFor(ada.id), id)).toBe("discarded");
    expect((await employerJob(await memberFor(ada.id), id)).title).toBe("Backend Engineer");

    const draft = await startDraft(await memberFor(ada.id), completeForm());
    expect(await discardDraft(await memberFor(ada.id), draft)).toBe("deleted");
    expect((await refusal(wizardState(await memberFor(ada.id), draft))).code).toBe("not-found");
  });
});

describe("other people's jobs", () => {
  it("answers not found for every action on another employer's job, and changes nothing", async () => {
    const owner = await employer("startup");
    const other = await employer("startup");
    const candidate = await signUp({ email: `cand${++seq}@example.com`, password: "correct horse", role: "candidate" });
    const id = await publishedJob(owner.id);
    const draft = await startDraft(await memberFor(owner.id), completeForm({ title: "Owner's draft" }));
    for (const intruder of [other.id, candidate.id]) {
      const attempts = [
        async () => wizardState(await memberFor(intruder), id),
        async () => saveDraft(await memberFor(intruder), draft, completeForm({ title: "Hijacked" })),
        async () => publishDraft(await memberFor(intruder), draft),
        async () => changeJobStatus(await memberFor(intruder), id, "close"),
        async () => changeJobStatus(await memberFor(intruder), id, "archive"),
        async () => changeJobStatus(await memberFor(intruder), id, "reopen"),
        async () => discardDraft(await memberFor(intruder), draft),
        async () => employerJob(await memberFor(intruder), id),
        async () => employerJob(await memberFor(intruder), "not-a-uuid"),
      ];
      for (const attempt of attempts) expect((await refusal(attempt())).code).toBe("not-found");
    }
    expect((await employerJob(await memberFor(owner.id), id)).status).toBe("active");
    const kept = await wizardState(await memberFor(owner.id), draft);
    expect(kept.status).toBe("draft");
    expect(kept.form.title).toBe("Owner's draft");
  });
});

describe("imported provider listings", () => {
  const listing = (externalId: string): ExternalListing => ({
    source: "sample",
    externalId,
    title: "Data Engineer",
    companyName: "Globex",
    companyLogo: "javascript:alert(1)",
    location: "Denver, CO, United States",
    remote: false,
    description: "Pipelines.",
    employmentType: "INTERN",
    salaryMin: 120000,
    salaryMax: 90000,
    salaryCurrency: "USD",
    skills: ["Python", "Airflow"],
    benefits: ["401k"],
    applyLink: "https://example.com/apply",
    postedAt: "2026-11-01T00:00:00Z",
  });

  it("stores a listing once, however often and however concurrently it is imported", async () => {
    const ids = await Promise.all([
      importListing(listing("x-1")),
      importListing(listing("x-1")),
      importListing(listing("x-1")),
    ]);
    expect(new Set(ids).size).toBe(1);
    expect(await importListing(listing("x-1"))).toBe(ids[0]);
    const job = await activeJob(ids[0]!);
    expect(job).toMatchObject({
      status: "active",
      employerId: null,
      source: "sample",
      title: "Data Engineer",
      companyLogo: null, // not an https address
      employmentType: null, // not one of ours
      salaryMin: null, // an inverted range is dropped
      salaryMax: null,
      requirements: "Python, Airflow",
      applyLink: "https://example.com/apply",
      questionCount: 0,
    });
    expect(await importListing(listing("x-2"))).not.toBe(ids[0]);
  });
});

describe("the database keeps the rules too", () => {
  const insert = (sql: string) => em().execute(sql);
  it("refuses a blank title, an incomplete active job, an inverted salary and a text question with options", async () => {
    const ada = await employer("business");
    const base = `insert into jobs (id, employer_id, status, title, company_name, location, location_type, employment_type, category, requirements, description, salary_min, salary_max, created_at, updated_at)`;
    const values = (over: Record<string, string>) => {
      const v = { status: "'active'", title: "'T'", location: "'L'", min: "null", max: "null", ...over };
      return `values (gen_random_uuid(), '${ada.id}', ${v.status}, ${v.title}, 'Acme', ${v.location}, 'remote', 'FULLTIME', 'Other', 'r', 'd', ${v.min}, ${v.max}, now(), now())`;
    };
    await expect(insert(`${base} ${values({ title: "'   '" })}`)).rejects.toThrow(/jobs_title_not_blank/);
    await expect(insert(`${base} ${values({ location: "null" })}`)).rejects.toThrow(/jobs_published_complete/);
    await expect(insert(`${base} ${values({ min: "10", max: "5" })}`)).rejects.toThrow(/jobs_salary_range_check/);
    await expect(insert(`${base} ${values({ min: "-1" })}`)).rejects.toThrow(/jobs_salary_min_check/);
    await expect(insert(`${base} ${values({ status: "'paused'" })}`)).rejects.toThrow(/jobs_status_check/);
    const id = await publishedJob(ada.id);
    await expect(
      insert(
        `insert into job_questions (id, job_id, question_text, question_type, category, options, required, order_index) values (gen_random_uuid(), '${id}', 'Q', 'text', 'custom', '["a","b"]', true, 9)`,
      ),
    ).rejects.toThrow(/job_questions_options_check/);
  });
});

describe("query counts", () => {
  it("reads the dashboard and a job in a fixed number of queries, whatever the number of jobs and questions", async () => {
    expect(runtime.orm).toBeDefined();
    const ada = await employer("business");
    const questions = Array.from({ length: 20 }, (_, i) => ({ ...emptyQuestion(), question_text: `Question ${i}` }));
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await publishedJob(ada.id, { title: `Job ${i}`, questions }));
    const member = await memberFor(ada.id);
    await startDraft(member, completeForm({ title: "A draft" }));

    const dashboardQueries = await countQueries(async () => {
      const dashboard = await employerDashboard(member);
      expect(dashboard.jobs).toHaveLength(50);
      expect(dashboard.drafts).toHaveLength(1);
      expect(dashboard.stats).toEqual({ activeJobs: 50, totalApplications: 0, shortlisted: 0 });
      expect(dashboard.activeJobsUsage.text).toBe("50 (unlimited)");
    });
    const secondPage = await employerDashboard(await memberFor(ada.id), 2);
    expect(secondPage.jobs).toHaveLength(0);
    expect(secondPage.pagination).toEqual({ page: 2, pages: 1, total: 50 });
    expect(secondPage.stats.activeJobs).toBe(50);
    const jobQueries = await countQueries(async () => {
      const job = await employerJob(member, ids[7]!);
      expect(job.questions).toHaveLength(20);
    });
    // Counted for real (a broken counter would read 0), and bounded.
    expect(dashboardQueries).toBeGreaterThan(0);
    expect(jobQueries).toBeGreaterThan(0);
    expect(dashboardQueries).toBeLessThanOrEqual(4);
    expect(jobQueries).toBeLessThanOrEqual(4);
  });
});
