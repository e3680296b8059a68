// The applications module's public interface: the apply wizard and submitting, what candidates
// and employers read, status decisions, resumes and the CSV export.
import "./counts.ts";

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
export { readableResume, type UploadedPdf, type ResumeInfo, type Viewer } from "./resumes.ts";
export {
  decideApplication,
  decisionsFor,
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
  type CandidateApplication,
  type CandidateHistory,
} from "./history.ts";
export { applicationsCsv } from "./csv.ts";
export { scoreOne, prepareQuestions, GENERATED_QUESTION_COUNT, type ApplicationScoreView } from "./scoring.ts";
