export type SavedErrorCode = "not-found" | "invalid" | "plan-limit";

/** A request the saved module refuses; the message is a full sentence for the person. */
export class SavedError extends Error {
  readonly code: SavedErrorCode;
  /** Messages beside fields, by field name, for "invalid". */
  readonly fieldErrors: Record<string, string>;
  /** Saved jobs and alerts have caps, not plans: there is nowhere to upgrade. */
  readonly upgradeUrl: string | null = null;
  constructor(code: SavedErrorCode, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "SavedError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const alertNotFound = () => new SavedError("not-found", "That job alert could not be found.");
export const jobNotFound = () => new SavedError("not-found", "That job could not be found.");
