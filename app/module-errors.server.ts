// The one place where a module's refusal becomes an HTTP answer. Modules throw HiringError or
// ApplicationError with a code and a sentence for the person; routes decide only how the answer
// looks (a page, a form with the message), never which status it has.
import { data } from "@remix-run/node";
import { HiringError } from "#modules/hiring/index.server.ts";
import { ApplicationError } from "#modules/applications/index.server.ts";
import { ProfileError } from "#modules/profiles/index.server.ts";
import { SavedError } from "#modules/saved/index.server.ts";
import { InterviewError } from "#modules/interviews/index.server.ts";

export type ModuleError = HiringError | ApplicationError | ProfileError | SavedError | InterviewError;

const STATUS: Record<ModuleError["code"], number> = {
  "not-found": 404,
  invalid: 400,
  "plan-limit": 403,
  "email-unverified": 403,
  forbidden: 403,
  "invalid-transition": 409,
  "questions-locked": 409,
};

export function isModuleError(error: unknown): error is ModuleError {
  return (
    error instanceof HiringError ||
    error instanceof ApplicationError ||
    error instanceof ProfileError ||
    error instanceof SavedError ||
    error instanceof InterviewError
  );
}

/** Someone else's thing and a missing one read the same: "not found". */
export const isNotFound = (error: unknown): boolean => isModuleError(error) && error.code === "not-found";

export const moduleErrorStatus = (error: ModuleError): number => STATUS[error.code];

/** `E` is the module's error class where the route calls one module (its field errors differ). */
export interface ModuleErrorAnswer<T, E extends ModuleError = ModuleError> {
  /** The 404 page's message where the route words it its own way (default: the module's sentence). */
  notFound?: string;
  /** The answer to any other refusal, given its status (default: an error page with the module's sentence). */
  refused?: (error: E, status: number) => T;
}

/**
 * Answers a module's refusal: "not found" is thrown as the 404 page, anything else goes to
 * `refused` with its status. Anything that is not a module's refusal is thrown on unchanged, so
 * it reaches handleError (logged with the request id) and the error page.
 */
export function respondToModuleError<T = never, E extends ModuleError = ModuleError>(
  error: unknown,
  answer: ModuleErrorAnswer<T, E> = {},
): T {
  if (!isModuleError(error)) throw error;
  const status = moduleErrorStatus(error);
  if (error.code === "not-found") throw data({ message: answer.notFound ?? error.message }, { status });
  if (answer.refused) return answer.refused(error as E, status);
  throw data({ message: error.message }, { status });
}

/** Runs `work`, answering a module's refusal as respondToModuleError does. */
export async function withModuleErrors<T, R = never, E extends ModuleError = ModuleError>(
  work: () => Promise<T>,
  answer: ModuleErrorAnswer<R, E> = {},
): Promise<T | R> {
  try {
    return await work();
  } catch (error) {
    return respondToModuleError(error, answer);
  }
}
