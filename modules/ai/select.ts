// The configured model, one per process; null means the built-in provider (AI_PROVIDER=builtin).
import { config } from "../../lib/config.ts";
import { createGeminiProvider } from "./gemini.ts";
import { createOpenAiProvider } from "./openai.ts";
import type { ModelProvider } from "./provider.ts";

let chosen: { key: string; provider: ModelProvider | null } | undefined;

export function configuredModel(): ModelProvider | null {
  const { provider, apiKey, model, baseUrl } = config().ai;
  const key = [provider, apiKey ?? "", model ?? "", baseUrl ?? ""].join("|");
  if (chosen?.key === key) return chosen.provider;
  // lib/config.ts refuses to start gemini without a key, so apiKey is set here.
  const made =
    provider === "gemini" ? createGeminiProvider({ apiKey: apiKey!, model, baseUrl }) : provider === "openai" ? createOpenAiProvider({ apiKey, model, baseUrl }) : null;
  chosen = { key, provider: made };
  return made;
}
