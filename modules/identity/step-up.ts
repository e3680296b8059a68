// Sensitive changes ask again who you are: turning two-factor on or off, new recovery codes, a new
// email address, linking or unlinking a provider, deleting the account. A stolen session alone
// must not do them. The proof is the current password (counted as a sign-in attempt, with sign-in's
// limits), or, for an account without one, a provider sign-in completed in THIS session in the last
// CONFIRM_MINUTES; plus a current authenticator code when two-factor is on.
import { createHash } from "node:crypto";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { AccountError, admitAttempt } from "./accounts.ts";
import { IdentityLink, Session, TwoFactor, User } from "./entities.ts";
import { verifyPassword } from "./passwords.ts";
import { passwordConfirmed } from "./settings.ts";
import { codeStep, claimStep, USED_CODE } from "./two-factor.ts";

/** How recent a provider sign-in in this session must be to stand in for the password. */
export const CONFIRM_MINUTES = 10;

export const ENTER_PASSWORD = "Enter your password.";
export const WRONG_PASSWORD_HERE = "That password is not right.";
export const CONFIRM_WITH_PROVIDER = `Your account has no password: confirm it's you with your identity provider first, then try again within ${CONFIRM_MINUTES} minutes.`;

/** What the person gives with a sensitive change, and where the request comes from. */
export interface Confirmation {
  password?: unknown;
  code?: unknown;
  /** This browser's session token: a provider sign-in counts only when made in it. */
  sessionToken: string | null;
  /** The client address, for the sign-in limits. */
  ip: string;
}

/** What the form asks for (the shared "confirm it's you" part of each sensitive form). */
export interface IdentityCheck {
  method: "password" | "provider";
  /** A code from the authenticator app is asked too. */
  twoFactor: boolean;
  /** For "provider": confirmed in this session recently enough. */
  confirmed: boolean;
  /** For "provider": the connected providers to confirm with. */
  providers: string[];
}

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function identityCheck(userId: string, sessionToken: string | null): Promise<IdentityCheck> {
  const user = await em().findOneOrFail(User, { id: userId }, { fields: ["passwordHash"] });
  const twoFactor = (await em().count(TwoFactor, { userId, enabledAt: { $ne: null }, secret: { $ne: null } })) > 0;
  if (user.passwordHash) return { method: "password", twoFactor, confirmed: false, providers: [] };
  const links = await em().find(IdentityLink, { user: userId }, { orderBy: { createdAt: "asc" } });
  return {
    method: "provider",
    twoFactor,
    confirmed: await providerConfirmed(userId, sessionToken),
    providers: links.map((l) => l.provider),
  };
}

/** Whether this session completed a provider sign-in for the account in the last CONFIRM_MINUTES. */
export async function providerConfirmed(userId: string, sessionToken: string | null): Promise<boolean> {
  if (!sessionToken || sessionToken.length > 100) return false;
  const since = new Date(now().getTime() - CONFIRM_MINUTES * 60_000);
  return (
    (await em().count(Session, {
      id: digest(sessionToken),
      user: userId,
      expiresAt: { $gt: now() },
      providerConfirmedAt: { $gte: since },
    })) > 0
  );
}

/** Records a provider sign-in completed in the session `sessionId` (its stored digest) for the account. */
export async function markProviderConfirmed(userId: string, sessionId: string): Promise<boolean> {
  return (await em().nativeUpdate(Session, { id: sessionId, user: userId }, { providerConfirmedAt: now() })) > 0;
}

/**
 * Throws AccountError beside the field that failed (`passwordField`, or "code"), or TooManySignIns
 * past sign-in's limits; nothing else happens on a refusal. The password is checked first and
 * counted as a sign-in attempt for the account's email and the client address before it is
 * verified; the code only after a right password (so a wrong one says nothing about the code), and
 * it is used up. Call it before the change's transaction, so a failure stays counted.
 */
export async function confirmIdentity(userId: string, proof: Confirmation, passwordField = "password"): Promise<void> {
  const user = await em().findOne(User, { id: userId });
  if (!user) throw new AccountError(null, "There is no such account.");
  const hash = user.passwordHash as string | null;
  if (hash) {
    const password = typeof proof.password === "string" ? proof.password.slice(0, 128) : "";
    if (!password) throw new AccountError(passwordField, ENTER_PASSWORD);
    const attemptId = await admitAttempt(user.email, proof.ip);
    if (!(await verifyPassword(hash, password))) throw new AccountError(passwordField, WRONG_PASSWORD_HERE);
    await passwordConfirmed(attemptId, user.email);
  } else if (!(await providerConfirmed(userId, proof.sessionToken))) {
    throw new AccountError(passwordField, CONFIRM_WITH_PROVIDER);
  }
  const row = await em().findOne(TwoFactor, { userId });
  if (!row?.enabledAt || !row.secret) return;
  const step = await codeStep(row as TwoFactor & { secret: string }, proof.code);
  if (!(await claimStep(em(), userId, step))) throw new AccountError("code", USED_CODE);
}
