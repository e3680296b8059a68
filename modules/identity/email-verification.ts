// Email verification: sign-up sends a link (from the account-created job), the link's POST marks
// the address confirmed, and until then publishing a job and sending an application are refused
// (REQUIRE_EMAIL_VERIFICATION, default on). Hiring and applications ask `checkEmailVerified`
// where they check plan limits, and word the refusal as their own error.
import { randomUUID } from "node:crypto";
import { config } from "../../lib/config.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { sendMailOnce, type SendAttempt } from "../../lib/mail.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { AccountError, toAccount, type Account } from "./accounts.ts";
import { AuditEntry, User } from "./entities.ts";
import { verificationEmail } from "./link-emails.ts";
import { consumeAccountToken, issueAccountToken, peekAccountToken, revokeAccountTokens } from "./tokens.ts";
import { safeRedirect } from "./local-paths.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../locales/index.ts";

export const VERIFY_LINK_HOURS = 24;
// Whatever happens (retries, resends), an account gets at most this many links an hour.
const VERIFY_LINKS_PER_HOUR = 5;
export const VERIFICATION_EMAIL_QUEUE = "identity.verification-email";

/** Whether this account still has to confirm its address before it publishes or applies. */
export function needsEmailVerification(account: Pick<Account, "emailVerified">): boolean {
  return config().requireEmailVerification && !account.emailVerified;
}

/**
 * Of `userIds`, the accounts whose address may get mail nobody asked for each time (job alerts):
 * a confirmed one, or any while the rule is off. An address nobody confirmed could be anyone's.
 */
export async function confirmedAccounts(userIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (!config().requireEmailVerification || !ids.length) return new Set(ids);
  const users = await em().find(User, { id: { $in: ids }, emailVerifiedAt: { $ne: null } }, { fields: ["id"] });
  return new Set(users.map((u) => u.id));
}

export type EmailVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether the account may `doing` ("publish a job") as far as its address goes: allowed when it is
 * confirmed or the rule is off; otherwise the reason, a sentence saying what to do.
 */
export async function checkEmailVerified(userId: string, doing: string): Promise<EmailVerdict> {
  if (!config().requireEmailVerification) return { allowed: true };
  const user = await em().findOne(User, { id: userId });
  if (!user || user.emailVerifiedAt) return { allowed: true };
  return {
    allowed: false,
    reason: `Confirm your email address before you ${doing}. Open the link we sent to ${user.email}, or press Resend at the top of the page for a new one.`,
  };
}

/**
 * A path on this site of a sensible length for a link to lead back to, or null: never another
 * site, so a confirmation link can't be made into a redirect elsewhere.
 */
export function safeReturnPath(to: unknown): string | null {
  return typeof to === "string" && to.length <= 1000 ? safeRedirect(to, "") || null : null;
}

/**
 * Issues a link and sends it once per `key` (a queue job's run), unless the address is confirmed
 * already. `returnTo`: the page the link leads back to, kept with the token (not in the link).
 */
async function sendVerificationLink(
  userId: string,
  key: string,
  run: SendAttempt,
  returnTo?: string,
  asked?: string,
): Promise<void> {
  const user = await em().findOne(User, { id: userId });
  if (!user || user.emailVerifiedAt) return;
  const token = await issueAccountToken(user.id, "email-verification", user.email, {
    validMinutes: VERIFY_LINK_HOURS * 60,
    maxPerHour: VERIFY_LINKS_PER_HOUR,
    returnTo: safeReturnPath(returnTo),
  });
  if (!token) return;
  // The recipient's language: the account's setting, else the one the sign-up or resend was made in.
  const language = [user.language, asked].find(isLanguage) ?? DEFAULT_LANGUAGE;
  const message = await verificationEmail({
    name: user.fullName ?? null,
    token,
    validHours: VERIFY_LINK_HOURS,
    language,
  });
  await sendMailOnce(key, { to: user.email, ...message }, run);
}

/** Sign-up's link, sent from the account-created job. */
export const sendSignUpVerification = (userId: string, run: SendAttempt, returnTo?: string, language?: string) =>
  sendVerificationLink(userId, `verify:sign-up:${userId}`, run, returnTo, language);

/**
 * Resend: queues a new link. "already-verified" when there is nothing to confirm; throws
 * QuotaExceededError past 3 an hour (the message says when to try again).
 */
export async function resendVerificationEmail(
  userId: string,
  returnTo?: string,
  language?: string,
): Promise<"queued" | "already-verified"> {
  const user = await em().findOne(User, { id: userId });
  if (!user) throw new AccountError(null, "Sign in to confirm your email address.");
  if (user.emailVerifiedAt) return "already-verified";
  await enforceQuota("verification-emails", userId);
  const back = safeReturnPath(returnTo);
  await enqueue(VERIFICATION_EMAIL_QUEUE, {
    userId,
    requestId: randomUUID(),
    ...(back ? { returnTo: back } : {}),
    ...(isLanguage(language) ? { language } : {}),
  });
  return "queued";
}

/** The address a confirmation link is good for right now, without using it up (the link's GET). */
export async function verificationLinkAccount(token: string): Promise<{ email: string } | null> {
  const holder = await peekAccountToken(token, "email-verification");
  if (!holder) return null;
  const user = await em().findOne(User, { id: holder.userId });
  return user && user.email === holder.email ? { email: user.email } : null;
}

/**
 * The link's POST: uses it up and marks the address confirmed, when the account still has the
 * address it was sent to. Null for a link that is unknown, used, expired, of another purpose or
 * for an old address. Signs nobody in or out. `returnTo`: where the person was when they signed
 * up (or asked for the link), a path on this site, or null.
 */
export async function confirmEmail(token: string): Promise<(Account & { returnTo: string | null }) | null> {
  return transaction(async (tx) => {
    const holder = await consumeAccountToken(token, "email-verification", tx);
    if (!holder) return null;
    const user = await lockForUpdate(User, { id: holder.userId });
    if (!user || user.email !== holder.email) return null;
    user.emailVerifiedAt ??= now();
    await tx.flush();
    await revokeAccountTokens(user.id, "email-verification", tx);
    return { ...toAccount(user), returnTo: safeReturnPath(holder.returnTo) };
  });
}

/** An administrator confirms the address (the CLI, demo data, accounts made for tests). */
export async function markEmailVerified(email: string): Promise<Account> {
  return transaction(async (tx) => {
    const user = await lockForUpdate(User, { email: email.trim().toLowerCase() });
    if (!user) throw new AccountError("email", `No account with email ${email}`);
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = now();
      tx.create(AuditEntry, { userId: user.id, action: "account.email-verified", detail: { by: "administrator" } });
      await tx.flush();
    }
    return toAccount(user);
  });
}

export const verificationEmailQueue: QueueDefinition<{
  userId: string;
  requestId: string;
  returnTo?: string;
  language?: string;
}> = {
  name: VERIFICATION_EMAIL_QUEUE,
  async handle({ userId, requestId, returnTo, language }, run) {
    await sendVerificationLink(userId, `verify:${requestId}`, run, returnTo, language);
  },
};
