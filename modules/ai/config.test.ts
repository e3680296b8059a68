// AI_* configuration: builtin by default; gemini and openai refuse to start without a key, except
// an OpenAI-compatible server on this machine or network (Ollama, vLLM).
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config.ts";

const env = (vars: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...vars } as NodeJS.ProcessEnv).ai;

describe("AI configuration", () => {
  it("defaults to the built-in provider; model and address are left to the adapters", () => {
    expect(env({})).toEqual({ provider: "builtin", apiKey: undefined, model: undefined, baseUrl: undefined });
    expect(env({ AI_PROVIDER: "gemini", AI_API_KEY: "k", AI_MODEL: "", AI_BASE_URL: "" })).toEqual({
      provider: "gemini",
      apiKey: "k",
      model: undefined,
      baseUrl: undefined,
    });
  });

  it("refuses gemini without a key, with a clear message", () => {
    expect(() => env({ AI_PROVIDER: "gemini" })).toThrow("Invalid environment: AI_PROVIDER=gemini needs AI_API_KEY");
    expect(() => env({ AI_PROVIDER: "gemini", AI_API_KEY: "", AI_BASE_URL: "http://127.0.0.1:9999" })).toThrow(
      "needs AI_API_KEY",
    );
  });

  it("refuses openai without a key unless AI_BASE_URL is a local server", () => {
    expect(() => env({ AI_PROVIDER: "openai" })).toThrow("Invalid environment: AI_PROVIDER=openai needs AI_API_KEY");
    expect(() => env({ AI_PROVIDER: "openai", AI_BASE_URL: "https://api.openai.com/v1" })).toThrow("needs AI_API_KEY");
    expect(() => env({ AI_PROVIDER: "openai", AI_BASE_URL: "https://llm.example.com/v1" })).toThrow("needs AI_API_KEY");
    expect(() => env({ AI_PROVIDER: "openai", AI_BASE_URL: "http://[2001:db8::1]:8000/v1" })).toThrow(
      "needs AI_API_KEY",
    );
    for (const local of [
      "http://127.0.0.1:11434/v1",
      "http://localhost:11434/v1",
      "http://ollama:11434/v1",
      "http://10.0.0.5:8000/v1",
      "http://192.168.1.20:8000/v1",
      "http://gpu.internal:8000/v1",
      "http://[::1]:8000/v1",
    ]) {
      expect(env({ AI_PROVIDER: "openai", AI_BASE_URL: local, AI_MODEL: "llama3.1:8b" })).toEqual({
        provider: "openai",
        apiKey: undefined,
        model: "llama3.1:8b",
        baseUrl: local,
      });
    }
  });

  it("rejects an unknown provider and a malformed address", () => {
    expect(() => env({ AI_PROVIDER: "claude" })).toThrow(/AI_PROVIDER/);
    expect(() => env({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_BASE_URL: "not a url" })).toThrow(/AI_BASE_URL/);
  });
});
