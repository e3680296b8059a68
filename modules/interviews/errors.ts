/** "invalid-transition": the interview changed since the page was read (a time taken, a booking made): pick again. */
export type InterviewErrorCode = "not-found" | "invalid" | "forbidden" | "invalid-transition";

/** A request the interviews module refuses. The message is a full sentence for the person. */
export class InterviewError extends Error {
  readonly code: InterviewErrorCode;
  /** Messages beside fields, by field name, for "invalid". */
  readonly fieldErrors: Record<string, string>;
  /** Interviews have no plan limit; the field is here because every module's error has it. */
  readonly upgradeUrl: string | null = null;
  constructor(code: InterviewErrorCode, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "InterviewError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const interviewNotFound = () =>
  new InterviewError("not-found", "The interview you're looking for could not be found.");
