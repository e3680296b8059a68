// The post wizard's Generate with AI, on the hiring side of the request: what the AI is given from
// the draft, and how finished results land in it (taken once, kept in the draft in one transaction).
import { transaction } from "../../lib/db.ts";
import {
  MAX_QUESTIONS,
  QUESTIONS_LOCKED_MESSAGE,
  saveDraft,
  type DraftQuestion,
  type Member,
  type WizardForm,
} from "../hiring/index.server.ts";
import { collectGenerations, type FinishedGeneration, type GenerationRequest } from "./generations.ts";
import { asDraftQuestion, sameQuestion } from "./questions.ts";

/** The questions step asks the AI for this many at a time. */
export const DRAFT_QUESTION_COUNT = 10;

export interface AiNotice {
  kind: "description" | "questions";
  tone: "success" | "warning" | "error";
  message: string;
}

/** What is being written in the background for a draft, and what just landed in it. */
export interface DraftAi {
  pending: { description: boolean; questions: boolean };
  /** Said once, on the page where a result landed (or failed for good). */
  notices: AiNotice[];
}

const AI_FAILED = {
  description: "Failed to generate job description. Please try again.",
  questions: "Failed to generate questions. Please try again.",
};

const AI_FALLBACK = {
  description: "The AI service was unavailable, so this description is a starting template. Edit it to fit the role.",
  questions: "The AI service was unavailable, so these are general starting questions. Edit them to fit the role.",
};

/** What the AI is given: what the employer typed, nothing about them. */
export function draftGenerationRequest(kind: "description" | "questions", form: WizardForm): GenerationRequest {
  const skills = form.skills
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (kind === "questions") {
    // Adding: the questions already there, so the new ones are different.
    const existing =
      form.questions_generation === "add" ? form.questions.map((q) => q.question_text.trim()).filter(Boolean) : [];
    const input = {
      title: form.title.trim(),
      description: form.description.trim(),
      requirements: form.requirements.trim(),
      skills,
      count: DRAFT_QUESTION_COUNT,
    };
    return { kind, input: existing.length ? { ...input, existing } : input };
  }
  const workplace = { remote: "Remote work", hybrid: "Hybrid work", onsite: "On-site work" }[form.location_type] ?? "";
  const place = [workplace, form.location.trim() ? `based in ${form.location.trim()}` : ""].filter(Boolean).join(", ");
  // Skills the requirements already name would be said twice.
  const unnamed = skills.filter((skill) => !form.requirements.toLowerCase().includes(skill.toLowerCase()));
  const details = [place, unnamed.length ? `Skills: ${unnamed.join(", ")}` : "", ...form.benefits]
    .filter(Boolean)
    .join("\n");
  return {
    kind,
    input: {
      title: form.title.trim(),
      company: form.company_name.trim(),
      requirements: form.requirements.trim(),
      details: details || undefined,
    },
  };
}

/** Puts one finished result into the form; returns what to tell the employer. */
function land(form: WizardForm, done: FinishedGeneration, questionsLocked: boolean): AiNotice {
  const { kind } = done;
  if (done.status === "failed") return { kind, tone: "error", message: AI_FAILED[kind] };
  const fallback = done.source === "fallback" ? { tone: "warning" as const, message: AI_FALLBACK[kind] } : null;
  if (done.kind === "description") {
    // The employer's own text stays one click away (Undo); an earlier AI text is not kept.
    if (form.description.trim() && form.description !== done.text) form.previous_description = form.description;
    form.description = done.text;
    return {
      kind,
      ...(fallback ?? { tone: "success", message: "Description written. Read it through and make it your own." }),
    };
  }
  if (questionsLocked) return { kind, tone: "error", message: QUESTIONS_LOCKED_MESSAGE };
  // Replace, or add after what is there (skipping questions already in the list), within the
  // limit; the questions as they were stay one click away (Undo). Each is an ordinary question.
  const replace = form.questions_generation === "replace";
  form.previous_questions = structuredClone(form.questions);
  form.questions_generation = "";
  const kept = replace ? [] : form.questions;
  const fresh = newQuestions(kept, done.questions.map(asDraftQuestion));
  const added = fresh.slice(0, Math.max(0, MAX_QUESTIONS - kept.length));
  form.questions = [...kept, ...added];
  const plural = (n: number) => `${n} question${n === 1 ? "" : "s"}`;
  const skipped = done.questions.length - fresh.length;
  const count =
    (replace ? `Replaced your questions with ${plural(added.length)}` : `Added ${plural(added.length)}`) +
    (added.length < fresh.length ? ` (a job can have at most ${MAX_QUESTIONS})` : "") +
    (skipped ? `; ${skipped === 1 ? "1 was" : `${skipped} were`} already in the list` : "") +
    ".";
  return {
    kind,
    ...(fallback
      ? { ...fallback, message: `${count} ${fallback.message}` }
      : { tone: "success", message: `${count} Edit or remove any of them.` }),
  };
}

/** The generated questions not already in the list (nor twice among themselves). */
function newQuestions(existing: DraftQuestion[], generated: DraftQuestion[]): DraftQuestion[] {
  const seen = new Set(existing.map((q) => sameQuestion(q.question_text)));
  return generated.filter((q) => {
    const key = sameQuestion(q.question_text);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Takes the employer's finished AI results for the job and keeps them in the draft, in one
 * transaction (a result is taken once, and given back if the save fails).
 */
export async function landGenerations(
  member: Member,
  jobId: string,
  current: WizardForm,
  questionsLocked: boolean,
): Promise<{ form: WizardForm; ai: DraftAi }> {
  return transaction(async () => {
    const { pending, finished } = await collectGenerations(member.userId, jobId);
    const ai: DraftAi = {
      pending: { description: pending.includes("description"), questions: pending.includes("questions") },
      notices: [],
    };
    if (!finished.length) return { form: current, ai };
    const form = structuredClone(current);
    ai.notices = finished.map((done) => land(form, done, questionsLocked));
    await saveDraft(member, jobId, form);
    return { form, ai };
  });
}
