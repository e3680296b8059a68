// The prompts sent to a model. Everything in a scoring prompt has been redacted first; the job and
// the answers are the only material, and the rubric tells the model to judge nothing else.
import { QUESTION_CATEGORIES } from "../hiring/index.server.ts";
import { SCORING_GUIDANCE } from "./guidance.ts";
import { redactResume, redactText } from "./redact.ts";
import type { CompletionRequest } from "./provider.ts";
import type { DescriptionInput, QuestionsInput, ScoreInput } from "./types.ts";

const block = (label: string, text: string | undefined) => (text?.trim() ? `${label}:\n${text.trim()}\n\n` : "");

export function descriptionPrompt(input: DescriptionInput): CompletionRequest {
  return {
    purpose: "description",
    system:
      "You write clear, specific and inclusive job descriptions. Never invent salary figures or benefits that were not given.",
    prompt:
      `Write a job description for the role below.\n\n` +
      block("Job title", input.title) +
      block("Company", input.company) +
      block("Requirements", input.requirements) +
      block("Additional details", input.details) +
      "Start with a short summary paragraph without a heading. Then these sections, each with its heading on its own line " +
      "written as '## Heading': '## Responsibilities', '## Nice to have', '## How we work'. Use '- ' bullets. " +
      "The job page lists the requirements and benefits separately, so do not repeat them. " +
      "No other formatting: no ** or other Markdown, no links, no HTML. Keep it under 400 words.",
  };
}

export function questionsPrompt(input: QuestionsInput): CompletionRequest {
  return {
    purpose: "questions",
    system: "You write screening questions that help employers assess candidates fairly. You answer with JSON only.",
    prompt:
      `Write exactly ${input.count} technical, job-specific screening questions for this job.\n\n` +
      block("Job title", input.title) +
      block("Job description", input.description) +
      block("Requirements", input.requirements) +
      block("Skills", input.skills?.join(", ")) +
      block("Questions the job already has (write different ones)", input.existing?.map((q) => `- ${q}`).join("\n")) +
      `Answer with a JSON object {"questions": [...]} whose array holds ${input.count} objects with these fields:\n` +
      `- "id": 1, 2, 3...\n` +
      `- "question": the question text\n` +
      `- "type": "text", "multiple_choice" or "rating" (rating is answered 1 to 5, from poor to excellent)\n` +
      `- "category": one of ${QUESTION_CATEGORIES.map((c) => `"${c}"`).join(", ")}\n` +
      `- "options": for multiple_choice only, 3 to 5 short answer choices without commas\n` +
      "Mix the types (mostly text), cover several categories, and name the job's actual skills. " +
      "Never ask about age, gender, family, nationality, religion, health or other personal characteristics.",
  };
}

export const SCORE_RUBRIC_VERSION = "rubric-v1";

/** The scoring prompt. Answers and resume are redacted here, so no caller can forget to. */
export function scorePrompt(input: ScoreInput): CompletionRequest {
  const answers = input.answers
    .map((a, i) => {
      const given =
        a.type === "rating"
          ? a.rating !== null
            ? `${a.rating} of 5`
            : redactText(a.answer ?? "")
          : redactText(a.answer ?? "");
      return `${i + 1}. [${a.category}, ${a.type}] ${a.question}\nAnswer: ${given.trim() || "(no answer)"}`;
    })
    .join("\n\n");
  return {
    purpose: "score",
    system:
      "You assess job applications against a job's requirements using only the evidence given. Personal details have been removed " +
      "and marked like [name] or [redacted]; never guess them and never let them, or any personal characteristic, affect a score. " +
      `${SCORING_GUIDANCE} You answer with JSON only.`,
    prompt:
      block("Job title", input.job.title) +
      block("Requirements", input.job.requirements) +
      block("Skills", input.job.skills.join(", ")) +
      block("Job description", input.job.description) +
      block("Screening answers", answers || "(none)") +
      block("Resume", input.resumeText ? redactResume(input.resumeText) : "(no resume)") +
      "Score the application from 0 to 100 on each of:\n" +
      "- technical: how far the answers and resume show the job's required skills, with depth and concrete examples\n" +
      "- communication: how clear, complete, structured and specific the written answers are\n" +
      "- cultureFit: collaboration as the answers describe it: how they say they work with others (listening, explaining, sharing, " +
      "resolving disagreements, giving and taking feedback), judged only on what is written, never on who the person is\n" +
      "- overall: the match percentage for this job, weighing technical most\n" +
      "For each, give a one-line reason that quotes the answer or resume line behind it. Call a skill missing only when no answer " +
      "or resume line speaks to it: an answer to a question about a skill speaks to that skill.\n" +
      'Answer with JSON only: {"technical": 0, "communication": 0, "cultureFit": 0, "overall": 0, ' +
      '"reasons": {"technical": "", "communication": "", "cultureFit": "", "overall": ""}}',
  };
}
