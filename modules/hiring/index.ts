// The hiring module's public interface: jobs, screening questions, the post wizard's drafts,
// publishing and status changes, and what employers read.
export { hiringEntities } from "./entities.ts";
export * from "./vocabulary.ts";
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
  allowedActions,
  changeJobStatus,
  closeJobAsAdmin,
  startDraft,
  wizardState,
  saveDraft,
  publishDraft,
  discardDraft,
  employerDashboard,
  DASHBOARD_PAGE_SIZE,
  employerJob,
  listJobs,
  countActiveJobs,
  setJobsCompanyLogo,
  isUuid,
  activeJob,
  activeJobIds,
  importListing,
  jobToApply,
  jobForScoring,
  addGeneratedQuestions,
  type GeneratedQuestionInput,
  jobCards,
  type JobToApply,
  type JobCard,
  type ExternalListing,
  countActiveJobsOnBoard,
  type ActiveJob,
  type JobAction,
  type WizardState,
  type JobSummary,
  type DraftSummary,
  type DashboardJob,
  type EmployerDashboard,
  type EmployerJobDetail,
  type JobQuestionView,
} from "./jobs.ts";
export { registerApplicationCounter, type ApplicationCounter, type ApplicationCounts } from "./application-counts.ts";
export { updateCompanyLogo, removeCompanyLogo } from "./logo.ts";
export { insertDemoJobs, generateDemoJobs, type DemoJob, type InsertDemoJobsOptions } from "./demo.ts";
export { searchBoard, type BoardQuery, type BoardJob, type BoardPage } from "./board.ts";
export { boardSalaryInsight, regionOf, MIN_SALARY_SAMPLE, type SalaryInsight } from "./salary-insight.ts";
