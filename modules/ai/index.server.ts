// The ai module's public interface: job descriptions, screening questions and application scores
// from the configured provider (built-in by default, Gemini or an OpenAI-compatible server), each
// falling back to the built-in result and saying so; the same written in the background on
// request (one pending request per job and kind); and the redaction applied before scoring.
import { registerAccountData } from "../identity/index.server.ts";
import { aiAccountData } from "./account-data.ts";

export { generateDescription, generateQuestions, scoreApplication, type AiOptions } from "./generate.ts";
export { fallbackQuestions, asDraftQuestion, sameQuestion, FALLBACK_QUESTION_COUNT } from "./questions.ts";
export { builtinDescription } from "./description.ts";
export {
  suggestInterviewQuestions,
  generateInterviewQuestions,
  builtinInterviewQuestions,
  type InterviewQuestionsInput,
  type InterviewQuestionsResult,
} from "./interview-questions.ts";
export {
  aiQueues,
  collectGenerations,
  requestGeneration,
  GENERATION_QUEUE,
  type FinishedGeneration,
  type GenerationKind,
  type GenerationRequest,
} from "./generations.ts";
export {
  draftGenerationRequest,
  landGenerations,
  DRAFT_QUESTION_COUNT,
  type AiNotice,
  type DraftAi,
} from "./draft-generations.ts";
export { redactResume, redactText } from "./redact.ts";
export { BUILTIN_METHOD } from "./scoring.ts";
export { COLLABORATION_LABEL, SCORING_GUIDANCE } from "./guidance.ts";
export { answerFeedback, type AnswerFeedback, type AnswerToReview } from "./answer-feedback.ts";
export { createGeminiProvider, GEMINI_MODEL, GEMINI_URL } from "./gemini.ts";
export { createOpenAiProvider, OPENAI_MODEL, OPENAI_URL } from "./openai.ts";
export { AiError, type AiErrorCode, type RetryOptions } from "./http.ts";
export type { ModelProvider, ModelProviderOptions, CompletionRequest, Purpose } from "./provider.ts";
export type {
  ApplicationScore,
  DescriptionInput,
  DescriptionResult,
  GeneratedQuestion,
  QuestionsInput,
  QuestionsResult,
  ResultSource,
  ScoreAnswer,
  ScoreInput,
  ScoreReasons,
} from "./types.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireAi(): void {
  registerAccountData(aiAccountData);
}
