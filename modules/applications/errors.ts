/** "forbidden": the person may read it but their role may not do this (an interviewer writing a message). */
export type ApplicationErrorCode =
  "not-found" | "invalid" | "plan-limit" | "invalid-transition" | "email-unverified" | "forbidden";

/** A request the applications module refuses. The message is a full sentence for the person. */
export class ApplicationError extends Error {
  readonly code: ApplicationErrorCode;
  /** Messages beside answers, by question id, for "invalid". */
  readonly fieldErrors: Record<string, string>;
  /** Where to upgrade, for "plan-limit". */
  readonly upgradeUrl: string | null;
  constructor(
    code: ApplicationErrorCode,
    message: string,
    extra: { fieldErrors?: Record<string, string>; upgradeUrl?: string } = {},
  ) {
    super(message);
    this.name = "ApplicationError";
    this.code = code;
    this.fieldErrors = extra.fieldErrors ?? {};
    this.upgradeUrl = extra.upgradeUrl ?? null;
  }
}

/** Someone else's application and a missing one answer the same way. */
export const applicationNotFound = () =>
  new ApplicationError("not-found", "The application you're looking for could not be found.");

/** A job that is gone, closed or never existed. */
export const applyJobNotFound = () =>
  new ApplicationError("not-found", "The job you're trying to apply for could not be found.");
