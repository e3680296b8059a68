import type { FieldErrors } from "./schemas.ts";

export type HiringErrorCode =
  "not-found" | "invalid" | "invalid-transition" | "plan-limit" | "questions-locked" | "email-unverified";

/** A request the hiring module refuses. The message is a full sentence for the person. */
export class HiringError extends Error {
  readonly code: HiringErrorCode;
  /** Messages beside form fields, for "invalid". */
  readonly fieldErrors: FieldErrors;
  /** Where to upgrade, for "plan-limit". */
  readonly upgradeUrl: string | null;
  constructor(code: HiringErrorCode, message: string, extra: { fieldErrors?: FieldErrors; upgradeUrl?: string } = {}) {
    super(message);
    this.name = "HiringError";
    this.code = code;
    this.fieldErrors = extra.fieldErrors ?? {};
    this.upgradeUrl = extra.upgradeUrl ?? null;
  }
}

/** Someone else's job and a missing job answer the same way. */
export const jobNotFound = () => new HiringError("not-found", "The job you're looking for could not be found.");
