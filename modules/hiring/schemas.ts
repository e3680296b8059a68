// The post wizard's rules, in one place. The wizard keeps what was typed (a WizardForm of raw
// strings) so nothing is lost; these schemas turn it into a job, or into messages keyed by the
// form's field names ("title", "questions[2].options").
import { z } from "zod";
import {
  CATEGORIES,
  CURRENCIES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  MAX_BENEFITS,
  MAX_QUESTIONS,
  MAX_OPENINGS,
  MAX_SALARY,
  MAX_SKILLS,
  QUESTION_CATEGORIES,
  QUESTION_TYPES,
  parseWholeNumber,
  type JobStatus,
} from "./vocabulary.ts";
import { CLOSING_DATE_MISSING, parseClosingDate } from "./closing-date.ts";

/** A screening question as typed in the wizard. */
export interface DraftQuestion {
  question_text: string;
  question_type: string;
  category: string;
  /** Comma-separated, as typed; used by multiple choice questions. */
  options: string;
  required: boolean;
}

/** Everything the post wizard holds, as typed. Field names are the spec's columns. */
export interface WizardForm {
  title: string;
  company_name: string;
  location: string;
  location_type: string;
  employment_type: string;
  category: string;
  salary_min: string;
  salary_max: string;
  salary_currency: string;
  /** How many people the job hires, as typed (empty is 1). */
  openings: string;
  /** The closing date as the date input gives it (YYYY-MM-DD); empty on a draft: 60 days after publishing. */
  closes_at: string;
  requirements: string;
  description: string;
  skills: string;
  experience_level: string;
  benefits: string[];
  questions: DraftQuestion[];
  /** The employer's own description, kept when Generate with AI replaced it, for Undo (never published). */
  previous_description: string;
  /** The questions as they were before the last Generate with AI, for its Undo (null: nothing to undo). */
  previous_questions: DraftQuestion[] | null;
  /** What the pending question generation does when it lands: "replace" the questions, or "add" to them. */
  questions_generation: string;
}

export const DETAIL_FIELDS = [
  "title",
  "company_name",
  "location",
  "location_type",
  "employment_type",
  "category",
  "salary_min",
  "salary_max",
  "salary_currency",
  "openings",
  "closes_at",
  "requirements",
  "description",
  "skills",
  "experience_level",
] as const satisfies readonly (keyof WizardForm)[];

export function emptyWizardForm(companyName = ""): WizardForm {
  return {
    title: "",
    company_name: companyName,
    location: "",
    location_type: "",
    employment_type: "",
    category: "",
    salary_min: "",
    salary_max: "",
    salary_currency: "USD",
    openings: "1",
    closes_at: "",
    requirements: "",
    description: "",
    skills: "",
    experience_level: "",
    benefits: [],
    questions: [],
    previous_description: "",
    previous_questions: null,
    questions_generation: "",
  };
}

export function emptyQuestion(): DraftQuestion {
  return { question_text: "", question_type: "text", category: "custom", options: "", required: true };
}

/** Splits "a, b,, c" into ["a", "b", "c"]: trimmed, blanks dropped, duplicates (any case) dropped. */
export function splitList(text: string): string[] {
  return uniqueTrimmed(text.split(","));
}

export function uniqueTrimmed(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, " ");
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

const requiredText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}`)
    .max(max, `Use at most ${max.toLocaleString("en-US")} characters`);

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), message);

// "165,000", "165 000" and "165000" are all 165000 (vocabulary.ts#parseWholeNumber).
const salary = z
  .string()
  .transform((v, ctx) => {
    const amount = parseWholeNumber(v);
    if (amount === undefined)
      ctx.addIssue({ code: "custom", message: "Enter a whole number of 0 or more, or leave it empty" });
    return amount ?? null;
  })
  .refine((v) => v === null || v <= MAX_SALARY, `Enter at most ${MAX_SALARY.toLocaleString("en-US")}`);

// How many people the job hires: a whole number from 1 to MAX_OPENINGS; left empty, one.
const openings = z.string().transform((v, ctx) => {
  const count = parseWholeNumber(v);
  if (count === null) return 1;
  if (count === undefined || count < 1 || count > MAX_OPENINGS) {
    ctx.addIssue({ code: "custom", message: `Enter a whole number from 1 to ${MAX_OPENINGS}` });
    return 1;
  }
  return count;
});

export const JobDetailsSchema = z
  .object({
    title: requiredText("the job title", 200),
    company_name: requiredText("the company name", 160),
    location: requiredText("the location", 200),
    location_type: choice(LOCATION_TYPES, "Choose a location type"),
    employment_type: choice(EMPLOYMENT_TYPES, "Choose an employment type"),
    category: choice(CATEGORIES, "Choose a category"),
    salary_min: salary,
    salary_max: salary,
    salary_currency: choice(CURRENCIES, "Choose USD, EUR, GBP or CAD"),
    openings,
    requirements: requiredText("the requirements", 10_000),
    description: requiredText("the job description", 20_000),
    skills: z
      .string()
      .transform(splitList)
      .refine((list) => list.length <= MAX_SKILLS, `List at most ${MAX_SKILLS} skills`)
      .refine((list) => list.every((s) => s.length <= 60), "Keep each skill under 60 characters"),
    experience_level: z
      .string()
      .refine((v) => v === "" || (EXPERIENCE_LEVELS as readonly string[]).includes(v), "Choose an experience level")
      .transform((v) => (v === "" ? null : (v as (typeof EXPERIENCE_LEVELS)[number]))),
    benefits: z
      .array(z.string())
      .transform(uniqueTrimmed)
      .refine((list) => list.length <= MAX_BENEFITS, `Add at most ${MAX_BENEFITS} benefits`)
      .refine((list) => list.every((b) => b.length <= 120), "Keep each benefit under 120 characters"),
  })
  .superRefine((job, ctx) => {
    if (job.salary_min !== null && job.salary_max !== null && job.salary_min > job.salary_max) {
      ctx.addIssue({ code: "custom", path: ["salary_max"], message: "The maximum must be at least the minimum" });
    }
  });

export const QuestionSchema = z
  .object({
    question_text: z.string().trim().max(1000, "Use at most 1,000 characters"),
    question_type: choice(QUESTION_TYPES, "Choose text, multiple choice or rating"),
    category: choice(QUESTION_CATEGORIES, "Choose a question category"),
    options: z.string().max(2000, "Use at most 2,000 characters").transform(splitList),
    required: z.boolean(),
  })
  .superRefine((q, ctx) => {
    if (q.question_type === "multiple_choice") {
      if (q.options.length < 2) {
        ctx.addIssue({ code: "custom", path: ["options"], message: "Give at least two options, separated by commas" });
      } else if (q.options.length > 10 || q.options.some((o) => o.length > 200)) {
        ctx.addIssue({ code: "custom", path: ["options"], message: "Give at most 10 options of up to 200 characters" });
      }
    } else if (q.options.length) {
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: "Options are for multiple choice questions only: clear them or choose Multiple choice",
      });
    }
  })
  .transform((q) => ({ ...q, options: q.question_type === "multiple_choice" ? q.options : null }));

export const QuestionsSchema = z
  .array(QuestionSchema)
  .max(MAX_QUESTIONS, `A job can have at most ${MAX_QUESTIONS} questions`);

/**
 * How the closing date is checked: a draft's may stay empty (60 days after publishing), an open
 * job's is required, a closed job's is not asked (reopening gives it a new one). The date is read
 * in the company's zone and never in the past (closing-date.ts, as the closing page reads it).
 */
export interface ClosingRule {
  timeZone: string;
  need: "optional" | "required" | "ignored";
  /** Now, unless a test says otherwise. */
  at?: Date;
}

export function closingRule(timeZone: string, status: JobStatus): ClosingRule {
  return { timeZone, need: status === "draft" ? "optional" : status === "active" ? "required" : "ignored" };
}

/** The typed closing date as the instant it ends, or null for "the default" (or a closed job's). */
export const closingDateSchema = (rule: ClosingRule) =>
  z.string().transform((typed, ctx): Date | null => {
    if (rule.need === "ignored") return null;
    if (!typed.trim()) {
      if (rule.need === "required") ctx.addIssue({ code: "custom", message: CLOSING_DATE_MISSING });
      return null;
    }
    const parsed = parseClosingDate(typed, rule.timeZone, rule.at);
    if (parsed.ok) return parsed.closesAt;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return null;
  });

export type JobDetails = z.output<typeof JobDetailsSchema> & { closes_at: Date | null };
export type QuestionInput = z.output<typeof QuestionSchema>;

/** Field messages keyed by form field name: "title", "questions[2].options", "" for the form. */
export type FieldErrors = Record<string, string[]>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function fieldName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    "",
  );
}

function errorsOf(error: z.ZodError, prefix: (string | number)[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = fieldName([...prefix, ...issue.path]);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/** Step 1's rules: the job's details, its closing date and benefits. */
export function checkDetails(form: WizardForm, closing: ClosingRule): Checked<JobDetails> {
  const result = JobDetailsSchema.safeParse(form);
  const date = closingDateSchema(closing).safeParse(form.closes_at, { path: ["closes_at"] });
  if (result.success && date.success) return { ok: true, value: { ...result.data, closes_at: date.data } };
  return {
    ok: false,
    errors: { ...(result.success ? {} : errorsOf(result.error)), ...(date.success ? {} : errorsOf(date.error)) },
  };
}

/** Step 2's rules. Questions left blank are not checked: they are dropped when the job is saved. */
export function checkQuestions(questions: DraftQuestion[]): Checked<QuestionInput[]> {
  if (questions.length > MAX_QUESTIONS) {
    return { ok: false, errors: { questions: [`A job can have at most ${MAX_QUESTIONS} questions`] } };
  }
  const value: QuestionInput[] = [];
  const errors: FieldErrors = {};
  questions.forEach((question, index) => {
    if (!question.question_text.trim()) return;
    const result = QuestionSchema.safeParse(question);
    if (result.success) value.push(result.data);
    else Object.assign(errors, errorsOf(result.error, ["questions", index]));
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** The whole wizard: what Publish (and Save changes) require. */
export function checkJob(
  form: WizardForm,
  closing: ClosingRule,
): Checked<{ details: JobDetails; questions: QuestionInput[] }> {
  const details = checkDetails(form, closing);
  const questions = checkQuestions(form.questions);
  if (details.ok && questions.ok) return { ok: true, value: { details: details.value, questions: questions.value } };
  return { ok: false, errors: { ...(details.ok ? {} : details.errors), ...(questions.ok ? {} : questions.errors) } };
}

/** The fields Next and Publish require, for the message at the top of the page. */
export const REQUIRED_MESSAGE = "Please fill in all required fields";

/** The message at the top of the page for these field messages. */
export function summaryMessage(errors: FieldErrors): string {
  const missing = Object.values(errors)
    .flat()
    .some((m) => m.startsWith("Enter ") || m.startsWith("Choose "));
  return missing ? REQUIRED_MESSAGE : "Please correct the highlighted fields";
}

// Raw input is capped well above every rule's limit, so an oversized value is kept (and named
// beside its field) without letting a request store megabytes in a draft.
const RAW_MAX = 30_000;
const raw = (value: unknown): string => (typeof value === "string" ? value.slice(0, RAW_MAX) : "");

const draftQuestions = (list: unknown[]): DraftQuestion[] =>
  list.slice(0, MAX_QUESTIONS + 5).map((q: any) => ({
    question_text: raw(q?.question_text),
    question_type: raw(q?.question_type) || "text",
    category: raw(q?.category) || "custom",
    options: raw(q?.options),
    required: q?.required === true || q?.required === "on" || q?.required === "true",
  }));

/** A WizardForm from anything (a form post, a stored draft): unknown keys dropped, strings capped. */
export function toWizardForm(input: Record<string, unknown>, base: WizardForm = emptyWizardForm()): WizardForm {
  const form: WizardForm = { ...base };
  for (const key of DETAIL_FIELDS) if (key in input) form[key] = raw(input[key]);
  if ("previous_description" in input) form.previous_description = raw(input.previous_description);
  if (Array.isArray(input.benefits)) form.benefits = input.benefits.map(raw).slice(0, MAX_BENEFITS * 2);
  if (Array.isArray(input.questions)) form.questions = draftQuestions(input.questions);
  if ("previous_questions" in input)
    form.previous_questions = Array.isArray(input.previous_questions) ? draftQuestions(input.previous_questions) : null;
  if ("questions_generation" in input)
    form.questions_generation =
      input.questions_generation === "replace" ? "replace" : input.questions_generation === "add" ? "add" : "";
  return form;
}
