// The applications module's public interface: the apply wizard and submitting, what candidates
// and employers read, the pipeline's moves, the team's notes and ratings, messages with the candidate, the candidate's timeline, resumes and the CSV export.
import { onJobStatusChange, registerApplicationCounter } from "../hiring/index.server.ts";
import { registerAccountData } from "../identity/index.server.ts";
import { applicationCounter } from "./counts.ts";
import { applicationsAccountData } from "./account-data.ts";
import { tellUndecidedApplicants } from "./job-closed.ts";

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
  saveSelfIdentification,
  type ApplyState,
} from "./apply.ts";
export { eeoReport, postedEeo, suppress, EEO_MIN_COUNT, type EeoReport, type EeoCell } from "./eeo.ts";
export {
  EEO_QUESTIONS,
  EEO_OPTIONS,
  EEO_QUESTION_LABELS,
  PROTECTED_VETERAN_CLASSES,
  eeoField,
  type EeoQuestion,
  type EeoOption,
} from "./eeo-vocabulary.ts";
export {
  guestApplyState,
  saveGuestAnswers,
  saveGuestSelfIdentification,
  countGuestResumeUpload,
  attachGuestResume,
  removeGuestResume,
  saveGuestDetails,
  discardGuestDraft,
  newBrowserKey,
  HOLD_DAYS,
  type GuestApplyState,
  type HeldResume,
} from "./held-drafts.ts";
export {
  holdApplication,
  heldLink,
  confirmHeldApplication,
  removeExpiredHeld,
  type HeldLink,
  type ConfirmOutcome,
} from "./held.ts";
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
  checkCompanyWriter,
  checkCandidateWriter,
  companyThread,
  candidateThread,
  postCompanyMessage,
  previewCompanyMessage,
  postCandidateMessage,
  messageSchema,
  MAX_MESSAGE_LENGTH,
  MESSAGE_EMAIL_QUEUE,
  INTERVIEWER_READS_ONLY,
  type MessageView,
  type MessageThread,
  type MessageSide,
} from "./messages.ts";
export { memberApplicationRef, candidateApplicationRef, applicationRefs, type ApplicationRef } from "./refs.ts";
export {
  candidateTimeline,
  registerTimelineSource,
  timelineStamp,
  type CandidateTimeline,
  type TimelineEntry,
  type TimelineKind,
  type TimelineSource,
} from "./timeline.ts";
export {
  listTemplates,
  findTemplate,
  createTemplate,
  updateTemplate,
  deleteTemplate,
  templateForApplication,
  fillForApplication,
  hasPlaceholders,
  fillPlaceholders,
  unknownPlaceholderMessage,
  templateSchema,
  PLACEHOLDERS,
  MAX_TEMPLATE_NAME,
  MAX_TEMPLATE_BODY,
  TEMPLATES_ONLY_FOR_DECIDERS,
  type TemplateView,
} from "./templates.ts";
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
export {
  myScorecard,
  saveScorecard,
  scorecardPicture,
  type MyScorecard,
  type ScorecardInput,
  type ScorecardPicture,
  type ScorecardState,
  type PictureRating,
} from "./scorecards.ts";
export {
  remindScorecard,
  scorecardReminders,
  scorecardReminderEmail,
  SCORECARD_REMINDER_QUEUE,
  type PendingReviewer,
  type ScorecardReminders,
} from "./scorecard-reminders.ts";
export { scorecardColumns, scorecardMeans, type ScorecardMeans, type ScorecardTally } from "./scorecard-summary.ts";
export { meanLabel, ratingSpread, roundMean, type RatingSpread } from "./scorecard-spread.ts";
export {
  SCALE,
  SCALE_LABELS,
  NOT_ASSESSED,
  NOT_ASSESSED_LABEL,
  MAX_TAKEAWAYS,
  scaleLabel,
  type ScalePoint,
} from "./scorecard-scale.ts";
export {
  applicationDecisions,
  decisionWhySchema,
  MAX_DECISION_WHY,
  DECISION_STAGES,
  type DecisionView,
} from "./decisions.ts";
export { applicationStatusesFor } from "./statuses.ts";
export { undecidedToTell } from "./job-closed.ts";
export { hireApplication, lastOpeningFor, type HireResult, type LastOpening } from "./last-opening.ts";
export {
  WAITING_DIGEST_QUEUE,
  isoWeek,
  isWaitingDigestLink,
  sendWaitingDigests,
  unsubscribeWaitingDigest,
} from "./waiting-digest.ts";
export {
  anonymiseDueApplications,
  sendRetentionReminders,
  talentPoolOffer,
  keepInTalentPool,
  talentPoolUrl,
  RETENTION_QUEUE,
  RETENTION_REMINDER_DAYS,
  type TalentPoolOffer,
} from "./retention.ts";
export { onApplicationsAnonymised, type AnonymisedListener } from "./anonymise.ts";
export {
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  MAX_REJECTION_NOTE,
  rejectionSchema,
  pendingRejectionEmail,
  cancelRejectionEmail,
  type RejectionInput,
} from "./rejections.ts";
export { scoreOne, prepareQuestions, GENERATED_QUESTION_COUNT, type ApplicationScoreView } from "./scoring.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireApplications(): void {
  registerApplicationCounter(applicationCounter);
  registerAccountData(applicationsAccountData);
  onJobStatusChange(tellUndecidedApplicants);
}
