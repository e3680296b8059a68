// Applications' browser-safe entry: the pipeline's stages, their labels and the candidate's
// messages, and the status type. Nothing here reaches the database; the server's functions are in
// index.server.ts, which the build refuses in browser code.
export { PIPELINE_STAGES, STATUS_LABELS, STATUS_MESSAGES, MOVE_LABELS, canMove, movesFrom } from "./pipeline.ts";
export type { ApplicationStatus } from "./entities.ts";
export {
  SCALE,
  SCALE_LABELS,
  NOT_ASSESSED,
  NOT_ASSESSED_LABEL,
  MAX_TAKEAWAYS,
  scaleLabel,
  type ScalePoint,
} from "./scorecard-scale.ts";
export type { MyScorecard, ScorecardPicture, ScorecardState, PictureRating } from "./scorecards.ts";
export type { DecisionView } from "./decisions.ts";
export { meanLabel, ratingSpread, roundMean, type RatingSpread } from "./scorecard-spread.ts";
export type { PendingReviewer, ScorecardReminders } from "./scorecard-reminders.ts";
export {
  EEO_QUESTIONS,
  EEO_OPTIONS,
  EEO_QUESTION_LABELS,
  PROTECTED_VETERAN_CLASSES,
  eeoField,
  type EeoQuestion,
  type EeoOption,
} from "./eeo-vocabulary.ts";
export type { EeoReport, EeoCell } from "./eeo.ts";
