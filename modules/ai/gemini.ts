// Gemini: POST {base}/models/{model}:generateContent with the key in the x-goog-api-key header
// (never in the URL, so it cannot end up in an access log), the spec's generationConfig per call.
import { z } from "zod";
import { logger } from "../../lib/logger.ts";
import { AiError, postJson } from "./http.ts";
import { GENERATION, type ModelProvider, type ModelProviderOptions } from "./provider.ts";

export const GEMINI_URL = "https://generativelanguage.googleapis.com/v1beta";
// Flash-Lite does not spend output tokens on thinking by default, so the spec's token limits hold.
export const GEMINI_MODEL = "gemini-2.5-flash-lite";

const Reply = z
  .object({
    candidates: z
      .array(
        z
          .object({
            content: z
              .object({
                parts: z
                  .array(z.object({ text: z.string().optional(), thought: z.boolean().optional() }).passthrough())
                  .optional(),
              })
              .passthrough()
              .optional(),
            finishReason: z.string().optional(),
          })
          .passthrough(),
      )
      .optional(),
    promptFeedback: z.object({ blockReason: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

export function createGeminiProvider(options: ModelProviderOptions & { apiKey: string }): ModelProvider {
  const base = (options.baseUrl ?? GEMINI_URL).replace(/\/+$/, "");
  const model = options.model ?? GEMINI_MODEL;
  const log = (options.log ?? logger).child({ scope: "ai", provider: "gemini", model });
  const name = "Gemini";
  return {
    name,
    model,
    async complete({ purpose, system, prompt }) {
      const g = GENERATION[purpose];
      const body = {
        systemInstruction: { parts: [{ text: system }] },
        contents: [{ role: "user", parts: [{ text: prompt }] }],
        generationConfig: {
          temperature: g.temperature,
          topK: g.topK,
          topP: g.topP,
          maxOutputTokens: g.maxOutputTokens,
          ...(g.json ? { responseMimeType: "application/json" } : {}),
        },
      };
      const url = `${base}/models/${encodeURIComponent(model)}:generateContent`;
      const reply = Reply.safeParse(
        await postJson(name, url, { "x-goog-api-key": options.apiKey }, body, { ...options, log }),
      );
      if (!reply.success) throw new AiError(`${name} sent a reply in an unexpected shape`, "malformed");
      const first = reply.data.candidates?.[0];
      // Thinking models may stop at MAX_TOKENS with no parts; a blocked prompt has no candidates.
      const text = (first?.content?.parts ?? [])
        .filter((p) => !p.thought)
        .map((p) => p.text ?? "")
        .join("");
      if (!text.trim()) {
        const why = reply.data.promptFeedback?.blockReason
          ? `blocked: ${reply.data.promptFeedback.blockReason}`
          : `finish reason ${first?.finishReason ?? "none"}`;
        throw new AiError(`${name} returned no text (${why})`, "empty");
      }
      if (first?.finishReason && first.finishReason !== "STOP")
        log.warn({ purpose, finishReason: first.finishReason }, "model reply may be incomplete");
      return text;
    },
  };
}
