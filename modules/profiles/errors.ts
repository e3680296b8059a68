import type { FieldErrors } from "./schemas.ts";

export type ProfileErrorCode = "not-found" | "invalid";

/** A profile edit the module refuses. The message is a full sentence for the person. */
export class ProfileError extends Error {
  readonly code: ProfileErrorCode;
  /** Messages beside the form's fields, for "invalid". */
  readonly fieldErrors: FieldErrors;
  /** Profiles have no plan limits (the other modules' errors carry where to upgrade). */
  readonly upgradeUrl: string | null = null;
  constructor(code: ProfileErrorCode, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = "ProfileError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** An entry that is not in the candidate's own profile (gone, or someone else's): not found. */
export const entryNotFound = () =>
  new ProfileError("not-found", "That entry is not in your profile. It may have been removed already.");
