// The job vocabulary: stored values and the labels people read. One place for each list;
// entities, schemas, forms and the CLI all take them from here.

export const JOB_STATUSES = ["draft", "active", "closed", "archived"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const EMPLOYMENT_TYPES = ["FULLTIME", "PARTTIME", "CONTRACT", "FREELANCE"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  FULLTIME: "Full-time",
  PARTTIME: "Part-time",
  CONTRACT: "Contract",
  FREELANCE: "Freelance",
};

export const LOCATION_TYPES = ["onsite", "remote", "hybrid"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  onsite: "On-site",
  remote: "Remote",
  hybrid: "Hybrid",
};

export const CATEGORIES = [
  "Software Engineering",
  "Data Science",
  "Product Management",
  "Design",
  "Marketing",
  "Sales",
  "Finance",
  "Operations",
  "HR",
  "Other",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CURRENCIES = ["USD", "EUR", "GBP", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£", CAD: "CA$" };

export const EXPERIENCE_LEVELS = ["entry", "mid", "senior", "lead", "executive"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  entry: "Entry level",
  mid: "Mid level",
  senior: "Senior",
  lead: "Lead",
  executive: "Executive",
};

export const QUESTION_TYPES = ["text", "multiple_choice", "rating"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: "Text",
  multiple_choice: "Multiple choice",
  rating: "Rating (1-5)",
};

export const QUESTION_CATEGORIES = [
  "technical-deep",
  "practical-experience",
  "system-design",
  "code-quality",
  "troubleshooting",
  "custom",
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
// The categories in words a candidate in any field recognises (a sales role has no "code quality").
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = {
  "technical-deep": "Depth of knowledge",
  "practical-experience": "Hands-on experience",
  "system-design": "Planning and design",
  "code-quality": "Quality of work",
  troubleshooting: "Problem solving",
  custom: "About you",
};

/** Limits of the post wizard. */
export const MAX_QUESTIONS = 25;
export const MAX_BENEFITS = 30;
export const MAX_SKILLS = 30;
/** Salaries are whole numbers in the currency's unit, per year. */
export const MAX_SALARY = 100_000_000;
/** The most openings (people hired) one job may have. */
export const MAX_OPENINGS = 100;

export function labelOf<T extends string>(labels: Record<T, string>, value: string | null | undefined): string {
  return value && value in labels ? labels[value as T] : (value ?? "");
}

/** "$120,000 - $150,000", "From $90,000", "Up to €70,000", or null when no bound is set. */
// People write amounts with thousands separators ("165,000", "165 000", "165.000", "165'000"): a
// separator between groups of three digits is dropped; anything else is not a whole number.
const GROUPED = /^\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+$/;

/** A whole amount as typed: its number, null when empty, undefined when it is not one. */
export function parseWholeNumber(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === "") return null;
  const digits = GROUPED.test(typed) ? typed.replace(/[,.'\u00a0\u202f ]/g, "") : typed;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : undefined;
}

/** A search's or an alert's minimum salary that is not a whole number. */
export const MIN_SALARY_ERROR = "Enter the minimum salary as a whole number, e.g. 80,000.";

/** The name a job's company shows under, when the job or listing carries none. */
export function companyDisplayName(name: string | null | undefined): string {
  return name || "Company Name";
}

// n.toLocaleString("en-US") builds this formatter on every call; every job card shows two figures.
const GROUPED_FIGURE = new Intl.NumberFormat("en-US");

export function formatSalary(min: number | null, max: number | null, currency: string): string | null {
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? `${currency} `;
  const money = (n: number) => `${symbol}${GROUPED_FIGURE.format(n)}`;
  if (min !== null && max !== null) return min === max ? money(min) : `${money(min)} - ${money(max)}`;
  if (min !== null) return `From ${money(min)}`;
  if (max !== null) return `Up to ${money(max)}`;
  return null;
}

type Options = [value: string, label: string][];
const pairs = <T extends string>(values: readonly T[], labels?: Record<T, string>): Options =>
  values.map((v) => [v, labels ? labels[v] : v]);

/** Every choice the post wizard offers, as [value, label] pairs, for the browser. */
export function wizardChoices() {
  return {
    locationTypes: pairs(LOCATION_TYPES, LOCATION_TYPE_LABELS),
    employmentTypes: pairs(EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS),
    categories: pairs(CATEGORIES),
    currencies: pairs(CURRENCIES),
    experienceLevels: pairs(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS),
    questionTypes: pairs(QUESTION_TYPES, QUESTION_TYPE_LABELS),
    questionCategories: pairs(QUESTION_CATEGORIES, QUESTION_CATEGORY_LABELS),
    maxQuestions: MAX_QUESTIONS,
  };
}
export type WizardChoices = ReturnType<typeof wizardChoices>;
