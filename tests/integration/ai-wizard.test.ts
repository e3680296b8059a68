// Generate with AI in the post wizard, through the route's own loader and action, with real
// sessions, a real database and the real pg-boss queue: one job per press however often it is
// pressed, results landing in the draft, the fallback notice, the failure alerts, and the refusals.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import { config } from "#lib/config.ts";
import { em } from "#lib/db.ts";
import { geminiReply, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server.ts";
import { collectGenerations, GENERATION_QUEUE } from "#modules/ai/index.server.ts";
import { MAX_QUESTIONS, wizardState, memberFor, type DraftQuestion } from "#modules/hiring/index.server.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import type { WizardView } from "#app/job-wizard.ts";
import { useTestRuntime, type TestRuntime } from "../support/runtime.ts";
import { action, loader } from "../../app/routes/employer.jobs.new.tsx";

const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});
const pageUrl = (jobId: string | null, step = 1) =>
  `http://localhost/employer/jobs/new${jobId ? `?draft=${jobId}&step=${step}` : ""}`;

async function cookieFor(account: Account): Promise<string> {
  const response = await signInResponse(account, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** Posts the fields as the wizard's form does; a reply with data comes back as JSON. */
async function post(cookie: string, jobId: string | null, fields: Record<string, string>): Promise<Response> {
  const request = new Request(pageUrl(jobId, Number(fields.step ?? 1)), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    const result = await action(args(request) as never);
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as { data: unknown; init?: { status?: number } };
    return Response.json(data, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const { data, init } = thrown as { data: unknown; init?: { status?: number } };
    if (init?.status) return Response.json(data, { status: init.status });
    throw thrown;
  }
}

async function page(cookie: string, jobId: string, step = 1): Promise<WizardView> {
  return (await loader(args(new Request(pageUrl(jobId, step), { headers: { Cookie: cookie } })) as never)).view;
}

const DETAILS = {
  step: "1",
  title: "Senior Frontend Engineer",
  company_name: "Acme",
  location: "Austin, TX, United States",
  location_type: "hybrid",
  employment_type: "FULLTIME",
  category: "Software Engineering",
  salary_currency: "USD",
  requirements: "5+ years of React and TypeScript\nExperience with design systems\nNice to have: GraphQL",
  skills: "React, TypeScript, GraphQL",
  description: "We build tools that help teams plan their work.",
};

/** The questions as step 2 posts them. */
function questionFields(questions: DraftQuestion[]): Record<string, string> {
  const fields: Record<string, string> = {};
  questions.forEach((q, i) => {
    Object.assign(fields, {
      [`questions[${i}].question_text`]: q.question_text,
      [`questions[${i}].question_type`]: q.question_type,
      [`questions[${i}].category`]: q.category,
      [`questions[${i}].options`]: q.options,
      ...(q.required ? { [`questions[${i}].required`]: "on" } : {}),
    });
  });
  return fields;
}

const draftIdOf = (response: Response) =>
  new URL(response.headers.get("location")!, "http://localhost").searchParams.get("draft")!;

async function generationRows(jobId: string) {
  return em().execute<{ id: string; kind: string; status: string; queue_job_id: string }[]>(
    "select id, kind, status, queue_job_id from ai_generations where job_id = ? order by created_at",
    [jobId],
  );
}

async function queuedJobs(generationIds: string[]) {
  const rows = await em().execute<{ id: string; state: string }[]>(
    `select id, state from pgboss.job where name = ? and data->>'generationId' in (${generationIds.map(() => "?").join(", ") || "null"})`,
    [GENERATION_QUEUE, ...generationIds],
  );
  return rows;
}

describe("with no worker running", () => {
  const runtime: TestRuntime = useTestRuntime();
  let employer: Account;
  let cookie: string;
  beforeAll(async () => {
    employer = await signUp({
      email: "erin@example.com",
      password: "correct horse",
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
    });
    cookie = await cookieFor(employer);
  });

  it("saves what was typed and enqueues one job, however often and however fast it is pressed", async () => {
    const first = await post(cookie, null, { ...DETAILS, intent: "generate-description" });
    expect(first.status).toBe(302);
    const jobId = draftIdOf(first);
    expect(first.headers.get("location")).toBe(`/employer/jobs/new?draft=${jobId}&step=1#description-ai`);
    expect((await wizardState(await memberFor(employer.id), jobId)).form).toMatchObject({
      title: DETAILS.title,
      requirements: DETAILS.requirements,
    });

    // Twice more at once, then once more: still the one pending request and its one job.
    const again = await Promise.all(
      [1, 2].map(() => post(cookie, jobId, { ...DETAILS, intent: "generate-description" })),
    );
    expect(again.map((r) => r.status)).toEqual([302, 302]);
    expect((await post(cookie, jobId, { ...DETAILS, intent: "generate-description" })).status).toBe(302);
    const rows = await generationRows(jobId);
    expect(rows).toMatchObject([{ kind: "description", status: "pending" }]);
    expect(await queuedJobs(rows.map((r) => r.id))).toEqual([{ id: rows[0]!.queue_job_id, state: "created" }]);

    const view = await page(cookie, jobId);
    expect(view.ai).toEqual({ pending: { description: true, questions: false }, notices: [] });

    // The other kind is its own request.
    expect((await post(cookie, jobId, { step: "2", intent: "generate-questions" })).status).toBe(302);
    expect((await generationRows(jobId)).map((r) => r.kind)).toEqual(["description", "questions"]);
    expect((await page(cookie, jobId, 2)).ai.pending).toEqual({ description: true, questions: true });
  });

  it("answers the spec's messages when what a button needs is missing, and enqueues nothing", async () => {
    const blank = await post(cookie, null, { ...DETAILS, requirements: "  ", intent: "generate-description" });
    expect(blank.status).toBe(400);
    const body = (await blank.json()) as WizardView;
    expect(body.formError).toBe("Please fill in job title, company, and requirements first");
    // What was typed is kept all the same.
    expect((await wizardState(await memberFor(employer.id), body.jobId!)).form.title).toBe(DETAILS.title);
    expect(await generationRows(body.jobId!)).toEqual([]);

    await post(cookie, body.jobId, { ...DETAILS, description: "", intent: "dashboard" });
    const noDescription = await post(cookie, body.jobId, { step: "2", intent: "generate-questions" });
    expect(noDescription.status).toBe(400);
    expect(((await noDescription.json()) as WizardView).formError).toBe(
      "Please fill in job title and description first",
    );
    expect(await generationRows(body.jobId!)).toEqual([]);
  });

  it("refuses another employer's draft as not found, and shows them nothing of its requests", async () => {
    const own = await post(cookie, null, { ...DETAILS, intent: "generate-description" });
    const jobId = draftIdOf(own);
    const mallory = await signUp({
      email: "mallory@example.com",
      password: "correct horse",
      full_name: "Mallory",
      role: "employer",
      company_name: "Rival",
    });
    const theirs = await cookieFor(mallory);

    expect((await post(theirs, jobId, { ...DETAILS, intent: "generate-description" })).status).toBe(404);
    expect((await post(theirs, jobId, { step: "2", intent: "generate-questions" })).status).toBe(404);
    await expect(page(theirs, jobId)).rejects.toMatchObject({ init: { status: 404 } });
    expect(await collectGenerations(mallory.id, jobId)).toEqual({ pending: [], finished: [] });
    expect(await generationRows(jobId)).toHaveLength(1);

    // A candidate never reaches the wizard.
    const cara = await signUp({
      email: "cara@example.com",
      password: "correct horse",
      full_name: "Cara",
      role: "candidate",
    });
    const refused = await post(await cookieFor(cara), jobId, { ...DETAILS, intent: "generate-description" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/candidate/);
    expect(await generationRows(jobId)).toHaveLength(1);
  });

  it("says the spec's alert once when the job fails for good", async () => {
    const first = await post(cookie, null, { ...DETAILS, intent: "next" });
    expect(first.status, await first.clone().text()).toBe(302);
    const jobId = draftIdOf(first);
    expect((await post(cookie, jobId, { step: "2", intent: "generate-questions" })).status).toBe(302);
    const [row] = await generationRows(jobId);
    await runtime.queue.boss.cancel(GENERATION_QUEUE, row!.queue_job_id);

    const view = await page(cookie, jobId, 2);
    expect(view.ai).toEqual({
      pending: { description: false, questions: false },
      notices: [{ kind: "questions", tone: "error", message: "Failed to generate questions. Please try again." }],
    });
    expect(view.form.questions).toEqual([]);
    expect((await page(cookie, jobId, 2)).ai.notices).toEqual([]);
    // Pressing again asks afresh.
    expect((await post(cookie, jobId, { step: "2", intent: "generate-questions" })).status).toBe(302);
    expect((await generationRows(jobId)).map((r) => r.status)).toEqual(["failed", "pending"]);
  });
});

describe("with workers", () => {
  useTestRuntime({ workers: true });
  let employer: Account;
  let cookie: string;
  beforeAll(async () => {
    employer = await signUp({
      email: "wes@example.com",
      password: "correct horse",
      full_name: "Wes",
      role: "employer",
      company_name: "Acme",
    });
    cookie = await cookieFor(employer);
  });

  const landed = (jobId: string, step: number) =>
    vi.waitFor(async () => {
      const view = await page(cookie, jobId, step);
      expect(view.ai.notices, "the AI's notice").not.toHaveLength(0);
      return view;
    }, WAIT);

  it("puts the description in the draft, then appends 10 editable questions after the custom one", async () => {
    const jobId = draftIdOf(await post(cookie, null, { ...DETAILS, intent: "generate-description" }));
    const described = await landed(jobId, 1);
    expect(described.ai.notices).toEqual([
      { kind: "description", tone: "success", message: "Description written. Read it through and make it your own." },
    ]);
    expect(described.ai.pending.description).toBe(false);
    expect(described.form.description).toContain("Acme");
    expect(described.form.description).toContain("## Responsibilities");
    expect((await wizardState(await memberFor(employer.id), jobId)).form.description).toBe(described.form.description);
    // Said once: the next page load has nothing new.
    expect((await page(cookie, jobId)).ai.notices).toEqual([]);

    const custom = {
      "questions[0].question_text": "Why Acme?",
      "questions[0].question_type": "text",
      "questions[0].category": "custom",
      "questions[0].options": "",
    };
    expect((await post(cookie, jobId, { step: "2", intent: "generate-questions", ...custom })).status).toBe(302);
    const asked = await landed(jobId, 2);
    expect(asked.ai.notices).toEqual([
      { kind: "questions", tone: "success", message: "Added 10 questions. Edit or remove any of them." },
    ]);
    const questions = (await wizardState(await memberFor(employer.id), jobId)).form.questions;
    expect(questions).toHaveLength(11);
    expect(questions[0]!.question_text).toBe("Why Acme?");
    expect(questions.slice(1).every((q) => q.question_text.trim() && q.required)).toBe(true);

    // Generated questions are ordinary ones: edited, removed and published like custom ones.
    const fields: Record<string, string> = { step: "2", intent: "remove-question:1" };
    questions.forEach((q, i) => {
      fields[`questions[${i}].question_text`] = i === 2 ? "How have you used React at scale?" : q.question_text;
      fields[`questions[${i}].question_type`] = q.question_type;
      fields[`questions[${i}].category`] = q.category;
      fields[`questions[${i}].options`] = q.options;
      fields[`questions[${i}].required`] = "on";
    });
    expect((await post(cookie, jobId, fields)).status).toBe(302);
    const kept = (await wizardState(await memberFor(employer.id), jobId)).form.questions;
    expect(kept).toHaveLength(10);
    expect(kept[1]!.question_text).toBe("How have you used React at scale?");
    const published = await post(cookie, jobId, { step: "3", intent: "publish" });
    expect(published.headers.get("location"), await published.clone().text()).toBe("/employer/dashboard");
  });

  it("appends only up to the question limit", async () => {
    const jobId = draftIdOf(await post(cookie, null, { ...DETAILS, intent: "next" }));
    const fields: Record<string, string> = { step: "2", intent: "generate-questions" };
    for (let i = 0; i < MAX_QUESTIONS - 3; i++) {
      Object.assign(fields, {
        [`questions[${i}].question_text`]: `Question ${i + 1}?`,
        [`questions[${i}].question_type`]: "text",
        [`questions[${i}].category`]: "custom",
      });
    }
    await post(cookie, jobId, fields);
    const view = await landed(jobId, 2);
    expect(view.ai.notices[0]!.message).toBe(
      `Added 3 questions (a job can have at most ${MAX_QUESTIONS}). Edit or remove any of them.`,
    );
    expect(view.form.questions).toHaveLength(MAX_QUESTIONS);
    const full = await post(cookie, jobId, {
      ...Object.fromEntries(
        view.form.questions.flatMap((q, i) => [
          [`questions[${i}].question_text`, q.question_text],
          [`questions[${i}].question_type`, q.question_type],
          [`questions[${i}].category`, q.category],
          [`questions[${i}].options`, q.options],
        ]),
      ),
      step: "2",
      intent: "generate-questions",
    });
    expect(full.status).toBe(400);
    expect(((await full.json()) as WizardView).errors.questions).toEqual([
      `A job can have at most ${MAX_QUESTIONS} questions`,
    ]);
  });

  describe("generating questions again", () => {
    let fake: FakeModelServer;
    let saved: ReturnType<typeof config>["ai"];
    // The model's ten, one of them the employer's own question in other case and punctuation.
    const MODEL = ["why ACME", ...Array.from({ length: 9 }, (_, i) => `How have you used React in project ${i + 1}?`)];
    beforeAll(async () => {
      fake = await startFakeModelServer();
      const questions = MODEL.map((question, i) => ({ id: i + 1, question, type: "text", category: "technical-deep" }));
      fake.answer = () => ({ body: geminiReply(JSON.stringify({ questions })) });
      saved = { ...config().ai };
      Object.assign(config().ai, { provider: "gemini", apiKey: "test", baseUrl: `${fake.url}/v1beta` });
    });
    afterAll(async () => {
      Object.assign(config().ai, saved);
      await fake?.close();
    });
    const stored = async (jobId: string) => (await wizardState(await memberFor(employer.id), jobId)).form;

    it("adds only questions not already there, replaces on request, and Undo restores the questions before the last generation", async () => {
      const jobId = draftIdOf(await post(cookie, null, { ...DETAILS, intent: "next" }));
      const own: DraftQuestion = {
        question_text: "Why Acme?",
        question_type: "text",
        category: "custom",
        options: "",
        required: true,
      };
      await post(cookie, jobId, { step: "2", intent: "generate-questions:add", ...questionFields([own]) });
      const first = await landed(jobId, 2);
      expect(first.ai.notices[0]!.message).toBe(
        "Added 9 questions; 1 was already in the list. Edit or remove any of them.",
      );
      expect(first.form.questions.map((q) => q.question_text)).toEqual(["Why Acme?", ...MODEL.slice(1)]);

      // The same ten again: nothing is added twice, and the model was told what the job has.
      await post(cookie, jobId, {
        step: "2",
        intent: "generate-questions:add",
        ...questionFields(first.form.questions),
      });
      const again = await landed(jobId, 2);
      expect(again.ai.notices[0]!.message).toBe(
        "Added 0 questions; 10 were already in the list. Edit or remove any of them.",
      );
      expect(again.form.questions).toHaveLength(10);
      expect(JSON.stringify(fake.hits.at(-1)!.body)).toContain("Questions the job already has");

      // Replace, after an edit: the model's ten stand alone; Undo brings back the list as it was.
      const edited = again.form.questions.map((q, i) =>
        i === 0 ? { ...q, question_text: "Why do you want to work at Acme?" } : q,
      );
      await post(cookie, jobId, { step: "2", intent: "generate-questions:replace", ...questionFields(edited) });
      const replaced = await landed(jobId, 2);
      expect(replaced.ai.notices[0]!.message).toBe(
        "Replaced your questions with 10 questions. Edit or remove any of them.",
      );
      expect(replaced.form.questions.map((q) => q.question_text)).toEqual(MODEL);

      const undo = await post(cookie, jobId, {
        step: "2",
        intent: "undo-questions",
        ...questionFields(replaced.form.questions),
      });
      expect(undo.headers.get("location")).toBe(`/employer/jobs/new?draft=${jobId}&step=2#questions`);
      expect((await stored(jobId)).questions).toEqual(edited);
      expect((await stored(jobId)).previous_questions).toBeNull();
      // One Undo: pressing it again changes nothing.
      await post(cookie, jobId, { step: "2", intent: "undo-questions", ...questionFields(edited) });
      expect((await stored(jobId)).questions).toEqual(edited);
    });

    it("replaces a full list, which Add refuses", async () => {
      const jobId = draftIdOf(await post(cookie, null, { ...DETAILS, intent: "next" }));
      const full = Array.from({ length: MAX_QUESTIONS }, (_, i): DraftQuestion => ({
        question_text: `Question ${i + 1}?`,
        question_type: "text",
        category: "custom",
        options: "",
        required: true,
      }));
      const refused = await post(cookie, jobId, {
        step: "2",
        intent: "generate-questions:add",
        ...questionFields(full),
      });
      expect(refused.status).toBe(400);
      await post(cookie, jobId, { step: "2", intent: "generate-questions:replace", ...questionFields(full) });
      expect((await landed(jobId, 2)).form.questions.map((q) => q.question_text)).toEqual(MODEL);
    });
  });

  describe("when the AI service answers 500", () => {
    let fake: FakeModelServer;
    let saved: ReturnType<typeof config>["ai"];
    beforeAll(async () => {
      fake = await startFakeModelServer();
      fake.answer = () => ({ status: 500, body: { error: { code: 500, message: "boom", status: "INTERNAL" } } });
      // The worker runs in this process: point its configured provider at the failing server.
      saved = { ...config().ai };
      Object.assign(config().ai, { provider: "gemini", apiKey: "test", baseUrl: `${fake.url}/v1beta` });
    });
    afterAll(async () => {
      Object.assign(config().ai, saved);
      await fake?.close();
    });

    it("lands the built-in results and says they are a starting point", async () => {
      const jobId = draftIdOf(await post(cookie, null, { ...DETAILS, intent: "generate-description" }));
      const described = await landed(jobId, 1);
      expect(described.ai.notices).toEqual([
        {
          kind: "description",
          tone: "warning",
          message:
            "The AI service was unavailable, so this description is a starting template. Edit it to fit the role.",
        },
      ]);
      expect(described.form.description).toContain("Senior Frontend Engineer");
      expect(fake.hits.length).toBeGreaterThan(0);
      expect(fake.hits[0]!.headers["x-goog-api-key"]).toBe("test");

      expect((await post(cookie, jobId, { step: "2", intent: "generate-questions" })).status).toBe(302);
      const asked = await landed(jobId, 2);
      expect(asked.ai.notices[0]).toMatchObject({ kind: "questions", tone: "warning" });
      expect(asked.ai.notices[0]!.message).toBe(
        "Added 10 questions. The AI service was unavailable, so these are general starting questions. Edit them to fit the role.",
      );
      expect(asked.form.questions).toHaveLength(10);
    });
  });
});
