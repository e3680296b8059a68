// Questions for an interview kit (issue 34 item 2, decision 087): what an interviewer asks to judge
// the kit's scorecard attributes, from the job's description and the attributes' names and "what
// good looks like". The configured model writes them, or the built-in provider does from templates
// per attribute group (filled with the attribute, its guidance, the job's title and skills); a
// failing model falls back to the built-in questions and says so. Each request counts against the
// member's AI generations for the hour, like the post wizard's.
import { z } from "zod";
import { logger } from "../../lib/logger.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { firstJson } from "./parse.ts";
import { AiError } from "./http.ts";
import type { CompletionRequest, ModelProvider } from "./provider.ts";
import { sameQuestion } from "./questions.ts";
import { configuredModel } from "./select.ts";
import { focusSkills } from "./text.ts";
import type { AiOptions } from "./generate.ts";
import type { ResultSource } from "./types.ts";

export type AttributeGroup = "skills" | "experience" | "collaboration" | "motivation";

export interface InterviewQuestionsInput {
  title: string;
  description: string;
  requirements?: string;
  skills?: string[];
  /** The attributes the kit covers, each judged by some of the questions. */
  attributes: { name: string; guidance: string; group: AttributeGroup }[];
  /** Questions the kit already has: new ones differ. */
  existing?: string[];
  count: number;
}

export interface InterviewQuestionsResult {
  questions: string[];
  source: ResultSource;
  /** Why the built-in questions stood in; safe to show. */
  error?: string;
}

const log = logger.child({ scope: "ai" });

// {name} the attribute, {guidance} what good looks like, {title} the job, {skill} one of its skills.
const TEMPLATES: Record<AttributeGroup, string[]> = {
  skills: [
    "Take me through a recent piece of work where {skill} mattered. What did you do yourself, and what would you do differently now?",
    "For {name}, we look for this: {guidance} Tell me about a time you did exactly that: the situation, the options you saw and what you chose.",
    "If you started as {title} tomorrow, what would you check first about how we use {skill}, and why?",
  ],
  experience: [
    "Which past role or project comes closest to this job when it comes to {name}? What did you learn there that you would bring here?",
    "For {name}, we look for this: {guidance} Which piece of your work shows it best, and what went wrong along the way?",
    "Tell me about a mistake you made in comparable work. How did you find it, and what did you change afterwards?",
  ],
  collaboration: [
    "Tell me about a time you disagreed with a colleague about how to do something. How did you settle it, and what did it teach you about {name}?",
    "For {name}, we look for this: {guidance} Give me a recent example, ideally with someone who saw things differently.",
    "How do you explain your work to someone outside your field? Take a recent example and tell me how they reacted.",
  ],
  motivation: [
    "What draws you to this {title} role, and what do you want to be doing in it a year from now?",
    "For {name}, we look for this: {guidance} What in your path so far shows it?",
    "What kind of work gives you energy, and what drains you? Where does this job sit between the two?",
  ],
};

/** "Core skills for the role" reads "core skills for the role" mid-sentence; "SQL" stays. */
const midSentence = (name: string) => (/^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name);
const asSentence = (text: string) => {
  const t = text.trim();
  return t ? (/[.!?]$/.test(t) ? t : `${t}.`) : "";
};

/** The built-in questions: each attribute's first template, then each one's second, and so on. */
export function builtinInterviewQuestions(input: InterviewQuestionsInput): string[] {
  const skills = focusSkills(input);
  const title = input.title.trim() || "this role";
  const used = new Set((input.existing ?? []).map(sameQuestion));
  const questions: string[] = [];
  let skillTurn = 0;
  for (let round = 0; round < 3 && questions.length < input.count; round++)
    for (const attribute of input.attributes) {
      if (questions.length >= input.count) break;
      const template = TEMPLATES[attribute.group]?.[round];
      const guidance = asSentence(attribute.guidance);
      if (!template || (template.includes("{guidance}") && !guidance)) continue;
      const skill = template.includes("{skill}") ? (skills[skillTurn++ % Math.max(1, skills.length)] ?? null) : null;
      const text = template
        .replaceAll("{name}", midSentence(attribute.name.trim()))
        .replaceAll("{guidance}", guidance)
        .replaceAll("{title}", title)
        .replaceAll("{skill}", skill ?? midSentence(attribute.name.trim()));
      if (used.has(sameQuestion(text))) continue;
      used.add(sameQuestion(text));
      questions.push(text);
    }
  return questions;
}

const block = (label: string, text: string | undefined) => (text?.trim() ? `${label}:\n${text.trim()}\n\n` : "");

export function interviewQuestionsPrompt(input: InterviewQuestionsInput): CompletionRequest {
  return {
    purpose: "interview",
    system:
      "You write structured interview questions that help interviewers judge candidates fairly and consistently. You answer with JSON only.",
    prompt:
      `Write exactly ${input.count} questions an interviewer asks in a live interview for this job.\n\n` +
      block("Job title", input.title) +
      block("Job description", input.description) +
      block("Requirements", input.requirements) +
      block("Skills", input.skills?.join(", ")) +
      block(
        "Attributes the interviewer rates (name: what good looks like)",
        input.attributes.map((a) => `- ${a.name}: ${a.guidance}`).join("\n"),
      ) +
      block("Questions the kit already has (write different ones)", input.existing?.map((q) => `- ${q}`).join("\n")) +
      `Answer with a JSON object {"questions": ["...", "..."]} holding ${input.count} strings. ` +
      "Cover every attribute, ask for concrete past examples (behavioural) and the odd job-specific scenario, one question per string. " +
      "Never ask about age, gender, family, nationality, religion, health or other personal characteristics.",
  };
}

const Question = z.preprocess(
  (v) => (v && typeof v === "object" ? (v as Record<string, unknown>).question : v),
  z.string().trim().min(3).max(500),
);

/** The model's questions: the first JSON array in the reply (bare or as {"questions": [...]}). */
export function parseInterviewQuestions(text: string, service: string, count: number): string[] {
  const array = firstJson(text, "[", (v) => Array.isArray(v) && v.length > 0);
  if (!Array.isArray(array)) throw new AiError(`Failed to extract JSON from ${service} response`, "malformed");
  const valid = array.flatMap((item) => {
    const q = Question.safeParse(item);
    return q.success ? [q.data.replace(/\s+/g, " ")] : [];
  });
  if (!valid.length) throw new AiError(`${service} response had no usable questions`, "malformed");
  return valid.slice(0, Math.max(0, count));
}

/** The kit's questions from the model, or the built-in ones (source says which). */
export async function generateInterviewQuestions(
  input: InterviewQuestionsInput,
  options: AiOptions = {},
): Promise<InterviewQuestionsResult> {
  const model: ModelProvider | null = options.model === undefined ? configuredModel() : options.model;
  if (!model) return { questions: builtinInterviewQuestions(input), source: "builtin" };
  try {
    const used = new Set((input.existing ?? []).map(sameQuestion));
    const questions = parseInterviewQuestions(
      await model.complete(interviewQuestionsPrompt(input)),
      model.name,
      input.count,
    ).filter((q) => !used.has(sameQuestion(q)));
    if (!questions.length) throw new AiError(`${model.name} only repeated the kit's questions`, "malformed");
    return { questions, source: "ai" };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log.warn(
      { provider: model.name, model: model.model, error },
      "interview questions fell back to the built-in result",
    );
    return { questions: builtinInterviewQuestions(input), source: "fallback", error };
  }
}

/**
 * "Generate questions" for `userId`: counted against their AI generations for the hour (past
 * them QuotaExceededError, and nothing is asked), then generated. Writes nothing else.
 */
export async function suggestInterviewQuestions(
  userId: string,
  input: InterviewQuestionsInput,
  options: AiOptions = {},
): Promise<InterviewQuestionsResult> {
  await enforceQuota("ai-generations", userId);
  return generateInterviewQuestions(input, options);
}
