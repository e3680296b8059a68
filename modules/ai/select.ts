// The configured model, one per process; null means the built-in provider (AI_PROVIDER=builtin).
import { config } from "../../lib/config.ts";
import { consumeQuota, SITE, whenToRetry } from "../../lib/quotas.ts";
import { AiError } from "./http.ts";
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
    provider === "gemini"
      ? createGeminiProvider({ apiKey: apiKey!, model, baseUrl })
      : provider === "openai"
        ? createOpenAiProvider({ apiKey, model, baseUrl })
        : null;
  chosen = { key, provider: made && counted(made) };
  return chosen.provider;
}

/**
 * The model with every call counted against the site's ai-provider-calls quota: past it the call
 * fails at once with an AiError, so the caller falls back to the built-in result and says so. The
 * built-in provider is never counted: it costs nothing outside this process.
 */
function counted(model: ModelProvider): ModelProvider {
  return {
    name: model.name,
    model: model.model,
    async complete(request) {
      const quota = await consumeQuota("ai-provider-calls", SITE);
      if (!quota.allowed)
        throw new AiError(
          `The site's ${quota.limit} ${model.name} calls for this minute are used up. ${whenToRetry(quota)}`,
          "quota",
        );
      return model.complete(request);
    },
  };
}
