// The three things the ai module does, each with the configured model or the built-in provider,
// and each falling back to the built-in result (saying so) when the model fails.
import { logger } from "../../lib/logger.ts";
import { builtinDescription, tidyDescription } from "./description.ts";
import { parseQuestions, parseScore } from "./parse.ts";
import { descriptionPrompt, questionsPrompt, SCORE_RUBRIC_VERSION, scorePrompt } from "./prompts.ts";
import type { ModelProvider } from "./provider.ts";
import { builtinQuestions, fallbackQuestions } from "./questions.ts";
import { builtinScore } from "./scoring.ts";
import { configuredModel } from "./select.ts";
import type {
  ApplicationScore,
  DescriptionInput,
  DescriptionResult,
  QuestionsInput,
  QuestionsResult,
  ScoreInput,
} from "./types.ts";

export interface AiOptions {
  /** A model to use instead of the configured one; null for the built-in provider. */
  model?: ModelProvider | null;
}

const log = logger.child({ scope: "ai" });
const modelOf = (options: AiOptions) => (options.model === undefined ? configuredModel() : options.model);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function fellBack(model: ModelProvider, what: string, err: unknown): string {
  const error = messageOf(err);
  log.warn({ provider: model.name, model: model.model, error }, `${what} fell back to the built-in result`);
  return error;
}

/** A job description: the model's text, or the built-in one (source says which). */
export async function generateDescription(
  input: DescriptionInput,
  options: AiOptions = {},
): Promise<DescriptionResult> {
  const model = modelOf(options);
  if (!model) return { text: builtinDescription(input), source: "builtin" };
  try {
    const text = tidyDescription(await model.complete(descriptionPrompt(input)));
    return { text, source: "ai" };
  } catch (err) {
    return { text: builtinDescription(input), source: "fallback", error: fellBack(model, "description", err) };
  }
}

/** `count` screening questions: the model's, or the built-in set of up to 12 when it fails. */
export async function generateQuestions(input: QuestionsInput, options: AiOptions = {}): Promise<QuestionsResult> {
  const model = modelOf(options);
  if (!model) return { questions: builtinQuestions(input), source: "builtin" };
  try {
    const text = await model.complete(questionsPrompt(input));
    return { questions: parseQuestions(text, model.name, input.count), source: "ai" };
  } catch (err) {
    return { questions: fallbackQuestions(input.count), source: "fallback", error: fellBack(model, "questions", err) };
  }
}

/** Technical, communication, culture fit and overall match (0-100) with one-line reasons. */
export async function scoreApplication(input: ScoreInput, options: AiOptions = {}): Promise<ApplicationScore> {
  const model = modelOf(options);
  if (!model) return { ...builtinScore(input), source: "builtin" };
  try {
    const text = await model.complete(scorePrompt(input));
    return {
      ...parseScore(text, model.name),
      method: `${model.name.toLowerCase()}:${model.model} ${SCORE_RUBRIC_VERSION}`,
      source: "ai",
    };
  } catch (err) {
    return { ...builtinScore(input), source: "fallback", error: fellBack(model, "score", err) };
  }
}
