// The hiring module's public interface: companies, teams and invitations, jobs and their screening
// questions, the post wizard's drafts, publishing and status changes, and what employers read.
import { onNotification } from "../../lib/http/edge-cache/index.ts";
import { onPlanBought, onPlanLapse } from "../billing-plans/index.server.ts";
import { registerAccountData } from "../identity/index.server.ts";
import { hiringAccountData } from "./account-data.ts";
import { BOARD_CHANNEL, tellBoardListeners } from "./board-events.ts";
import { closeJobsOverPlan, takeOverBoughtPlan } from "./plan-lapse.ts";

export { hiringEntities } from "./entities.ts";
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
  wizardChoices,
  type WizardChoices,
} from "./vocabulary.ts";
export {
  emptyWizardForm,
  emptyQuestion,
  toWizardForm,
  checkDetails,
  checkQuestions,
  checkJob,
  closingRule,
  closingDateSchema,
  splitList,
  uniqueTrimmed,
  fieldName,
  REQUIRED_MESSAGE,
  summaryMessage,
  DETAIL_FIELDS,
  type WizardForm,
  type DraftQuestion,
  type FieldErrors,
  type JobDetails,
  type QuestionInput,
  type ClosingRule,
} from "./schemas.ts";
export { wizardNotes, type WizardNotes } from "./wizard-notes.ts";
export { HiringError, type HiringErrorCode } from "./errors.ts";
export {
  applyListChange,
  checkQuestionsOpen,
  isListIntent,
  MAX_BENEFIT_LENGTH,
  QUESTIONS_LOCKED_MESSAGE,
} from "./wizard-lists.ts";
export {
  allowedActions,
  changeJobStatus,
  closeJobAsAdmin,
  ownJob,
  publishAllowance,
  type JobAction,
} from "./job-status.ts";
export { companyBilling } from "./company-billing.ts";
export { startDraft, wizardState, saveDraft, publishDraft, discardDraft, type WizardState } from "./drafts.ts";
export {
  employerDashboard,
  DASHBOARD_PAGE_SIZE,
  employerJob,
  listJobs,
  countActiveJobs,
  setJobsCompanyLogo,
  type DraftSummary,
  type DashboardJob,
  type EmployerDashboard,
  type EmployerJobDetail,
  type JobQuestionView,
} from "./employer-reads.ts";
export {
  activeJob,
  jobToApply,
  jobForScoring,
  jobCards,
  type ActiveJob,
  type JobToApply,
  type JobCard,
} from "./job-reads.ts";
export { listedJob, type ListedJob, type ListedJobRow, type JobSummary } from "./job-summary.ts";
export {
  importListing,
  addGeneratedQuestions,
  type GeneratedQuestionInput,
  type ExternalListing,
} from "./job-imports.ts";
export {
  memberFor,
  findMember,
  jobOfMember,
  seesJob,
  jobContacts,
  openJobRecruiters,
  memberCount,
  jobScope,
  may,
  planHolderOf,
  companyPlan,
  companyPlanSource,
  takeOverPlan,
  companyNameFor,
  MEMBER_ROLES,
  ROLE_LABELS,
  ROLE_DESCRIPTIONS,
  type Member,
  type MemberRole,
  type TeamAction,
  type CompanyPlan,
  type CompanyPlanSource,
} from "./team.ts";
export { isUuid } from "../../lib/uuid.ts";
export {
  inviteMember,
  invitationsBlocked,
  pendingInvitations,
  revokeInvitation,
  readInvitation,
  acceptInvitation,
  signUpThroughInvitation,
  invitationTokenOf,
  invitationPath,
  INVITATION_DAYS,
  INVITATION_EMAIL_QUEUE,
  type PendingInvitation,
  type InvitationState,
} from "./invitations.ts";
export {
  teamOverview,
  changeMemberRole,
  removeMember,
  assignJobs,
  updateCompany,
  setSalaryRangeRule,
  companyRequiresSalaryRange,
  timeZones,
  jobTeam,
  type JobTeamMember,
  type TeamOverview,
  type TeamMemberView,
} from "./team-admin.ts";
export { onJobStatusChange, type JobStatusChange } from "./job-closing.ts";
export { registerApplicationCounter, type ApplicationCounter, type ApplicationCounts } from "./application-counts.ts";
export { updateCompanyLogo, removeCompanyLogo } from "./logo.ts";
export {
  careerPage,
  careerSettings,
  careerSlugOfJob,
  companiesHiring,
  updateCareerPage,
  CAREER_PAGE_JOBS,
  ABOUT_MAX,
  WEBSITE_MAX,
  SLUG_TAKEN,
  type CareerPage,
  type CareerPageAnswer,
} from "./career-page.ts";
export { slugFromName, slugProblem, lookUpSlug, RESERVED_SLUGS, SLUG_MIN, SLUG_MAX } from "./company-slugs.ts";
// A job's place keys, as hiring writes them with each job (lib/places.ts).
export { placeKeys } from "../../lib/places.ts";
export { hiringQueues } from "./queues.ts";
export {
  PAY_RANGE_PLACES,
  SALARY_RANGE_REQUIRED,
  payRangeNotice,
  payRangeNoticeFor,
  payRangePlaces,
  salaryRangeErrors,
} from "./pay-transparency.ts";
export {
  JOB_EXPIRY_QUEUE,
  closeExpiredJobs,
  jobClosing,
  sendClosingReminders,
  setJobClosingDate,
} from "./job-expiry.ts";
export {
  CLOSING_DAYS,
  CLOSING_DATE_PAST,
  closingDateInput,
  formatClosingDay,
  parseClosingDate,
} from "./closing-date.ts";
export { onBoardChange, BOARD_CHANNEL } from "./board-events.ts";
export { onJobPageChange, type JobPageChange } from "./job-page-events.ts";
export { openBoardJobs, openBoardJobsVersion, type FeedJob } from "./feed-reads.ts";
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
export {
  jobScorecard,
  saveJobScorecard,
  setAttributeRetired,
  scorecardAttributesOf,
  storeJobAttributes,
  type AttributeInput,
  type JobScorecard,
  type ScorecardAttribute,
} from "./scorecard-attributes.ts";
export {
  companyScorecard,
  saveCompanyScorecard,
  type CompanyScorecard,
  type DefaultAttribute,
} from "./scorecard-defaults.ts";
export { setBlindScorecards, blindScorecards } from "./scorecard-blindness.ts";
export {
  MAX_KITS,
  MAX_KIT_NAME,
  MAX_KIT_QUESTIONS,
  MAX_KIT_QUESTION,
  MAX_NOTES_PROMPT,
  GENERATED_KIT_QUESTIONS,
  splitKitQuestions,
} from "./kit-vocabulary.ts";
export {
  jobInterviewKits,
  kitChoices,
  kitForJob,
  saveInterviewKit,
  deleteInterviewKit,
  kitQuestionsSource,
  type InterviewKit,
  type JobInterviewKits,
  type KitInput,
  type KitQuestionsSource,
} from "./interview-kits.ts";
export {
  setRetentionMonths,
  retentionMonths,
  closedJobsRetention,
  jobsClosedPast,
  RETENTION_MONTHS,
  DEFAULT_RETENTION_MONTHS,
  type RetentionMonths,
  type ClosedJobRetention,
} from "./retention.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireHiring(): void {
  registerAccountData(hiringAccountData);
  onPlanLapse(closeJobsOverPlan);
  onPlanBought(takeOverBoughtPlan);
  // Board changes made by other processes (a NOTIFY) reach this one's listeners too.
  onNotification(BOARD_CHANNEL, tellBoardListeners);
}
