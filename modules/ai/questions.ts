// The built-in question bank: templates organised by the six question categories, filled with the
// job's own skills, and the 12 generic questions that stand in when a model fails.
// Deterministic: the same job always gets the same questions; different jobs get different wording.
import {
  MAX_QUESTIONS,
  QUESTION_CATEGORIES,
  type DraftQuestion,
  type QuestionCategory,
  type QuestionType,
} from "../hiring/index.server.ts";
import { article, focusSkills, hash, knownSkillsIn, requirementTopics, uniqueNoCase } from "./text.ts";
import type { GeneratedQuestion, QuestionsInput } from "./types.ts";

interface Template {
  type: QuestionType;
  text: string;
  options?: string[];
}

const RATING = "On a scale of 1 (poor) to 5 (excellent),";
const YEARS = ["Less than 1 year", "1 to 2 years", "3 to 5 years", "More than 5 years"];
const WORKING_STYLE = [
  "Mostly independent with regular check-ins",
  "Close collaboration and pairing",
  "A mix that changes with the task",
  "Leading and coordinating others",
];

// {skill} is one of the job's skills, {title} the job title. Options never contain commas.
const BANK: Record<QuestionCategory, Template[]> = {
  "technical-deep": [
    { type: "text", text: "What is one thing about {skill} that most people get wrong, and how did you learn it?" },
    {
      type: "text",
      text: "Walk us through the most demanding piece of work you have done with {skill}. What made it hard, and what did you decide?",
    },
    {
      type: "text",
      text: "If you had one afternoon to teach {skill} to a capable colleague, what would you cover first and why?",
    },
    {
      type: "multiple_choice",
      text: "Which statement best describes your depth with {skill}?",
      options: [
        "I have used it under guidance",
        "I use it independently on real work",
        "I make decisions with it for a team",
        "I have taught or led others in it",
      ],
    },
    { type: "rating", text: `${RATING} how would you rate your depth of knowledge in {skill}?` },
  ],
  "practical-experience": [
    {
      type: "text",
      text: "Describe a project where you used {skill} from start to finish. What was your part, and what was the result?",
    },
    {
      type: "text",
      text: "Tell us about a time {skill} was central to meeting a deadline. What did you do to deliver?",
    },
    { type: "text", text: "Which results from your {skill} work are you most proud of, and how did you measure them?" },
    { type: "multiple_choice", text: "How long have you used {skill} in paid work?", options: YEARS },
    { type: "rating", text: `${RATING} how comfortable would you be using {skill} on your own from your first week?` },
  ],
  "system-design": [
    {
      type: "text",
      text: "As a {title}, how would you set up {skill} work for a team that is doubling in size? What would you put in place first?",
    },
    {
      type: "text",
      text: "Describe how you would plan a new piece of work that depends on {skill}: the parts, how they fit together, and the trade-offs you would accept.",
    },
    {
      type: "text",
      text: "How would you change the way {skill} is used in a process that has become slow or fragile, without stopping the work that depends on it?",
    },
    {
      type: "multiple_choice",
      text: "When a plan involving {skill} has to grow, what do you settle first?",
      options: [
        "The hand-offs between the parts",
        "The information each part needs",
        "How we will measure that it works",
        "Who owns each part",
      ],
    },
    {
      type: "rating",
      text: `${RATING} how would you rate your experience setting the direction of {skill} work that others build on?`,
    },
  ],
  "code-quality": [
    {
      type: "text",
      text: "How do you keep the quality of your {skill} work high when time is short? Give a concrete example.",
    },
    {
      type: "text",
      text: "What does a good review of someone else's {skill} work look like to you, and what do you check first?",
    },
    {
      type: "multiple_choice",
      text: "Which practice do you rely on most to catch mistakes in {skill} work before others see them?",
      options: [
        "Automated checks or tests",
        "A checklist I follow",
        "Peer review",
        "Trying it out the way a user would",
      ],
    },
    { type: "rating", text: `${RATING} how consistently do you document your {skill} work so others can pick it up?` },
  ],
  troubleshooting: [
    {
      type: "text",
      text: "Tell us about a time something involving {skill} went wrong. How did you find the cause, and what did you change afterwards?",
    },
    {
      type: "text",
      text: "A result from your {skill} work is suddenly much worse than last week. What are your first three steps?",
    },
    {
      type: "multiple_choice",
      text: "Something you own that relies on {skill} fails in front of a customer. What do you do first?",
      options: [
        "Limit the damage and tell the people affected",
        "Find the root cause before anything else",
        "Go back to the last version that worked",
        "Ask the team what changed",
      ],
    },
    { type: "rating", text: `${RATING} how confident are you diagnosing problems with {skill} on your own?` },
  ],
  custom: [
    {
      type: "text",
      text: "Why does this {title} role interest you, and what would you want to learn in your first six months?",
    },
    {
      type: "text",
      text: "Describe a disagreement with a teammate about how to approach {skill} work. How did you resolve it?",
    },
    {
      type: "text",
      text: "How do you like to give and receive feedback in a team? Give an example from your {skill} work.",
    },
    {
      type: "multiple_choice",
      text: "Which working style suits you best in this {title} role?",
      options: WORKING_STYLE,
    },
    { type: "rating", text: `${RATING} how much do you enjoy helping teammates grow in {skill}?` },
  ],
};

// A mix of types over any run of questions: mostly open answers, with choices and ratings.
const TYPE_PATTERN: QuestionType[] = [
  "text",
  "text",
  "multiple_choice",
  "text",
  "rating",
  "text",
  "text",
  "multiple_choice",
  "rating",
  "text",
  "text",
  "text",
];

// Spec §8/§9: the built-in set of 12 generic questions used when a model fails.
const GENERIC: Omit<GeneratedQuestion, "id">[] = [
  {
    question: "Describe the area of your field you know most deeply, and how you built that knowledge.",
    type: "text",
    category: "technical-deep",
  },
  {
    question: "Tell us about a recent project you are proud of. What was your role, and what was the outcome?",
    type: "text",
    category: "practical-experience",
  },
  {
    question: "How many years of professional experience do you have in this kind of role?",
    type: "multiple_choice",
    category: "practical-experience",
    options: YEARS,
  },
  { question: "How do you plan a large piece of work before you start it?", type: "text", category: "system-design" },
  {
    question: "How do you make sure your work is accurate and of high quality before you hand it over?",
    type: "text",
    category: "code-quality",
  },
  {
    question: "Describe a difficult problem you solved at work. How did you find the cause?",
    type: "text",
    category: "troubleshooting",
  },
  { question: `${RATING} how would you rate your skills for this role?`, type: "rating", category: "technical-deep" },
  { question: "What interests you about this role and our company?", type: "text", category: "custom" },
  {
    question: "Which working style suits you best?",
    type: "multiple_choice",
    category: "custom",
    options: WORKING_STYLE,
  },
  {
    question: "How do you prefer to receive feedback on your work?",
    type: "multiple_choice",
    category: "code-quality",
    options: ["In a written review", "In a conversation", "While working together", "At regular check-ins"],
  },
  {
    question: `${RATING} how well do you work under pressure when something goes wrong?`,
    type: "rating",
    category: "troubleshooting",
  },
  {
    question: "Tell us about a time you worked with a team to reach a shared goal. What did you contribute?",
    type: "text",
    category: "custom",
  },
];

export const FALLBACK_QUESTION_COUNT = GENERIC.length;

/**
 * A skill as it reads inside a sentence: a known skill in its usual spelling ("Accessibility"
 * typed by an employer reads "accessibility", "postgresql" reads "PostgreSQL"); others as typed.
 */
function inSentence(skill: string): string {
  const known = knownSkillsIn(skill).find((name) => name.toLowerCase() === skill.toLowerCase());
  return known ?? skill;
}

// Credentials are held, not practised: "Valid driving licence" asks whether one is held, never
// "your depth with Valid driving licence".
const CREDENTIAL =
  /\b(?:licen[cs]es?|certificat(?:e|es|ion|ions)|certified|degree|diploma|qualifications?|clearance|permit|visa|registration)\b/i;
// Pieces of a requirement line that name no subject ("A degree in X or related field").
const NOT_A_SUBJECT =
  /^(?:related|similar|equivalent|relevant|other|any|must|should|willing|able|ability)\b|\b(?:field|equivalent|similar)$|\d\+|\byears?\b/i;

/** A topic as it reads mid-sentence: "Motion planning" reads "motion planning"; names and acronyms stay. */
function asPhrase(topic: string): string {
  const known = inSentence(topic);
  if (known !== topic || !/\s/.test(topic)) return known;
  return /^[A-Z][a-z]/.test(topic) ? topic[0]!.toLowerCase() + topic.slice(1) : topic;
}

/**
 * What the job's skills and requirement topics give the questions: subjects to ask about
 * ("Python", "motion planning") and credentials to ask whether someone holds ("valid driving
 * licence"). Pieces that name nothing ("related field", "5+ years") are dropped.
 */
export function questionSubjects(topics: string[]): { skills: string[]; credentials: string[] } {
  const skills: string[] = [];
  const credentials: string[] = [];
  for (const topic of topics) {
    const t = topic.replace(/\s+/g, " ").trim();
    if (!t || NOT_A_SUBJECT.test(t)) continue;
    (CREDENTIAL.test(t) ? credentials : skills).push(asPhrase(t));
  }
  return { skills, credentials };
}

const HELD = ["Yes", "Not yet: I am working towards it", "No"];

/** A question's text for comparing: case, punctuation and spacing aside. */
export const sameQuestion = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const rotate = <T>(list: T[], by: number): T[] => list.map((_, i) => list[(i + by) % list.length]!);

const clampCount = (count: number) =>
  Number.isFinite(count) ? Math.min(Math.max(Math.trunc(count), 0), MAX_QUESTIONS) : 0;

/** The first `count` (at most 12) generic questions, ids from 1. */
export function fallbackQuestions(count = FALLBACK_QUESTION_COUNT): GeneratedQuestion[] {
  return GENERIC.slice(0, clampCount(count)).map((q, i) => ({
    id: i + 1,
    ...q,
    ...(q.options ? { options: [...q.options] } : {}),
  }));
}

/**
 * `count` questions for the job: categories in turn, types mixed, each about one of the job's
 * skills (those given first, then the ones its requirements, description and title name).
 * A job that names no skill at all gets the generic set.
 */
export function builtinQuestions(input: QuestionsInput): GeneratedQuestion[] {
  const count = clampCount(input.count);
  const title = input.title.replace(/\s+/g, " ").trim() || "this";
  const { skills, credentials: named } = questionSubjects(
    focusSkills({
      skills: input.skills,
      requirements: input.requirements,
      description: `${input.description}\n${input.title}`,
    }),
  );
  // Credentials run longer than skills ("degree in Computer Science"): every requirement topic counts.
  const credentials = uniqueNoCase([
    ...named,
    ...questionSubjects(requirementTopics(input.requirements ?? "")).credentials,
  ]);
  // Questions the job already has count as used, so a second set adds new ones.
  const used = new Set<string>((input.existing ?? []).map(sameQuestion));
  // One question per credential (two at most), asked last.
  const held = credentials
    .map((c) => `Do you hold ${article(c)} ${c}?`)
    .filter((q) => !used.has(sameQuestion(q)))
    .slice(0, Math.min(2, count));
  if (!skills.length) {
    const generic = fallbackQuestions().filter((q) => !used.has(sameQuestion(q.question)));
    return withHeld(generic.slice(0, count - held.length), held);
  }

  const seed = hash(`${title.toLowerCase()}|${skills.join("|").toLowerCase()}`);
  // Each template at most once per set: two questions from one template read as a repeat, even
  // about different skills.
  const usedTemplates = new Set<Template>();
  const questions: GeneratedQuestion[] = [];
  const wantedCount = count - held.length;
  for (let slot = 0; questions.length < wantedCount && slot < count * 4; slot++) {
    const category = QUESTION_CATEGORIES[slot % QUESTION_CATEGORIES.length]!;
    const wanted = TYPE_PATTERN[(slot + seed) % TYPE_PATTERN.length]!;
    const skill = skills[(slot + Math.floor(slot / QUESTION_CATEGORIES.length)) % skills.length]!;
    const templates = BANK[category];
    const ofType = templates.filter((t) => t.type === wanted);
    const preferred = ofType.length ? ofType : templates.filter((t) => t.type === "text");
    const start = hash(`${seed}|${slot}|${skill}`);
    // The wanted type first (from a place chosen by the job), then anything in the category.
    for (const t of [...rotate(preferred, start), ...rotate(templates, start)]) {
      if (usedTemplates.has(t)) continue;
      const question = t.text.replaceAll("{skill}", skill).replaceAll("{title}", title);
      if (used.has(sameQuestion(question))) continue;
      usedTemplates.add(t);
      used.add(sameQuestion(question));
      questions.push({
        id: questions.length + 1,
        question,
        type: t.type,
        category,
        ...(t.options ? { options: [...t.options] } : {}),
      });
      break;
    }
  }
  // A job with few skills can run out of distinct questions: finish with generic ones.
  for (const q of fallbackQuestions()) {
    if (questions.length >= wantedCount) break;
    if (used.has(sameQuestion(q.question))) continue;
    used.add(sameQuestion(q.question));
    questions.push({ ...q, id: questions.length + 1 });
  }
  return withHeld(questions, held);
}

/** The questions, then one multiple-choice question per credential; ids renumbered from 1. */
function withHeld(questions: GeneratedQuestion[], held: string[]): GeneratedQuestion[] {
  const credentialQuestions = held.map((question): Omit<GeneratedQuestion, "id"> => ({
    question,
    type: "multiple_choice",
    category: "custom",
    options: [...HELD],
  }));
  return [...questions, ...credentialQuestions].map((q, i) => ({ ...q, id: i + 1 }));
}

/** A generated question as the post wizard's editor holds it (options comma-separated). */
export function asDraftQuestion(q: GeneratedQuestion): DraftQuestion {
  return {
    question_text: q.question,
    question_type: q.type,
    category: q.category,
    options: (q.options ?? []).join(", "),
    required: true,
  };
}
