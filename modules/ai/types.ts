// What the ai module takes and gives. Question types and categories are hiring's vocabulary, so a
// generated question drops straight into the post wizard's editor.
import type { QuestionCategory, QuestionType } from "../hiring/index.server.ts";

export interface DescriptionInput {
  title: string;
  company: string;
  requirements: string;
  /** Anything else the employer typed: benefits, team, location, how they work. */
  details?: string;
}

export interface QuestionsInput {
  title: string;
  description: string;
  requirements?: string;
  skills?: string[];
  count: number;
  /** Questions the job already has: new ones should be different. */
  existing?: string[];
}

/** A screening question as the editor holds it (local id, question, type, category, options). */
export interface GeneratedQuestion {
  id: number;
  question: string;
  type: QuestionType;
  category: QuestionCategory;
  /** Multiple choice only: 2 to 10 choices, none containing a comma (the wizard splits on commas). */
  options?: string[];
}

/**
 * Where a result came from: "ai" from the configured model, "builtin" from the offline provider
 * (AI_PROVIDER=builtin), "fallback" when the model failed and the built-in set or template stood in.
 */
export type ResultSource = "ai" | "fallback" | "builtin";

export interface DescriptionResult {
  text: string;
  source: ResultSource;
  /** Why the fallback was used; safe to log and show (never holds the key). */
  error?: string;
}

export interface QuestionsResult {
  questions: GeneratedQuestion[];
  source: ResultSource;
  error?: string;
}

export interface ScoreAnswer {
  question: string;
  type: QuestionType;
  category: string;
  answer: string | null;
  /** 1 to 5 for rating questions. */
  rating: number | null;
}

/**
 * What a score may look at. It has no name, age, photo, address or gender field on purpose; the
 * resume text is redacted before it is read (see redact.ts).
 */
export interface ScoreInput {
  job: { title: string; requirements: string; skills: string[]; description: string };
  answers: ScoreAnswer[];
  resumeText: string | null;
}

export interface ScoreReasons {
  technical: string;
  communication: string;
  cultureFit: string;
  overall: string;
}

export interface ApplicationScore {
  /** 0-100 integers; overall is the match percentage. */
  technical: number;
  communication: number;
  cultureFit: number;
  overall: number;
  /** One line each, quoting the answer or resume line behind the figure. */
  reasons: ScoreReasons;
  /** How the score was made, e.g. "builtin-overlap-v1" or "gemini:gemini-2.5-flash-lite rubric-v1". */
  method: string;
  source: ResultSource;
  error?: string;
}
