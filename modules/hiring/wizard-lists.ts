// The post wizard's list buttons, as rules of the job (not of a page): add or remove a benefit
// (trimmed, spaces collapsed, at most 120 characters, no duplicates whatever their case), add,
// remove or move a question (at most MAX_QUESTIONS). Questions are fixed once someone has answered
// them: any change to them is refused with HiringError "questions-locked".
import { HiringError } from "./errors.ts";
import { emptyQuestion, type FieldErrors, type WizardForm } from "./schemas.ts";
import { MAX_QUESTIONS } from "./vocabulary.ts";

export const MAX_BENEFIT_LENGTH = 120;
export const QUESTIONS_LOCKED_MESSAGE = "Questions can't change once candidates have answered them.";

const QUESTION_CHANGES = ["add-question", "remove-question", "move-up", "move-down"];

/** Throws "questions-locked" when the job's questions may no longer change. */
export function checkQuestionsOpen(questionsLocked: boolean): void {
  if (questionsLocked) throw new HiringError("questions-locked", QUESTIONS_LOCKED_MESSAGE);
}

/** Whether `intent` (e.g. "move-up:2") is one of the list buttons. */
export const isListIntent = (intent: string): boolean =>
  /^(add|remove)-benefit|^(add-question|remove-question|move-up|move-down)/.test(intent);

/**
 * Applies a list button to `form` (in place). Returns messages beside fields when the change can't
 * be made (nothing changes then), or null. `benefit` is the "Add a benefit" box's text.
 */
export function applyListChange(
  form: WizardForm,
  intent: string,
  benefitInput: unknown,
  { questionsLocked }: { questionsLocked: boolean },
): FieldErrors | null {
  const [name = ""] = intent.split(":");
  const i = Number(intent.split(":")[1]);
  if (QUESTION_CHANGES.includes(name)) checkQuestionsOpen(questionsLocked);
  const questions = form.questions;
  switch (name) {
    case "add-benefit": {
      const benefit = typeof benefitInput === "string" ? benefitInput.trim().replace(/\s+/g, " ") : "";
      if (!benefit) return { benefit: ["Type a benefit, then press Add"] };
      if (benefit.length > MAX_BENEFIT_LENGTH)
        return { benefit: [`Keep each benefit under ${MAX_BENEFIT_LENGTH} characters`] };
      if (form.benefits.some((b) => b.trim().toLowerCase() === benefit.toLowerCase()))
        return { benefit: [`"${benefit}" is already listed`] };
      form.benefits = [...form.benefits.map((b) => b.trim()).filter(Boolean), benefit];
      return null;
    }
    case "remove-benefit":
      form.benefits = form.benefits.filter((_, index) => index !== i);
      return null;
    case "add-question":
      if (questions.length >= MAX_QUESTIONS)
        return { questions: [`A job can have at most ${MAX_QUESTIONS} questions`] };
      form.questions = [...questions, emptyQuestion()];
      return null;
    case "remove-question":
      form.questions = questions.filter((_, index) => index !== i);
      return null;
    case "move-up":
    case "move-down": {
      const j = name === "move-up" ? i - 1 : i + 1;
      if (!Number.isInteger(i) || i < 0 || j < 0 || i >= questions.length || j >= questions.length) return null;
      const next = [...questions];
      [next[i], next[j]] = [next[j]!, next[i]!];
      form.questions = next;
      return null;
    }
  }
  return null;
}
