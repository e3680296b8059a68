// The sentences for a sign-in with a provider that stopped, shared by the start and callback routes.
import { data } from "@remix-run/node";
import { ProviderLinkError, ProviderSignInError, clearFlowCookie } from "#modules/identity/index.server.ts";
import { logger } from "#lib/logger.ts";

const MESSAGES: Record<ProviderSignInError["reason"], (label: string) => string> = {
  expired: () => "This sign-in expired or was started in another browser, so nothing was changed. Start again.",
  cancelled: (label) => `You cancelled signing in with ${label}. Nothing was changed.`,
  refused: (label) => `${label} did not let the sign-in through. Try again, or use your email and password.`,
  unreachable: (label) =>
    `We could not reach ${label} just now. Try again in a few minutes, or use your email and password.`,
  invalid: (label) => `We could not verify the answer from ${label}, so you are not signed in. Start again.`,
};

export type ProviderProblemData = { problem: { title: string; message: string; linking: boolean } };

/**
 * The page's data for a failed step, with the flow cookie cleared; other errors are rethrown.
 * `linking`: the person was connecting a provider from Sign-in methods (the page links back there).
 */
export async function providerProblem(error: unknown, label: string, linking: boolean, requestId?: string) {
  let message: string;
  let status = 400;
  if (error instanceof ProviderSignInError) {
    message = MESSAGES[error.reason](label);
    if (error.reason === "unreachable") status = 502;
    if (error.reason === "unreachable" || error.reason === "invalid" || error.reason === "refused") {
      logger.warn(
        { err: error.cause ?? error, reqId: requestId, reason: error.reason },
        "sign-in with a provider stopped",
      );
    }
  } else if (error instanceof ProviderLinkError) {
    message = error.message;
  } else {
    throw error;
  }
  const title = linking ? `Could not connect ${label}` : `Could not sign in with ${label}`;
  return data<ProviderProblemData>(
    { problem: { title, message, linking } },
    { status, headers: { "Set-Cookie": await clearFlowCookie() } },
  );
}
