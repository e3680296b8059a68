// A text-generation model behind one interface: the prompt in, the first candidate's text out.
// Gemini and any OpenAI-compatible server implement it; the built-in provider needs none of it.
import type { RetryOptions } from "./http.ts";
import type { Logger } from "../../lib/logger.ts";

/** What a call is for; each has its own generation settings. */
export type Purpose = "questions" | "description" | "score" | "interview";

export interface CompletionRequest {
  purpose: Purpose;
  system: string;
  prompt: string;
}

export interface ModelProvider {
  /** Named in error messages: "Gemini API error: 429 Too Many Requests". */
  name: string;
  model: string;
  /** The reply's text; throws an AiError when there is none. */
  complete(request: CompletionRequest): Promise<string>;
}

export interface ModelProviderOptions extends RetryOptions {
  /** Optional for OpenAI-compatible servers that need none (Ollama, vLLM). */
  apiKey?: string;
  model?: string;
  baseUrl?: string;
  log?: Logger;
}

/** Sampling per purpose. Questions and description are the spec's; scoring wants steady judgement. */
export const GENERATION: Record<
  Purpose,
  { temperature: number; topK: number; topP: number; maxOutputTokens: number; json: boolean }
> = {
  questions: { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 2048, json: true },
  description: { temperature: 0.8, topK: 40, topP: 0.95, maxOutputTokens: 1024, json: false },
  score: { temperature: 0.2, topK: 40, topP: 0.95, maxOutputTokens: 1024, json: true },
  interview: { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024, json: true },
};
