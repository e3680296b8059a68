// "Forgot password?": a link by email that sets a new password once. The request answers the same
// whatever the address: the web action only checks the form, counts the client address and queues
// a job; the job looks the account up, issues the token (at most 3 an hour per account) and sends
// the email, so neither the answer nor its time tells whether an account exists.
import { isLanguage } from "../../locales/index.ts";
import { randomUUID } from "node:crypto";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { addressKey, consumeQuota } from "../../lib/quotas.ts";
import { AccountError, toAccount, type Account } from "./accounts.ts";
import { AuditEntry, SignInAttempt, User } from "./entities.ts";
import { passwordResetEmail } from "./link-emails.ts";
import { hashPassword } from "./passwords.ts";
import { weakPasswordReason } from "./password-strength.ts";
import { ForgotPasswordSchema, ResetPasswordSchema } from "./schemas.ts";
import { queueSecurityNotice } from "./security-notices.ts";
import { endOtherSessions } from "./sessions.ts";
import { clearUnconfirmedAccess } from "./unconfirmed-accounts.ts";
import { consumeAccountToken, issueAccountToken, peekAccountToken, revokeAccountTokens } from "./tokens.ts";

export const RESET_LINK_MINUTES = 30;
export const RESET_LINKS_PER_HOUR = 3;
export const PASSWORD_RESET_QUEUE = "identity.password-reset";

/**
 * Queues a reset link for `email` when an account has it. Throws only for a malformed address
 * (ZodError); past the client address's quota it quietly queues nothing, so every well-formed
 * request gets the same answer.
 */
export async function requestPasswordReset(input: { email: string }, address: string): Promise<void> {
  const { email } = ForgotPasswordSchema.parse(input);
  const use = await consumeQuota("password-reset-requests", addressKey(address));
  if (!use.allowed) return;
  await enqueue(PASSWORD_RESET_QUEUE, { email, requestId: randomUUID() });
}

/**
 * The account a reset link is good for right now, without using it up (the link's GET: mail
 * scanners open links). A link sent to an address the account no longer has is good for nothing.
 */
export async function resetLinkAccount(token: string): Promise<{ email: string } | null> {
  const holder = await peekAccountToken(token, "password-reset");
  if (!holder) return null;
  const user = await em().findOne(User, { id: holder.userId });
  return user && user.email === holder.email ? { email: user.email } : null;
}

/**
 * Sets a new password through a reset link: in one transaction the link is used up, the password
 * set, the account's other reset links revoked, every session ended, the address marked confirmed
 * (the person received mail there) and the "password changed" notice queued. An account that had
 * never confirmed its address also loses its identity links, two-factor and pending sign-ins. Returns null for a
 * link that is unknown, used, expired, of another purpose or for an old address; of any number of
 * concurrent uses exactly one succeeds. Throws ZodError for a password the sign-up rules refuse,
 * AccountError("password") for one too easy to guess.
 */
export async function resetPassword(token: string, input: { password: string }): Promise<Account | null> {
  const { password } = ResetPasswordSchema.parse(input);
  // A dead link costs no hashing.
  const holder = await resetLinkAccount(token);
  if (!holder) return null;
  const weak = await weakPasswordReason(password, [holder.email]);
  if (weak) throw new AccountError("password", weak);
  const passwordHash = await hashPassword(password);
  return transaction(async (tx) => {
    const holder = await consumeAccountToken(token, "password-reset", tx);
    if (!holder) return null;
    const user = await lockForUpdate(User, { id: holder.userId });
    if (!user || user.email !== holder.email) return null;
    // The first proof of the address: nothing the account's maker set up to get in stays.
    if (!user.emailVerifiedAt) {
      const cleared = await clearUnconfirmedAccess(tx, user);
      if (cleared.links.length || cleared.twoFactor)
        await queueSecurityNotice({ kind: "account-claimed", to: user.email, name: user.fullName ?? null });
    }
    user.passwordHash = passwordHash;
    user.emailVerifiedAt ??= now();
    tx.create(AuditEntry, { userId: user.id, action: "account.password-reset", detail: null });
    await tx.flush();
    await revokeAccountTokens(user.id, "password-reset", tx);
    await endOtherSessions(user.id, null, tx);
    // The failures that may have led here no longer hold the account back.
    await tx.nativeDelete(SignInAttempt, { email: user.email, succeeded: false });
    await queueSecurityNotice({ kind: "password-changed", to: user.email, name: user.fullName ?? null });
    return toAccount(user);
  });
}

export const passwordResetQueue: QueueDefinition<{ email: string; requestId: string }> = {
  name: PASSWORD_RESET_QUEUE,
  async handle({ email, requestId }, run) {
    const user = await em().findOne(User, { email });
    if (!user) return;
    const token = await issueAccountToken(user.id, "password-reset", user.email, {
      validMinutes: RESET_LINK_MINUTES,
      maxPerHour: RESET_LINKS_PER_HOUR,
    });
    if (!token) return; // the account's links for this hour are used up
    const message = await passwordResetEmail({
      name: user.fullName ?? null,
      token,
      validMinutes: RESET_LINK_MINUTES,
      language: isLanguage(user.language) ? user.language : undefined,
    });
    await sendMailOnce(`password-reset:${requestId}`, { to: user.email, ...message }, run);
  },
};
