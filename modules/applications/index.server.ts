// The applications module's public interface: the apply wizard and submitting, what candidates
// and employers read, the pipeline's moves, the team's notes and ratings, resumes and the CSV export.
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
export { MOVES, PIPELINE_STAGES, MOVE_LABELS, EMAILED_STATUSES, canMove, movesFrom, isEmailed } from "./pipeline.ts";
export {
  moveApplication,
  moveApplications,
  applicantsToMove,
  decideApplication,
  moveMessageSchema,
  MAX_BULK_MOVE,
  MAX_MOVE_MESSAGE,
  type MoveOptions,
  type BulkMoveResult,
  type ApplicantToMove,
} from "./moves.ts";
export {
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
export {
  checkReviewer,
  addNote,
  editNote,
  deleteNote,
  applicationNotes,
  ownNote,
  noteSchema,
  MAX_NOTE_LENGTH,
  FORMER_MEMBER,
  type NoteView,
} from "./notes.ts";
export {
  rateApplication,
  applicationRatings,
  averageRatings,
  averageLabel,
  starsLabel,
  ratingSchema,
  MAX_RATING_REASON,
  type RatingInput,
  type RatingView,
  type RatingsSummary,
} from "./ratings.ts";
export { applicationStatusesFor } from "./statuses.ts";
export { scoreOne, prepareQuestions, GENERATED_QUESTION_COUNT, type ApplicationScoreView } from "./scoring.ts";
