// The OpenAI-compatible adapter against a fake chat-completions server on 127.0.0.1 (the same
// HTTP as OpenAI, Ollama and vLLM): request shape, Bearer key or none, JSON mode, replies, retries.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { openAiReply, startFakeModelServer, type FakeModelServer } from "../../tests/support/fake-model-server.ts";
import { createOpenAiProvider } from "./openai.ts";
import { generateDescription, generateQuestions } from "./generate.ts";
import { builtinDescription } from "./description.ts";
import { fallbackQuestions } from "./questions.ts";
import type { ModelProviderOptions } from "./provider.ts";

const KEY = "sk-test-51f0c2a8e7";
let fake: FakeModelServer;
let logLines: string[] = [];
const log = pino({ level: "debug" }, { write: (s: string) => void logLines.push(s) });

const openai = (options: Partial<ModelProviderOptions> = {}) =>
  createOpenAiProvider({
    apiKey: KEY,
    baseUrl: `${fake.url}/v1`,
    model: "llama3.1:8b",
    log,
    timeoutMs: 2_000,
    retries: 2,
    backoffMs: 5,
    ...options,
  });

const JOB = {
  title: "Data Analyst",
  description: "Turn sales data into decisions.",
  requirements: "SQL, Tableau",
  skills: ["SQL", "Tableau"],
  count: 10,
};
const DESCRIPTION_INPUT = { title: "Data Analyst", company: "Northwind", requirements: "2+ years of SQL" };
const QUESTIONS = {
  questions: [
    { id: 1, question: "How would you find duplicate orders in SQL?", type: "text", category: "Technical Deep" },
    {
      id: 2,
      question: "Which chart shows a trend best?",
      type: "Multiple Choice",
      category: "practical",
      options: ["Line, with markers", "Pie", "Table"],
    },
    { id: 3, question: "Rate your Tableau skills.", type: "rating", category: "unknown-category" },
  ],
};

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.hits = [];
  logLines = [];
});
afterEach(() => {
  expect(logLines.join("\n")).not.toContain(KEY);
});

describe("OpenAI-compatible requests", () => {
  it("POSTs {base}/chat/completions with a Bearer key, system and user messages, and JSON mode for questions", async () => {
    fake.answer = () => ({ body: openAiReply(JSON.stringify(QUESTIONS)) });
    const result = await generateQuestions(JOB, { model: openai() });
    const hit = fake.hits[0]!;
    expect(hit.method).toBe("POST");
    expect(hit.path).toBe("/v1/chat/completions");
    expect(hit.query).toBe("");
    expect(hit.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(hit.body).toMatchObject({
      model: "llama3.1:8b",
      temperature: 0.7,
      top_p: 0.95,
      max_tokens: 2048,
      response_format: { type: "json_object" },
    });
    // A local server reads max_tokens; max_completion_tokens is for api.openai.com.
    expect(hit.body.max_completion_tokens).toBeUndefined();
    expect(hit.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    expect(hit.body.messages[1].content).toContain("exactly 10");
    expect(hit.body.messages[1].content).toMatch(/JSON object/); // JSON mode needs the prompt to ask for JSON

    // The wrapped array is read; categories and types are normalised; options keep no commas.
    expect(result).toEqual({
      source: "ai",
      questions: [
        { id: 1, question: "How would you find duplicate orders in SQL?", type: "text", category: "technical-deep" },
        {
          id: 2,
          question: "Which chart shows a trend best?",
          type: "multiple_choice",
          category: "practical-experience",
          options: ["Line; with markers", "Pie", "Table"],
        },
        { id: 3, question: "Rate your Tableau skills.", type: "rating", category: "custom" },
      ],
    });
  });

  it("asks for a description as plain text (no JSON mode) at temperature 0.8 and 1024 tokens", async () => {
    fake.answer = () => ({ body: openAiReply("Summary\nNorthwind is hiring.") });
    const result = await generateDescription(DESCRIPTION_INPUT, { model: openai() });
    expect(fake.hits[0]!.body).toMatchObject({ temperature: 0.8, top_p: 0.95, max_tokens: 1024 });
    expect(fake.hits[0]!.body.response_format).toBeUndefined();
    expect(result).toEqual({ text: "Summary\nNorthwind is hiring.", source: "ai" });
  });

  it("sends no Authorization header without a key (Ollama, vLLM)", async () => {
    fake.answer = () => ({ body: openAiReply("Summary\nOk.") });
    await generateDescription(DESCRIPTION_INPUT, { model: openai({ apiKey: undefined }) });
    expect(fake.hits[0]!.headers.authorization).toBeUndefined();
  });
});

describe("OpenAI-compatible replies and failures", () => {
  it("reads a fenced array", async () => {
    fake.answer = () => ({ body: openAiReply("```json\n" + JSON.stringify(QUESTIONS.questions) + "\n```") });
    expect((await generateQuestions({ ...JOB, count: 2 }, { model: openai() })).questions).toHaveLength(2);
  });

  const fallsBack: [string, object, string][] = [
    [
      "null content cut at the length limit",
      openAiReply(null, "length"),
      "OpenAI returned no text (finish reason length)",
    ],
    [
      "a refusal",
      {
        choices: [
          { index: 0, message: { role: "assistant", content: null, refusal: "I can't" }, finish_reason: "stop" },
        ],
      },
      "OpenAI returned no text (refused)",
    ],
    ["no choices", { choices: [] }, "OpenAI returned no text (finish reason none)"],
    ["an object without an array", openAiReply('{"questions": "none"}'), "Failed to extract JSON from OpenAI response"],
    [
      "a truncated array",
      openAiReply('{"questions": [{"id": 1, "question": "How would'),
      "Failed to extract JSON from OpenAI response",
    ],
  ];
  for (const [what, body, error] of fallsBack) {
    it(`falls back on ${what}`, async () => {
      fake.answer = () => ({ body });
      expect(await generateQuestions(JOB, { model: openai() })).toEqual({
        questions: fallbackQuestions(10),
        source: "fallback",
        error,
      });
      expect(fake.hits).toHaveLength(1);
    });
  }

  it("does not retry a 401; retries 429 and 503 then succeeds or falls back", async () => {
    fake.answer = () => ({
      status: 401,
      body: { error: { message: "Incorrect API key", type: "invalid_request_error", code: "invalid_api_key" } },
    });
    expect(await generateDescription(DESCRIPTION_INPUT, { model: openai() })).toEqual({
      text: builtinDescription(DESCRIPTION_INPUT),
      source: "fallback",
      error: "OpenAI API error: 401 Unauthorized",
    });
    expect(fake.hits).toHaveLength(1);

    fake.hits = [];
    fake.answer = (_hit, i) => (i < 2 ? { status: i === 0 ? 429 : 503 } : { body: openAiReply("Summary\nBack.") });
    expect(await generateDescription(DESCRIPTION_INPUT, { model: openai() })).toEqual({
      text: "Summary\nBack.",
      source: "ai",
    });
    expect(fake.hits).toHaveLength(3);

    fake.hits = [];
    fake.answer = () => ({ status: 503 });
    expect((await generateDescription(DESCRIPTION_INPUT, { model: openai({ retries: 1 }) })).error).toBe(
      "OpenAI API error: 503 Service Unavailable",
    );
    expect(fake.hits).toHaveLength(2);
  });

  it("times out an attempt that takes too long", async () => {
    fake.answer = () => ({ delayMs: 400, body: openAiReply("late") });
    const result = await generateDescription(DESCRIPTION_INPUT, { model: openai({ timeoutMs: 100, retries: 0 }) });
    expect(result).toMatchObject({ source: "fallback", error: "OpenAI timed out after 100 ms" });
    expect(fake.hits).toHaveLength(1);
  });
});
