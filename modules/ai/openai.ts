// OpenAI-compatible chat completions (OpenAI, Ollama, vLLM): POST {base}/chat/completions with a
// Bearer key when there is one, JSON output requested (response_format) for questions and scores.
import { z } from "zod";
import { logger } from "../../lib/logger.ts";
import { AiError, postJson } from "./http.ts";
import { GENERATION, type ModelProvider, type ModelProviderOptions } from "./provider.ts";

export const OPENAI_URL = "https://api.openai.com/v1";
export const OPENAI_MODEL = "gpt-4.1-mini";

const Reply = z
  .object({
    choices: z
      .array(
        z
          .object({
            message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).passthrough().nullish(),
            finish_reason: z.string().nullish(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

export function createOpenAiProvider(options: ModelProviderOptions): ModelProvider {
  const base = (options.baseUrl ?? OPENAI_URL).replace(/\/+$/, "");
  const model = options.model ?? OPENAI_MODEL;
  const log = (options.log ?? logger).child({ scope: "ai", provider: "openai", model });
  // OpenAI has deprecated max_tokens (its reasoning models reject it); Ollama only reads max_tokens.
  const tokensField = new URL(base).hostname === "api.openai.com" ? "max_completion_tokens" : "max_tokens";
  const name = "OpenAI";
  return {
    name,
    model,
    async complete({ purpose, system, prompt }) {
      const g = GENERATION[purpose];
      const body = {
        model,
        messages: [
          { role: "system", content: system },
          { role: "user", content: prompt },
        ],
        temperature: g.temperature,
        top_p: g.topP,
        [tokensField]: g.maxOutputTokens,
        ...(g.json ? { response_format: { type: "json_object" } } : {}),
      };
      const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
      const reply = Reply.safeParse(
        await postJson(name, `${base}/chat/completions`, headers, body, { ...options, log }),
      );
      if (!reply.success) throw new AiError(`${name} sent a reply in an unexpected shape`, "malformed");
      const choice = reply.data.choices?.[0];
      const text = choice?.message?.content ?? "";
      if (!text.trim()) {
        const why = choice?.message?.refusal ? "refused" : `finish reason ${choice?.finish_reason ?? "none"}`;
        throw new AiError(`${name} returned no text (${why})`, "empty");
      }
      if (choice?.finish_reason && choice.finish_reason !== "stop")
        log.warn({ purpose, finishReason: choice.finish_reason }, "model reply may be incomplete");
      return text;
    },
  };
}
