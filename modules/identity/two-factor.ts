// Two-factor sign-in on the account: set up (a sealed secret pending until its first code
// confirms it), ten recovery codes shown once, regenerate them, turn it off. The sign-in's second
// step is in two-factor-sign-in.ts. Decision 036. Each change but the code that finishes setting
// up asks again who you are first (step-up.ts).
import type { EntityManager } from "@mikro-orm/postgresql";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { AccountError } from "./accounts.ts";
import { AuditEntry, PendingSignIn, RecoveryCode, TwoFactor, User } from "./entities.ts";
import { confirmIdentity, type Confirmation } from "./step-up.ts";
import { queueSecurityNotice } from "./security-notices.ts";
import {
  checkCode,
  enrolment,
  groupedSecret,
  newRecoveryCodes,
  newSecret,
  normalizeCode,
  open,
  recoveryCodeHash,
  seal,
} from "./totp.ts";

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** A secret is waiting for its first code (setup started, not finished). */
  settingUp: boolean;
  recoveryCodesLeft: number;
}

/** At most this many wrong codes on the account page per account in CHECK_WINDOW_MINUTES. */
export const MAX_WRONG_CODES = 5;
export const CHECK_WINDOW_MINUTES = 15;

export const ENTER_CODE = "Enter the 6-digit code from your authenticator app.";
export const WRONG_CODE = "That code is not right. Check the time on your phone and enter the newest code.";
export const USED_CODE = "That code was already used. Wait for the next code in your app.";

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const row = await em().findOne(TwoFactor, { userId });
  const enabled = Boolean(row?.enabledAt && row.secret);
  return {
    enabled,
    enabledAt: enabled ? row!.enabledAt!.toISOString() : null,
    settingUp: !enabled && Boolean(row?.pendingSecret),
    recoveryCodesLeft: enabled ? await em().count(RecoveryCode, { user: userId }) : 0,
  };
}

/** Whether signing in to the account needs a second step. */
export async function twoFactorEnabled(userId: string): Promise<boolean> {
  return (await em().count(TwoFactor, { userId, enabledAt: { $ne: null }, secret: { $ne: null } })) > 0;
}

/**
 * Starts (or starts again) setting up, once the person confirmed who they are (the secret shown
 * next is what a thief would enrol): a new secret, sealed, kept until a code confirms it.
 */
export async function startTwoFactorSetup(userId: string, proof: Confirmation): Promise<void> {
  const manager = em();
  if (await twoFactorEnabled(userId)) throw new AccountError(null, "Two-factor sign-in is already on.");
  await confirmIdentity(userId, proof);
  const pendingSecret = seal(newSecret(), userId);
  const row = await manager.findOne(TwoFactor, { userId });
  if (row?.enabledAt) throw new AccountError(null, "Two-factor sign-in is already on.");
  if (row) row.pendingSecret = pendingSecret;
  else
    manager.create(TwoFactor, {
      userId,
      pendingSecret,
      secret: null,
      lastStep: null,
      enabledAt: null,
      checkFailures: 0,
      checkFailuresSince: null,
    });
  await manager.flush();
}

/** What the setup page shows: the QR code and the key for typing in; null when no setup is under way. */
export async function twoFactorSetup(userId: string): Promise<{ qrSvg: string; key: string } | null> {
  const row = await em().findOne(TwoFactor, { userId });
  if (!row?.pendingSecret || row.enabledAt) return null;
  const user = await em().findOneOrFail(User, { id: userId });
  const secret = open(row.pendingSecret, userId);
  const { svg } = await enrolment(secret, user.email);
  return { qrSvg: svg, key: groupedSecret(secret) };
}

export async function cancelTwoFactorSetup(userId: string): Promise<void> {
  await em().nativeUpdate(TwoFactor, { userId, enabledAt: null }, { pendingSecret: null });
}

/**
 * Turns two-factor on when `input` is a right code for the secret being set up; returns the ten
 * recovery codes, which are shown once and stored only as SHA-256. The security notice is queued
 * in the same transaction.
 */
export async function confirmTwoFactorSetup(userId: string, input: unknown): Promise<string[]> {
  const code = normalizeCode(input);
  if (!code) throw new AccountError("code", ENTER_CODE);
  const row = await em().findOne(TwoFactor, { userId });
  if (row?.enabledAt) throw new AccountError(null, "Two-factor sign-in is already on.");
  if (!row?.pendingSecret)
    throw new AccountError(null, "Start setting up again: the code was for a key that is no longer waiting.");
  const sealed = row.pendingSecret;
  const step = await checkCode(open(sealed, userId), code, null);
  if (step === null) throw new AccountError("code", WRONG_CODE);
  const codes = newRecoveryCodes();
  await transaction(async (tx) => {
    // Only the secret that was checked turns on, once, even with two confirmations at once.
    const rows = await tx.execute<{ user_id: string }[]>(
      `update "two_factor" set "secret" = "pending_secret", "pending_secret" = null, "enabled_at" = ?, "last_step" = ?, "check_failures" = 0
        where "user_id" = ? and "pending_secret" = ? and "enabled_at" is null returning "user_id"`,
      [now(), step, userId, sealed],
    );
    if (!rows.length) throw new AccountError(null, "Two-factor sign-in is already on.");
    await replaceRecoveryCodes(tx, userId, codes);
    await notify(tx, userId, "two-factor-enabled");
  });
  return codes;
}

/** Turns two-factor off: needs the password (or a provider sign-in in this session) and a current code. */
export async function disableTwoFactor(userId: string, proof: Confirmation): Promise<void> {
  await enabledRow(userId);
  await confirmIdentity(userId, proof);
  await transaction(async (tx) => {
    await tx.nativeDelete(RecoveryCode, { user: userId });
    await tx.nativeDelete(TwoFactor, { userId });
    await notify(tx, userId, "two-factor-disabled");
  });
}

/** New recovery codes for old ones (all of which stop working); needs the password (or a provider sign-in) and a current code. */
export async function regenerateRecoveryCodes(userId: string, proof: Confirmation): Promise<string[]> {
  await enabledRow(userId);
  await confirmIdentity(userId, proof);
  const codes = newRecoveryCodes();
  await transaction((tx) => replaceRecoveryCodes(tx, userId, codes));
  return codes;
}

/**
 * Turns two-factor off for an account by its email, for an administrator (the CLI) when someone
 * lost both the phone and the recovery codes. Returns whether it was on; the person is told.
 */
export async function resetTwoFactor(email: string): Promise<boolean> {
  return transaction(async (tx) => {
    const user = await tx.findOne(User, { email: email.trim().toLowerCase() });
    if (!user) throw new AccountError("email", `No account with email ${email}`);
    const wasOn = Boolean((await tx.findOne(TwoFactor, { userId: user.id }))?.enabledAt);
    await tx.nativeDelete(RecoveryCode, { user: user.id });
    await tx.nativeDelete(PendingSignIn, { user: user.id });
    await tx.nativeDelete(TwoFactor, { userId: user.id });
    if (wasOn) {
      tx.create(AuditEntry, { userId: user.id, action: "account.two-factor-reset", detail: null });
      await tx.flush();
      await notify(tx, user.id, "two-factor-disabled");
    }
    return wasOn;
  });
}

/**
 * Uses a time step up for the account: true when no code of this or a later step was used
 * before. One conditional UPDATE, so of two requests with the same code exactly one wins.
 */
export async function claimStep(manager: EntityManager, userId: string, step: number): Promise<boolean> {
  const rows = await manager.execute<{ user_id: string }[]>(
    `update "two_factor" set "last_step" = ? where "user_id" = ? and "enabled_at" is not null and ("last_step" is null or "last_step" < ?) returning "user_id"`,
    [step, userId, step],
  );
  return rows.length > 0;
}

/**
 * The time step of `code` for the account's secret, "used" when it is the code of the last step
 * used (a replay or a second submission: not a guess, so not counted as wrong), or null.
 */
export async function stepOf(row: TwoFactor & { secret: string }, code: string): Promise<number | "used" | null> {
  const secret = open(row.secret, row.userId);
  const lastStep = row.lastStep ?? null;
  const step = await checkCode(secret, code, lastStep);
  if (step !== null || lastStep === null) return step;
  return (await checkCode(secret, code, lastStep - 1)) === lastStep ? "used" : null;
}

async function enabledRow(userId: string): Promise<TwoFactor & { secret: string }> {
  const row = await em().findOne(TwoFactor, { userId });
  if (!row?.enabledAt || !row.secret) throw new AccountError(null, "Two-factor sign-in is not on.");
  return row as TwoFactor & { secret: string };
}

/**
 * The time step of a code typed on the account page, or AccountError("code"). Called outside any
 * transaction so that a wrong code stays counted; at most MAX_WRONG_CODES in a window.
 */
export async function codeStep(row: TwoFactor & { secret: string }, input: unknown): Promise<number> {
  const windowStart = new Date(now().getTime() - CHECK_WINDOW_MINUTES * 60_000);
  const counting = row.checkFailuresSince && row.checkFailuresSince > windowStart;
  if (counting && row.checkFailures >= MAX_WRONG_CODES) {
    const minutes = Math.max(1, Math.ceil((row.checkFailuresSince!.getTime() - windowStart.getTime()) / 60_000));
    throw new AccountError(
      "code",
      `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    );
  }
  const code = normalizeCode(input);
  if (!code) throw new AccountError("code", ENTER_CODE);
  const step = await stepOf(row, code);
  if (step === "used") throw new AccountError("code", USED_CODE);
  if (step === null) {
    await em().execute(
      `update "two_factor" set "check_failures" = case when "check_failures_since" > ? then "check_failures" + 1 else 1 end,
        "check_failures_since" = case when "check_failures_since" > ? then "check_failures_since" else ? end where "user_id" = ?`,
      [windowStart, windowStart, now(), row.userId],
    );
    throw new AccountError("code", WRONG_CODE);
  }
  return step;
}

async function replaceRecoveryCodes(tx: EntityManager, userId: string, codes: string[]): Promise<void> {
  await tx.nativeDelete(RecoveryCode, { user: userId });
  const createdAt = now();
  for (const code of codes) tx.create(RecoveryCode, { user: userId, codeHash: recoveryCodeHash(code), createdAt });
  await tx.flush();
}

async function notify(
  tx: EntityManager,
  userId: string,
  kind: "two-factor-enabled" | "two-factor-disabled",
): Promise<void> {
  const user = await tx.findOneOrFail(User, { id: userId });
  await queueSecurityNotice({ kind, to: user.email, name: user.fullName ?? null });
}
