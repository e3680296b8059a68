// What the two-factor routes share: where the account page is, and the way back to sign in when a
// pending sign-in is gone (with the message /auth shows for it).
import { redirect } from "@remix-run/node";
import { clearSecondStepCookie } from "#modules/identity/index.server.ts";

export const TWO_FACTOR_PATH = "/account/two-factor";

const NOTICES: Record<string, string> = {
  "two-factor-expired": "Your sign-in timed out, or it was started in another browser. Sign in again.",
  "two-factor-too-many": "Too many wrong codes. Sign in again to get new tries.",
};

/** Back to /auth, forgetting this browser's pending sign-in. */
export async function restartSignIn(reason: "expired" | "too-many"): Promise<Response> {
  return redirect(`/auth?mode=signin&notice=two-factor-${reason}`, {
    headers: { "Set-Cookie": await clearSecondStepCookie() },
  });
}

/** The message for /auth?notice=…, or null. */
export const signInNotice = (url: URL): string | null => NOTICES[url.searchParams.get("notice") ?? ""] ?? null;
