// Screening answers: what counts as answered for each question type, in one place for the wizard's
// Next, the Review step's count and the final submit.
import type { JobQuestionView } from "../hiring/index.server.ts";

export const MAX_ANSWER_LENGTH = 5000;

/** An answer as stored: the text, and for rating questions the number too. */
export interface CheckedAnswer {
  question: JobQuestionView;
  answer: string;
  rating: number | null;
}

/** The answer to one question, or why it isn't one (null: answered correctly or left optional). */
function problemWith(question: JobQuestionView, raw: string | undefined): string | null {
  const value = (raw ?? "").trim();
  if (!value) return question.required ? "Please answer this question." : null;
  if (value.length > MAX_ANSWER_LENGTH)
    return `Please keep your answer under ${MAX_ANSWER_LENGTH.toLocaleString("en-US")} characters.`;
  if (question.questionType === "multiple_choice" && !(question.options ?? []).includes(value))
    return "Please choose one of the options.";
  if (question.questionType === "rating" && !/^[1-5]$/.test(value)) return "Please choose a rating from 1 to 5.";
  return null;
}

/** Messages by question id for every question that isn't properly answered (empty when all are). */
export function checkAnswers(questions: JobQuestionView[], answers: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const problem = problemWith(question, answers[question.id]);
    if (problem) errors[question.id] = problem;
  }
  return errors;
}

/** How many questions have an acceptable, non-empty answer. */
export function countAnswered(questions: JobQuestionView[], answers: Record<string, string>): number {
  return questions.filter((q) => (answers[q.id] ?? "").trim() && !problemWith(q, answers[q.id])).length;
}

/** The answers to store, in question order (skipped optional questions are left out). */
export function toStoredAnswers(questions: JobQuestionView[], answers: Record<string, string>): CheckedAnswer[] {
  return questions.flatMap((question) => {
    const answer = (answers[question.id] ?? "").trim();
    if (!answer) return [];
    return [{ question, answer, rating: question.questionType === "rating" ? Number(answer) : null }];
  });
}

/** Only the answers to this job's questions, trimmed to size: whatever else was posted is dropped. */
export function pickAnswers(questions: JobQuestionView[], posted: Record<string, string>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const q of questions) {
    const value = posted[q.id];
    if (typeof value === "string") answers[q.id] = value.slice(0, MAX_ANSWER_LENGTH + 1);
  }
  return answers;
}
