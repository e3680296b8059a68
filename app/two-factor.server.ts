// What the two-factor routes share: where the account page is, and the way back to sign in when a
// pending sign-in is gone (with the message /auth shows for it).
import { clearSecondStepCookie } from "#modules/identity/index.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";

export const TWO_FACTOR_PATH = "/account/two-factor";

const RESTART_REASONS = {
  expired: "Your sign-in timed out, or it was started in another browser. Sign in again.",
  "too-many": "Too many wrong codes. Sign in again to get new tries.",
};

/** Back to /auth, forgetting this browser's pending sign-in; /auth says why as an error. */
export async function restartSignIn(reason: keyof typeof RESTART_REASONS): Promise<Response> {
  return redirectWithNotice(
    "/auth?mode=signin",
    { kind: "error", text: RESTART_REASONS[reason] },
    { headers: { "Set-Cookie": await clearSecondStepCookie() } },
  );
}
