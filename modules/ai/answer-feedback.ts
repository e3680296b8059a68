// AI feedback on a candidate's answers before they send them (the Professional plan): for each
// written answer, what reads well and what to add, judged the way the built-in score reads answers
// (scoring.ts: evidence over keywords, reasons and examples, how the candidate works with others).
// Deterministic and offline: the same answer always gets the same advice, and nothing leaves the
// server. It advises; it never changes an answer or a score.
import {
  CULTURE_QUESTION,
  isEvidence,
  jobTerms,
  quote,
  REASONING,
  TECHNICAL_CATEGORIES,
  termDensity,
  workingStyleStatements,
} from "./scoring.ts";
import { sentences, words } from "./text.ts";
import type { ScoreInput } from "./types.ts";

export interface AnswerToReview {
  question: string;
  type: string;
  category: string;
  answer: string;
}

export interface AnswerFeedback {
  question: string;
  /** What already works, quoting the answer. */
  strengths: string[];
  /** What to add or change, as a recruiter would say it. */
  tips: string[];
}

const TOO_SHORT = 20;
const TOO_LONG = 250;

/** Advice for each written answer (choices and ratings need none). */
export function answerFeedback(job: ScoreInput["job"], answers: AnswerToReview[]): AnswerFeedback[] {
  const wanted = jobTerms(job);
  return answers
    .filter((a) => a.type === "text")
    .map((a) => {
      const text = a.answer.trim();
      const count = words(text).length;
      const strengths: string[] = [];
      const tips: string[] = [];
      if (!text)
        return {
          question: a.question,
          strengths,
          tips: ["Answer this one: a blank answer tells the hiring team nothing about you."],
        };

      const technical = TECHNICAL_CATEGORIES.has(a.category) || termDensity(text, wanted) > 0;
      const culture = CULTURE_QUESTION.test(a.question) || a.category === "custom";
      const evidence = sentences(text).filter((s) => isEvidence(s, wanted));
      if (evidence[0]) strengths.push(`Shows what you did: ${quote(evidence[0])}`);
      if (technical && !evidence.length) {
        tips.push(
          'Tell what you did, not only what you know: name a project and your part in it ("I built …", "I moved …").',
        );
      }
      if (termDensity(text, wanted) > 0.5)
        tips.push("This reads as a list of skills. Listed terms count for little: show one of them in use.");
      if (REASONING.test(text)) strengths.push("Gives a reason, an example or a figure.");
      else if (count >= 8) tips.push("Add an example, a reason or a figure: what changed, and by how much.");
      if (culture) {
        const statements = workingStyleStatements(text);
        if (statements[0]) strengths.push(`Says how you work with others: ${quote(statements[0])}`);
        else
          tips.push(
            'Say how you work with people, in your own words ("I ask …", "I explain …", "we agree …"): qualities alone ("I\'m a team player") tell a reader little.',
          );
      }
      if (count < TOO_SHORT) tips.push("Say more: two or three sentences, with what you did and why it mattered.");
      if (count > TOO_LONG) tips.push(`Trim it: over ${TOO_LONG} words reads long. Keep your strongest example.`);
      return { question: a.question, strengths, tips };
    });
}
