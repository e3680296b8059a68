// The second step of signing in to an account with two-factor on. Every sign-in path ends in
// guards.ts#signInResponse; for such an account it starts no session but a pending sign-in: a
// random token in its own httpOnly cookie, its SHA-256 in `pending_sign_ins` with where to go
// after and the session's details, for 10 minutes. /auth/two-factor then takes a code from the
// authenticator app or a recovery code; the right one deletes the pending sign-in and starts the
// session in one transaction. Five wrong codes drop the pending sign-in; the account's wrong codes
// across all its pending sign-ins are limited too (second-step-limits.ts), and an account holds
// at most MAX_PENDING_SIGN_INS at once (a new one drops the oldest). Decision 036.
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import type { EntityManager } from "@mikro-orm/postgresql";
import { config } from "../../lib/config.ts";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { PendingSignIn, RecoveryCode, TwoFactor } from "./entities.ts";
import { startSession } from "./sessions.ts";
import { normalizeCode, normalizeRecoveryCode, recoveryCodeHash } from "./totp.ts";
import { claimStep, ENTER_CODE, stepOf, USED_CODE, WRONG_CODE } from "./two-factor.ts";
import { admitCode, codeNotCounted, codeSucceeded, codeWasWrong, TooManyCodes } from "./second-step-limits.ts";

export const PENDING_SIGN_IN_MINUTES = 10;
export const MAX_WRONG_SECOND_STEPS = 5;
/** Pending sign-ins one account may hold at once; a new one drops the oldest. */
export const MAX_PENDING_SIGN_INS = 5;
export const SECOND_STEP_PATH = "/auth/two-factor";

const pendingCookie = createCookie("__two_factor", {
  httpOnly: true,
  sameSite: "lax",
  // Not SECOND_STEP_PATH: with JavaScript the page's data comes from /auth/two-factor.data.
  path: "/auth",
  secure: config().cookieSecure,
  maxAge: PENDING_SIGN_IN_MINUTES * 60,
});

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

type Meta = { ip?: string; userAgent?: string | null };

/** Starts the second step for the account: a pending sign-in and a redirect to /auth/two-factor. */
export async function secondStepResponse(userId: string, to: string, meta: Meta): Promise<Response> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = now();
  const manager = em();
  manager.create(PendingSignIn, {
    id: digest(token),
    user: userId,
    redirectTo: to.slice(0, 2000),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    failures: 0,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + PENDING_SIGN_IN_MINUTES * 60_000),
  });
  await manager.flush();
  // Dropping the oldest (not refusing the newest): someone with the password cannot keep the
  // owner from signing in by holding pending sign-ins open.
  await manager.execute(
    `delete from "pending_sign_ins" where "user_id" = ? and "id" not in
      (select "id" from "pending_sign_ins" where "user_id" = ? order by "created_at" desc, "id" desc limit ?)`,
    [userId, userId, MAX_PENDING_SIGN_INS],
  );
  return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": await pendingCookie.serialize(token) } });
}

/** The Set-Cookie value that forgets the pending sign-in on this browser. */
export const clearSecondStepCookie = (): Promise<string> => pendingCookie.serialize("", { maxAge: 0 });

async function pendingToken(request: Request): Promise<string | null> {
  const value = await pendingCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_SHAPE.test(value) ? value : null;
}

/**
 * This browser's pending sign-in, or null when there is none, it expired, or its cookie was
 * carried to another browser (the user agent differs from the one that signed in).
 */
async function pendingFor(request: Request): Promise<PendingSignIn | null> {
  const token = await pendingToken(request);
  if (!token) return null;
  const pending = await em().findOne(
    PendingSignIn,
    { id: digest(token), expiresAt: { $gt: now() } },
    { populate: ["user"] },
  );
  if (!pending || (pending.userAgent ?? "") !== (request.headers.get("User-Agent") ?? "").slice(0, 300)) return null;
  return pending;
}

/** Whether this browser is between the password and the code. */
export async function hasPendingSignIn(request: Request): Promise<boolean> {
  return (await pendingFor(request)) !== null;
}

export type SecondStepAnswer =
  | { outcome: "signed-in"; sessionToken: string; to: string; recoveryCodesLeft: number | null }
  /** Start again from /auth: the pending sign-in is gone (expired, another browser, too many wrong codes, used). */
  | { outcome: "restart"; reason: "expired" | "too-many" }
  | { outcome: "refused"; message: string; wrongCodesLeft: number | null }
  /** The account took too many wrong codes lately: no code is checked until then (429). */
  | { outcome: "locked"; message: string; retryAfterSeconds: number };

/**
 * Answers the second step with `input`: a code from the authenticator app, or (method
 * "recovery") a recovery code, which is then used up for good. `ip`: the client address, where
 * a wrong code counts as a failed sign-in.
 */
export async function answerSecondStep(
  request: Request,
  method: "code" | "recovery",
  input: unknown,
  ip: string,
): Promise<SecondStepAnswer> {
  const pending = await pendingFor(request);
  if (!pending) return { outcome: "restart", reason: "expired" };
  const userId = pending.user.id;
  const email = pending.user.email;
  // Counted before it is checked, so parallel guesses cannot outrun the limit.
  const admit = async () => {
    try {
      return await admitCode(email, ip);
    } catch (error) {
      if (error instanceof TooManyCodes)
        return { outcome: "locked" as const, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
  };

  if (method === "recovery") {
    const code = normalizeRecoveryCode(input);
    if (!code)
      return {
        outcome: "refused",
        message: "Enter one of your recovery codes, like abcde-23456.",
        wrongCodesLeft: null,
      };
    const attempt = await admit();
    if (typeof attempt !== "number") return attempt;
    const signedIn = await finish(pending, attempt, async (tx) => {
      const used = await tx.execute<{ id: number }[]>(
        `delete from "two_factor_recovery_codes" where "user_id" = ? and "code_hash" = ? returning "id"`,
        [userId, recoveryCodeHash(code)],
      );
      return used.length > 0;
    });
    if (signedIn === "wrong") return wrongAnswer(pending, "That recovery code is not right, or it was already used.");
    if (signedIn === "gone") return (await codeNotCounted(attempt), { outcome: "restart", reason: "expired" });
    return { ...signedIn, recoveryCodesLeft: await em().count(RecoveryCode, { user: userId }) };
  }

  const code = normalizeCode(input);
  if (!code) return { outcome: "refused", message: ENTER_CODE, wrongCodesLeft: null };
  const row = await em().findOne(TwoFactor, { userId });
  // Two-factor was turned off meanwhile: start again, and the password alone signs in.
  if (!row?.secret || !row.enabledAt) return { outcome: "restart", reason: "expired" };
  const attempt = await admit();
  if (typeof attempt !== "number") return attempt;
  const step = await stepOf(row as TwoFactor & { secret: string }, code);
  if (step === "used")
    return (await codeNotCounted(attempt), { outcome: "refused", message: USED_CODE, wrongCodesLeft: null });
  if (step === null) return wrongAnswer(pending, WRONG_CODE);
  const signedIn = await finish(pending, attempt, (tx) => claimStep(tx, userId, step));
  if (signedIn === "wrong")
    return (await codeNotCounted(attempt), { outcome: "refused", message: USED_CODE, wrongCodesLeft: null });
  if (signedIn === "gone") return (await codeNotCounted(attempt), { outcome: "restart", reason: "expired" });
  return { ...signedIn, recoveryCodesLeft: null };
}

/**
 * In one transaction: takes the pending sign-in (of two requests at once, one gets it), runs
 * `proven` (uses the code up) and starts the session. A false `proven` rolls it all back.
 */
async function finish(
  pending: PendingSignIn,
  attempt: number,
  proven: (tx: EntityManager) => Promise<boolean>,
): Promise<{ outcome: "signed-in"; sessionToken: string; to: string } | "wrong" | "gone"> {
  class Wrong extends Error {}
  try {
    return await transaction(async (tx) => {
      const taken = await tx.execute<{ id: string }[]>(
        `delete from "pending_sign_ins" where "id" = ? and "expires_at" > ? returning "id"`,
        [pending.id, now()],
      );
      if (!taken.length) return "gone" as const;
      if (!(await proven(tx))) throw new Wrong();
      await codeSucceeded(attempt, tx);
      const { token } = await startSession(pending.user.id, {
        ip: pending.ip ?? undefined,
        userAgent: pending.userAgent,
      });
      return { outcome: "signed-in" as const, sessionToken: token, to: pending.redirectTo };
    });
  } catch (error) {
    if (error instanceof Wrong) return "wrong";
    throw error;
  }
}

/** Counts a wrong code; the last allowed one drops the pending sign-in. */
async function wrongAnswer(pending: PendingSignIn, message: string): Promise<SecondStepAnswer> {
  await codeWasWrong(pending.user.id, pending.user.email);
  const rows = await em().execute<{ failures: number }[]>(
    `update "pending_sign_ins" set "failures" = "failures" + 1 where "id" = ? returning "failures"`,
    [pending.id],
  );
  const failures = rows[0]?.failures;
  if (failures === undefined) return { outcome: "restart", reason: "expired" };
  if (failures >= MAX_WRONG_SECOND_STEPS) {
    await em().nativeDelete(PendingSignIn, { id: pending.id });
    return { outcome: "restart", reason: "too-many" };
  }
  return { outcome: "refused", message, wrongCodesLeft: MAX_WRONG_SECOND_STEPS - failures };
}

/** Removes expired pending sign-ins; returns how many (hourly housekeeping). */
export async function purgeExpiredPendingSignIns(): Promise<number> {
  return em().nativeDelete(PendingSignIn, { expiresAt: { $lte: now() } });
}
