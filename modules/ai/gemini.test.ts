// The Gemini adapter against a fake generateContent server on 127.0.0.1: what it sends (path, key
// header, body, the spec's generation settings), what it reads, and how each failure falls back.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { geminiReply, startFakeModelServer, type FakeModelServer } from "../../tests/support/fake-model-server.ts";
import { createGeminiProvider } from "./gemini.ts";
import { generateDescription, generateQuestions } from "./generate.ts";
import { builtinDescription } from "./description.ts";
import { fallbackQuestions } from "./questions.ts";
import type { ModelProviderOptions } from "./provider.ts";

const KEY = "gm-key-7d1c5e9a40";
let fake: FakeModelServer;
let logLines: string[] = [];
const log = pino({ level: "debug" }, { write: (s: string) => void logLines.push(s) });

const gemini = (options: Partial<ModelProviderOptions> = {}) =>
  createGeminiProvider({
    apiKey: KEY,
    baseUrl: `${fake.url}/v1beta`,
    model: "gemini-test",
    log,
    timeoutMs: 2_000,
    retries: 2,
    backoffMs: 5,
    ...options,
  });

const JOB = {
  title: "Frontend Engineer",
  description: "Build our React app.",
  requirements: "React, TypeScript",
  skills: ["React", "TypeScript"],
  count: 2,
};
const DESCRIPTION_INPUT = { title: "Frontend Engineer", company: "Acme", requirements: "3+ years of React" };
const QUESTIONS = [
  { id: 7, question: "Explain how React decides what to re-render.", type: "text", category: "technical-deep" },
  {
    id: 3,
    question: "Which state tool do you reach for first?",
    type: "multiple_choice",
    category: "practical-experience",
    options: ["Redux", "Zustand", "Context"],
  },
  { id: 9, question: "Rate your TypeScript.", type: "rating", category: "technical-deep" },
];

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

describe("Gemini requests", () => {
  it("asks for questions at models/{model}:generateContent with the key in x-goog-api-key and the spec's settings", async () => {
    fake.answer = () => ({ body: geminiReply(JSON.stringify(QUESTIONS)) });
    const result = await generateQuestions(JOB, { model: gemini() });

    expect(fake.hits).toHaveLength(1);
    const hit = fake.hits[0]!;
    expect(hit.method).toBe("POST");
    expect(hit.path).toBe("/v1beta/models/gemini-test:generateContent");
    expect(hit.query).toBe(""); // never the key in the URL
    expect(hit.headers["x-goog-api-key"]).toBe(KEY);
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.body.generationConfig).toEqual({
      temperature: 0.7,
      topK: 40,
      topP: 0.95,
      maxOutputTokens: 2048,
      responseMimeType: "application/json",
    });
    expect(hit.body.systemInstruction.parts[0].text).toMatch(/JSON only/);
    expect(hit.body.contents).toHaveLength(1);
    expect(hit.body.contents[0].role).toBe("user");
    const prompt: string = hit.body.contents[0].parts[0].text;
    expect(prompt).toContain("exactly 2");
    expect(prompt).toContain("Frontend Engineer");
    expect(prompt).toContain("Build our React app.");

    // Truncated to n = 2 and renumbered from 1.
    expect(result).toEqual({
      source: "ai",
      questions: [
        { id: 1, question: "Explain how React decides what to re-render.", type: "text", category: "technical-deep" },
        {
          id: 2,
          question: "Which state tool do you reach for first?",
          type: "multiple_choice",
          category: "practical-experience",
          options: ["Redux", "Zustand", "Context"],
        },
      ],
    });
  });

  it("asks for a description with temperature 0.8, topK 40, topP 0.95, 1024 tokens and returns the first candidate's text", async () => {
    fake.answer = () => ({ body: geminiReply("\nSummary\nAcme builds things.\n") });
    const result = await generateDescription(
      { ...DESCRIPTION_INPUT, details: "Remote in Europe" },
      { model: gemini() },
    );
    const hit = fake.hits[0]!;
    expect(hit.body.generationConfig).toEqual({ temperature: 0.8, topK: 40, topP: 0.95, maxOutputTokens: 1024 });
    expect(hit.body.contents[0].parts[0].text).toContain("Remote in Europe");
    expect(result).toEqual({ text: "Summary\nAcme builds things.", source: "ai" });
  });
});

describe("Gemini replies", () => {
  it("reads questions from a fenced block with prose around it", async () => {
    fake.answer = () => ({
      body: geminiReply(
        `Here are the questions [as asked]:\n\`\`\`json\n${JSON.stringify(QUESTIONS, null, 2)}\n\`\`\`\nGood luck!`,
      ),
    });
    const result = await generateQuestions({ ...JOB, count: 5 }, { model: gemini() });
    expect(result.source).toBe("ai");
    expect(result.questions.map((q) => q.id)).toEqual([1, 2, 3]);
    expect(result.questions[2]).toEqual({
      id: 3,
      question: "Rate your TypeScript.",
      type: "rating",
      category: "technical-deep",
    });
  });

  const fallsBack: [string, object, string][] = [
    ["no JSON array", geminiReply("I'm sorry, I can't help with that."), "Failed to extract JSON from Gemini response"],
    [
      "a truncated array (MAX_TOKENS)",
      geminiReply('[{"id":1,"question":"Explain how React', "MAX_TOKENS"),
      "Failed to extract JSON from Gemini response",
    ],
    ["malformed JSON", geminiReply('[{"id":1, question: Explain}]'), "Failed to extract JSON from Gemini response"],
    [
      "an array of unusable items",
      geminiReply('[{"id":1,"question":"Pick one","type":"multiple_choice","category":"custom"}]'),
      "Gemini response had no usable questions",
    ],
    [
      "no parts (thinking used the budget)",
      { candidates: [{ content: { role: "model" }, finishReason: "MAX_TOKENS" }] },
      "Gemini returned no text (finish reason MAX_TOKENS)",
    ],
    ["a blocked prompt", { promptFeedback: { blockReason: "SAFETY" } }, "Gemini returned no text (blocked: SAFETY)"],
    ["an unexpected shape", { candidates: "nope" }, "Gemini sent a reply in an unexpected shape"],
  ];
  for (const [what, body, error] of fallsBack) {
    it(`falls back to the built-in set on ${what}, once, saying why`, async () => {
      fake.answer = () => ({ body });
      const result = await generateQuestions({ ...JOB, count: 10 }, { model: gemini() });
      expect(result).toEqual({ questions: fallbackQuestions(10), source: "fallback", error });
      expect(fake.hits).toHaveLength(1); // a bad reply is not retried
    });
  }

  it("falls back on a reply body that is not JSON, and on an empty body", async () => {
    for (const raw of ["<html>Bad gateway</html>", ""]) {
      fake.answer = () => ({ raw });
      const result = await generateDescription(DESCRIPTION_INPUT, { model: gemini() });
      expect(result).toEqual({
        text: builtinDescription(DESCRIPTION_INPUT),
        source: "fallback",
        error: "Gemini sent a reply that is not JSON",
      });
    }
  });
});

describe("Gemini failures and retries", () => {
  it("does not retry 400, 401 or 403, and falls back with '{service} API error: {status} {statusText}'", async () => {
    for (const [status, text] of [
      [400, "Bad Request"],
      [401, "Unauthorized"],
      [403, "Forbidden"],
    ] as const) {
      fake.hits = [];
      fake.answer = () => ({
        status,
        body: { error: { code: status, message: "API key not valid", status: "INVALID_ARGUMENT" } },
      });
      const result = await generateDescription(DESCRIPTION_INPUT, { model: gemini() });
      expect(fake.hits).toHaveLength(1);
      expect(result).toEqual({
        text: builtinDescription(DESCRIPTION_INPUT),
        source: "fallback",
        error: `Gemini API error: ${status} ${text}`,
      });
    }
  });

  it("retries a 429 after the server's Retry-After (capped), then succeeds", async () => {
    fake.answer = (_hit, i) =>
      i === 0
        ? {
            status: 429,
            headers: { "retry-after": "30" },
            body: { error: { code: 429, status: "RESOURCE_EXHAUSTED" } },
          }
        : { body: geminiReply(JSON.stringify(QUESTIONS)) };
    const started = Date.now();
    const result = await generateQuestions(JOB, { model: gemini({ maxBackoffMs: 150 }) });
    expect(result.source).toBe("ai");
    expect(fake.hits).toHaveLength(2);
    // It waited, and for the cap rather than the 30 s asked for (as the log line says).
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(
      logLines
        .map((l) => JSON.parse(l) as { retryInMs?: number })
        .filter((l) => l.retryInMs !== undefined)
        .map((l) => l.retryInMs),
    ).toEqual([150]);
  });

  it("retries 500s with back-off (5, 10 ms) up to the limit, then falls back", async () => {
    fake.answer = () => ({ status: 500, body: { error: { code: 500, status: "INTERNAL" } } });
    const result = await generateQuestions(JOB, { model: gemini({ retries: 2 }) });
    expect(fake.hits).toHaveLength(3);
    expect(result).toEqual({
      questions: fallbackQuestions(2),
      source: "fallback",
      error: "Gemini API error: 500 Internal Server Error",
    });
  });

  it("times out each attempt, retries, then falls back", async () => {
    // The service never answers within the test: a result at all means the time-outs fired.
    fake.answer = () => ({ delayMs: 600_000, body: geminiReply("late") });
    const result = await generateDescription(DESCRIPTION_INPUT, { model: gemini({ timeoutMs: 100, retries: 1 }) });
    expect(result).toMatchObject({ source: "fallback", error: "Gemini timed out after 100 ms" });
    expect(fake.hits).toHaveLength(2);
  });

  it("retries a reply cut off mid-body as a dropped connection", async () => {
    fake.answer = (_hit, i) =>
      i === 0 ? { cut: true, body: geminiReply("Summary\nPartial") } : { body: geminiReply("Summary\nWhole") };
    const result = await generateDescription(DESCRIPTION_INPUT, { model: gemini() });
    expect(result).toEqual({ text: "Summary\nWhole", source: "ai" });
    expect(fake.hits).toHaveLength(2);
  });

  it("never puts the key in an error or a log line", async () => {
    for (const reply of [{ status: 401 }, { status: 429 }, { status: 500 }, { raw: "<html>" }, { delayMs: 300 }]) {
      fake.answer = () => reply;
      const result = await generateDescription(DESCRIPTION_INPUT, { model: gemini({ timeoutMs: 100, retries: 1 }) });
      expect(result.source).toBe("fallback");
      expect(JSON.stringify(result)).not.toContain(KEY);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });
});
