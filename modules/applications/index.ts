// The applications module's public interface: the apply wizard and submitting, what candidates
// and employers read, status decisions, resumes and the CSV export.
import "./counts.ts";
import "./account-data.ts";

export { applicationsEntities, APPLICATION_STATUSES, type ApplicationStatus } from "./entities.ts";
export { applicationsQueues } from "./queues.ts";
export { ApplicationError, type ApplicationErrorCode } from "./errors.ts";
export { MAX_ANSWER_LENGTH, checkAnswers } from "./answers.ts";
export {
  applyState,
  saveAnswers,
  attachUploadedResume,
  countResumeUpload,
  chooseResume,
  removeDraftResume,
  discardApplyDraft,
  submitApplication,
  type ApplyState,
} from "./apply.ts";
export { readableResume, MAX_LIBRARY_RESUMES, type UploadedPdf, type ResumeInfo, type Viewer } from "./resumes.ts";
export {
  resumeLibrary,
  addToLibrary,
  renameResume,
  setDefaultResume,
  deleteResume,
  heldDeletedResumes,
  renameResumeSchema,
  MAX_RESUME_NAME,
  type LibraryResume,
  type ResumeLibrary,
  type ResumeUse,
} from "./resume-library.ts";
export { withdrawApplication, mayWithdraw } from "./withdraw.ts";
export { applicationAllowance, type ApplicationAllowance } from "./allowance.ts";
export { saveGeneratedResume } from "./generated-resumes.ts";
export {
  decideApplication,
  decisionsFor,
  DELETED_CANDIDATE,
  jobApplications,
  openApplication,
  STATUS_LABELS,
  APPLICANT_FILTERS,
  APPLICANT_SORTS,
  type ApplicantSummary,
  type ApplicationDetail,
  type AnswerView,
  type StatusChangeView,
} from "./review.ts";
export {
  candidateHistory,
  candidateApplicationForJob,
  countApplicationsSent,
  countApplicationsReceived,
  STATUS_MESSAGES,
  sentApplication,
  type SentApplication,
  type CandidateApplication,
  type CandidateHistory,
} from "./history.ts";
export {
  applicantList,
  applicantNeighbours,
  applicantListView,
  applicantListQuery,
  moveTargets,
  APPLICANT_PAGE_SIZE,
  type ApplicantListView,
  type ApplicantPage,
  type ApplicantRow,
  type ApplicantSort,
} from "./applicant-list.ts";
export { applicationsCsv } from "./csv.ts";
export { applicationStatusesFor } from "./statuses.ts";
export { scoreOne, prepareQuestions, GENERATED_QUESTION_COUNT, type ApplicationScoreView } from "./scoring.ts";
