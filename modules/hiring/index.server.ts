// The hiring module's public interface: companies, teams and invitations, jobs and their screening
// questions, the post wizard's drafts, publishing and status changes, and what employers read.
import "./account-data.ts";
import "./plan-lapse.ts";

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
} from "./schemas.ts";
export { HiringError, type HiringErrorCode } from "./errors.ts";
export {
  applyListChange,
  checkQuestionsOpen,
  isListIntent,
  MAX_BENEFIT_LENGTH,
  QUESTIONS_LOCKED_MESSAGE,
} from "./wizard-lists.ts";
export { allowedActions, changeJobStatus, closeJobAsAdmin, publishAllowance, type JobAction } from "./job-status.ts";
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
export { type JobSummary } from "./job-summary.ts";
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
  timeZones,
  type TeamOverview,
  type TeamMemberView,
} from "./team-admin.ts";
export { registerApplicationCounter, type ApplicationCounter, type ApplicationCounts } from "./application-counts.ts";
export { updateCompanyLogo, removeCompanyLogo } from "./logo.ts";
// A job's place keys, as hiring writes them with each job (lib/places.ts).
export { placeKeys } from "../../lib/places.ts";
export { hiringQueues } from "./queues.ts";
export { onBoardChange, BOARD_CHANNEL } from "./board-events.ts";
