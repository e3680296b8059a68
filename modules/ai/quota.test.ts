// The site's quota of model calls: the configured model is counted, past the limit the call is not
// sent and the built-in result is used, saying so; the built-in provider is never counted.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { openAiReply, startFakeModelServer, type FakeModelServer } from "../../tests/support/fake-model-server.ts";
import { generateDescription } from "./index.server.ts";

useTestRuntime();

const INPUT = { title: "Data Analyst", company: "Globex", requirements: "SQL and Looker" };
const NOW = new Date("2026-11-24T10:00:00Z");
let fake: FakeModelServer;
const saved = { ai: config().ai, limit: config().quotas["ai-provider-calls"].limit };

beforeAll(async () => {
  fake = await startFakeModelServer();
  fake.answer = () => ({ body: openAiReply("A description from the model.") });
});
afterEach(() => {
  config().ai = saved.ai;
  config().quotas["ai-provider-calls"].limit = saved.limit;
});
afterAll(() => fake?.close());

const modelCalls = async () =>
  Number(
    (await em().execute(`select coalesce(sum(used), 0) as n from quota_counters where quota = 'ai-provider-calls'`))[0]
      .n,
  );

it("sends the configured model at most the site's calls for the minute, then falls back to built-in saying why", async () => {
  setClock(NOW);
  config().ai = { provider: "openai", apiKey: "fake-key", model: "fake-model", baseUrl: `${fake.url}/v1` };
  config().quotas["ai-provider-calls"].limit = 2;
  expect(await generateDescription(INPUT)).toMatchObject({ source: "ai", text: "A description from the model." });
  expect(await generateDescription(INPUT)).toMatchObject({ source: "ai" });
  const third = await generateDescription(INPUT);
  expect(third).toMatchObject({
    source: "fallback",
    error: "The site's 2 OpenAI calls for this minute are used up. Try again in 60 seconds (at 10:01 UTC).",
  });
  expect(third.text).toContain("Data Analyst");
  expect(fake.hits).toHaveLength(2);
  // The next minute, the model is asked again.
  setClock(new Date(NOW.getTime() + 60_000));
  expect(await generateDescription(INPUT)).toMatchObject({ source: "ai" });
  expect(fake.hits).toHaveLength(3);
});

it("never counts the built-in provider: it costs nothing outside the process", async () => {
  setClock(new Date(NOW.getTime() + 3_600_000));
  config().ai = { provider: "builtin", apiKey: undefined, model: undefined, baseUrl: undefined };
  config().quotas["ai-provider-calls"].limit = 1;
  const before = await modelCalls();
  for (let i = 0; i < 3; i++) expect(await generateDescription(INPUT)).toMatchObject({ source: "builtin" });
  expect(await modelCalls()).toBe(before);
});
