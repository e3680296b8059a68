// The hiring pipeline: every status an application can have, and the one table of moves a
// company's members may make (decision 050). Pure data and lookups, so pages, emails and the move
// functions (moves.ts) all read the same rules.
//
//   submitted   → reviewed (Mark as under review), shortlisted, interview, rejected
//   reviewed    → shortlisted, interview, rejected
//   shortlisted → interview, rejected
//   interview   → offer, rejected
//   offer       → hired, rejected
//   rejected    → shortlisted (an undo: the candidate is back in the running)
//   hired       → nothing: the end of the pipeline
//   withdrawn   → nothing: only the candidate sets it (withdraw.ts), and nobody moves it back
//   applied_external → nothing: the company's own site handles it
import type { ApplicationStatus } from "./entities.ts";

export const MOVES: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ["reviewed", "shortlisted", "interview", "rejected"],
  reviewed: ["shortlisted", "interview", "rejected"],
  shortlisted: ["interview", "rejected"],
  interview: ["offer", "rejected"],
  offer: ["hired", "rejected"],
  rejected: ["shortlisted"],
  hired: [],
  withdrawn: [],
  applied_external: [],
};

/** The pipeline's stages in order, as filters and counters list them. */
export const PIPELINE_STAGES = [
  "submitted",
  "reviewed",
  "shortlisted",
  "interview",
  "offer",
  "hired",
  "rejected",
  "withdrawn",
] as const satisfies readonly ApplicationStatus[];

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: "Submitted",
  reviewed: "Under Review",
  shortlisted: "Shortlisted",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Not Selected",
  withdrawn: "Withdrawn",
  applied_external: "Applied on company site",
};

// The candidate-facing line for each status (on My Applications; the stages past
// Shortlisted are decision 050's).
export const STATUS_MESSAGES: Record<ApplicationStatus, string> = {
  submitted: "Application submitted successfully",
  reviewed: "Application under review",
  shortlisted: "Congratulations! You've been shortlisted",
  interview: "You're invited to interview",
  offer: "You have an offer",
  hired: "You're hired. Congratulations!",
  rejected: "Not selected for this role",
  withdrawn: "You withdrew this application",
  applied_external: "Applied on company site: the company handles it from there",
};

/** The button that makes each move, as an employer reads it. */
export const MOVE_LABELS: Record<ApplicationStatus, string> = {
  submitted: "Mark as submitted",
  reviewed: "Mark as under review",
  shortlisted: "Shortlist",
  interview: "Move to Interview",
  offer: "Make an offer",
  hired: "Mark as hired",
  rejected: "Reject",
  withdrawn: "Withdraw",
  applied_external: "Applied on company site",
};

/** The changes the candidate hears of by email (unless the employer chose not to, or they turned emails off). */
export const EMAILED_STATUSES = [
  "shortlisted",
  "interview",
  "offer",
  "hired",
  "rejected",
] as const satisfies readonly ApplicationStatus[];
export type EmailedStatus = (typeof EMAILED_STATUSES)[number];

export const isEmailed = (status: ApplicationStatus): status is EmailedStatus =>
  (EMAILED_STATUSES as readonly string[]).includes(status);

/** Whether a member may move an application from `from` to `to`. */
export const canMove = (from: ApplicationStatus, to: ApplicationStatus): boolean => MOVES[from].includes(to);

/** The moves a member makes from `status`, a button each (Mark as under review first: opening an application changes nothing). */
export const movesFrom = (status: ApplicationStatus): ApplicationStatus[] => [...MOVES[status]];

/** Applications still waiting for the company: a job closing tells these candidates. */
export const isOpen = (status: ApplicationStatus): boolean => MOVES[status].length > 0 && status !== "rejected";

/** Why a move is refused, as a sentence for the member. */
export function refusedMoveMessage(from: ApplicationStatus, to: ApplicationStatus): string {
  if (from === "withdrawn") return "The candidate withdrew this application, so it can no longer be moved.";
  if (from === "hired") return "This candidate is hired: the application can no longer be moved.";
  return `An application that is ${STATUS_LABELS[from]} can't be moved to ${STATUS_LABELS[to]}.`;
}
