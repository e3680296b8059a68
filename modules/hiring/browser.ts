// Hiring's browser-safe entry: the job vocabulary (stored values and the labels people read), the
// formatters, and the types pages and components share. Nothing here reaches the database; the
// server's functions are in index.server.ts, which the build refuses in browser code.
export {
  JOB_STATUSES,
  type JobStatus,
  EMPLOYMENT_TYPES,
  type EmploymentType,
  EMPLOYMENT_TYPE_LABELS,
  LOCATION_TYPES,
  type LocationType,
  LOCATION_TYPE_LABELS,
  CATEGORIES,
  type Category,
  CURRENCIES,
  type Currency,
  CURRENCY_SYMBOLS,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  EXPERIENCE_LEVEL_LABELS,
  QUESTION_TYPES,
  type QuestionType,
  QUESTION_TYPE_LABELS,
  QUESTION_CATEGORIES,
  type QuestionCategory,
  QUESTION_CATEGORY_LABELS,
  MAX_QUESTIONS,
  MAX_BENEFITS,
  MAX_SKILLS,
  MAX_SALARY,
  MAX_OPENINGS,
  labelOf,
  formatSalary,
  companyDisplayName,
  parseWholeNumber,
  MIN_SALARY_ERROR,
  type WizardChoices,
} from "./vocabulary.ts";
export type { WizardForm, DraftQuestion, FieldErrors } from "./schemas.ts";
export type { WizardNotes } from "./wizard-notes.ts";
// The wizard recomputes the pay-range notice as the location is typed.
export { payRangeNoticeFor } from "./pay-transparency.ts";
export type { JobAction } from "./job-status.ts";
export {
  SCORECARD_GROUPS,
  SCORECARD_GROUP_LABELS,
  MIN_ATTRIBUTES,
  MAX_ATTRIBUTES,
  MAX_ATTRIBUTE_NAME,
  MAX_ATTRIBUTE_GUIDANCE,
  DEFAULT_ATTRIBUTES,
  type ScorecardGroup,
} from "./scorecard-vocabulary.ts";
export type { JobScorecard, ScorecardAttribute } from "./scorecard-attributes.ts";
export type { CompanyScorecard, DefaultAttribute } from "./scorecard-defaults.ts";
export {
  MAX_KITS,
  MAX_KIT_NAME,
  MAX_KIT_QUESTIONS,
  MAX_KIT_QUESTION,
  MAX_NOTES_PROMPT,
  GENERATED_KIT_QUESTIONS,
  splitKitQuestions,
} from "./kit-vocabulary.ts";
export type { InterviewKit, JobInterviewKits } from "./interview-kits.ts";
