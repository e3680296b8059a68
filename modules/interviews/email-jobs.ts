// The interview emails' queued work: what changed and at which version or sequence, so a job that
// runs after a later change sends nothing (the later change queued its own).
export const INTERVIEW_EMAIL_QUEUE = "interviews.email";
export const INTERVIEW_REMINDERS_QUEUE = "interviews.reminders";

export type InterviewEmailJob =
  /** Times offered (or offered anew) to the candidate. */
  | { interviewId: string; kind: "offer"; version: number }
  /** The times offered were withdrawn before any was booked. */
  | { interviewId: string; kind: "withdrawn"; version: number }
  /** Booked or moved: an invitation (METHOD:REQUEST) to the candidate and each interviewer. */
  | { interviewId: string; kind: "invite"; sequence: number }
  /** A booked interview cancelled (METHOD:CANCEL) by either side. */
  | { interviewId: string; kind: "cancel"; sequence: number };
