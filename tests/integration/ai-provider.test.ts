// The AI journey on the real server with an OpenAI-compatible provider (a fake one on 127.0.0.1):
// an imported listing gets its 12 questions from the model, a submitted application is scored by
// it, and nothing that identifies the candidate reaches the model.
import { afterAll, beforeAll, expect, inject, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { em, setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { openAiReply, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server.ts";
import { applyState, saveAnswers, submitApplication } from "../../modules/applications/index.server.ts";
import { importListing, jobToApply } from "../../modules/hiring/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { globexListing } from "../fixtures/listings.ts";

const QUESTIONS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  question:
    i % 3 === 2
      ? `How strong is your Looker modelling? (${i + 1})`
      : `Tell us about a SQL report you owned (${i + 1}).`,
  type: i % 3 === 2 ? "rating" : "text",
  category: "practical-experience",
}));
const SCORE = {
  technical: 81,
  communication: 74,
  cultureFit: 69,
  overall: 77,
  reasons: {
    technical: 'Owned SQL reporting: "Built the revenue model in SQL"',
    communication: "Clear, complete answers",
    cultureFit: "Works with finance",
    overall: "Strong analyst match",
  },
};

let fake: FakeModelServer;
let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;

beforeAll(async () => {
  fake = await startFakeModelServer();
  fake.answer = (hit) => {
    const prompt = JSON.stringify(hit.body);
    return {
      body: openAiReply(JSON.stringify(prompt.includes("screening questions") ? { questions: QUESTIONS } : SCORE)),
    };
  };
  server = await startAppServer(inject("adminDatabaseUrl"), {
    AI_PROVIDER: "openai",
    AI_BASE_URL: `${fake.url}/v1`,
    AI_API_KEY: "fake-key",
    AI_MODEL: "fake-model",
  });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
  await fake?.close();
});

it("asks the model for an imported listing's questions and for each application's score, never sending who applied", async () => {
  const candidate = await signUpOnPlan({
    email: "priya.sharma@example.com",
    password: "correct horse",
    role: "candidate",
    full_name: "Priya Sharma",
    plan: "essential",
  });
  const jobId = (await importListing(
    globexListing("ai-journey-1", { description: "SQL and Looker all day.", skills: ["SQL", "Looker"] }),
  ))!;

  // Opening the form asks for the questions; the server's worker gets them from the model.
  expect((await applyState(candidate.id, jobId)).preparingQuestions).toBe(true);
  const job = await vi.waitFor(async () => {
    const loaded = await jobToApply(jobId);
    expect(loaded?.questionsPending, "questions still being made").toBe(false);
    return loaded!;
  }, WAIT);
  expect(job.questions.map((q) => q.questionText)).toEqual(QUESTIONS.map((q) => q.question));

  await saveAnswers(
    candidate.id,
    jobId,
    Object.fromEntries(
      job.questions.map((q) => [q.id, q.questionType === "rating" ? "4" : "Built the revenue model in SQL."]),
    ),
  );
  const { applicationId } = await submitApplication(candidate.id, jobId);
  await expect
    .poll(() =>
      em().execute("select overall, source, method from application_scores where application_id = ?", [applicationId]),
    )
    .toEqual([{ overall: 77, source: "ai", method: "openai:fake-model rubric-v1" }]);

  // Every request carried the key in its header, and none carried the candidate's name or email.
  expect(
    fake.hits.every((hit) => hit.headers.authorization === "Bearer fake-key" && hit.path === "/v1/chat/completions"),
  ).toBe(true);
  const sent = JSON.stringify(fake.hits.map((hit) => hit.body));
  expect(sent).toContain("Built the revenue model in SQL.");
  expect(sent).not.toContain("Priya");
  expect(sent).not.toContain("priya.sharma@example.com");
}, 60_000);
