// Interview kit questions (decision 087): the built-in provider's from the kit's attributes; a
// model's over real HTTP (a fake OpenAI-compatible server on 127.0.0.1), falling back to the
// built-in ones when it fails; and each request counted against the member's AI generations.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../lib/config.ts";
import { QuotaExceededError } from "../../lib/quotas.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { openAiReply, startFakeModelServer, type FakeModelServer } from "../../tests/support/fake-model-server.ts";
import { createOpenAiProvider } from "./openai.ts";
import {
  builtinInterviewQuestions,
  generateInterviewQuestions,
  suggestInterviewQuestions,
  type InterviewQuestionsInput,
} from "./interview-questions.ts";

useTestRuntime();

const INPUT: InterviewQuestionsInput = {
  title: "Data Analyst",
  description: "Turn sales data into decisions with SQL and Tableau.",
  skills: ["SQL", "Tableau"],
  attributes: [
    { name: "Query craft", guidance: "Writes correct SQL and checks the numbers", group: "skills" },
    { name: "Stakeholder communication", guidance: "Explains a finding to a non-analyst.", group: "collaboration" },
    { name: "Motivation for the role", guidance: "", group: "motivation" },
  ],
  count: 8,
};

let fake: FakeModelServer;
const saved = { limit: config().quotas["ai-generations"].limit };
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterEach(() => {
  config().quotas["ai-generations"].limit = saved.limit;
  fake.hits = [];
});
afterAll(() => fake?.close());

const model = () =>
  createOpenAiProvider({ apiKey: "k", baseUrl: `${fake.url}/v1`, model: "m", timeoutMs: 2_000, retries: 0 });

describe("the built-in provider", () => {
  it("asks about every attribute, with its guidance and the job's skills, the first round first", () => {
    const questions = builtinInterviewQuestions(INPUT);
    expect(questions).toHaveLength(8);
    expect(new Set(questions).size).toBe(8);
    expect(questions[0]).toBe(
      "Take me through a recent piece of work where SQL mattered. What did you do yourself, and what would you do differently now?",
    );
    expect(questions[1]).toContain("what did it teach you about stakeholder communication?");
    expect(questions[2]).toBe(
      "What draws you to this Data Analyst role, and what do you want to be doing in it a year from now?",
    );
    expect(questions).toContain(
      "For query craft, we look for this: Writes correct SQL and checks the numbers. Tell me about a time you did exactly that: the situation, the options you saw and what you chose.",
    );
    expect(questions.some((q) => q.includes("Tableau"))).toBe(true);
    // No guidance, no "we look for this" question for it.
    expect(questions.some((q) => q.startsWith("For motivation for the role"))).toBe(false);
  });

  it("skips the questions the kit already has and stops at the count", () => {
    const first = builtinInterviewQuestions({ ...INPUT, count: 2 });
    const next = builtinInterviewQuestions({ ...INPUT, count: 2, existing: first.map((q) => q.toUpperCase()) });
    expect(next).toHaveLength(2);
    expect(next.some((q) => first.includes(q))).toBe(false);
  });
});

describe("a model", () => {
  it("is sent the job and the attributes and its questions are used", async () => {
    fake.answer = () => ({
      body: openAiReply(JSON.stringify({ questions: ["How do you check a join?", " Tell me about a dashboard. "] })),
    });
    const result = await generateInterviewQuestions({ ...INPUT, existing: ["Why us?"] }, { model: model() });
    expect(result).toEqual({ questions: ["How do you check a join?", "Tell me about a dashboard."], source: "ai" });
    const prompt = JSON.stringify(fake.hits[0]!.body.messages);
    expect(prompt).toContain("Query craft: Writes correct SQL and checks the numbers");
    expect(prompt).toContain("Turn sales data into decisions");
    expect(prompt).toContain("- Why us?");
    expect(fake.hits[0]!.body.response_format).toEqual({ type: "json_object" });
  });

  it("that fails leaves the built-in questions, saying why", async () => {
    fake.answer = () => ({ status: 500, body: { error: "down" } });
    const result = await generateInterviewQuestions(INPUT, { model: model() });
    expect(result.source).toBe("fallback");
    expect(result.error).toMatch(/500/);
    expect(result.questions).toEqual(builtinInterviewQuestions(INPUT));
  });

  it("that answers prose only falls back too", async () => {
    fake.answer = () => ({ body: openAiReply("Sure! Here are some ideas.") });
    const result = await generateInterviewQuestions(INPUT, { model: model() });
    expect(result).toMatchObject({ source: "fallback", error: "Failed to extract JSON from OpenAI response" });
  });
});

it("counts each request against the member's AI generations, refusing past them", async () => {
  config().quotas["ai-generations"].limit = 1;
  const member = "00000000-0000-4000-a000-00000000a187";
  expect((await suggestInterviewQuestions(member, INPUT, { model: null })).source).toBe("builtin");
  await expect(suggestInterviewQuestions(member, INPUT, { model: null })).rejects.toBeInstanceOf(QuotaExceededError);
});
