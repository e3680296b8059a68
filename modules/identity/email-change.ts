// Changing the account's email address. The person asks on /account, confirming who they are
// (step-up.ts: the current password, or a provider sign-in in this session; and a code when
// two-factor is on); a link goes to the NEW address; the address changes only when that
// link is confirmed (a POST: the GET only shows a Confirm button, as mail scanners fetch links).
// Confirming sets the address, marks it verified and tells the OLD address, in one transaction.
// Only the newest link works: asking again, resending or cancelling expires the earlier ones,
// which still count towards the three links an hour. An address another account has gets no link:
// its owner is told of the try, and the person asking sees what a free address would show.
import { DEFAULT_LANGUAGE, isLanguage, translator, type Language } from "../../locales/index.ts";
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { config } from "../../lib/config.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { greet, renderEmail } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { secretFor } from "../../lib/secrets.ts";
import { now } from "../../lib/clock.ts";
import { AccountError, type Account } from "./accounts.ts";
import { AccountToken, AuditEntry, User } from "./entities.ts";
import { noticeAddressInUse, queueSecurityNotice } from "./security-notices.ts";
import { confirmIdentity } from "./step-up.ts";
import { EmailChangeSchema } from "./settings-schemas.ts";
import {
  consumeAccountToken,
  expireAccountTokens,
  issueAccountToken,
  peekAccountToken,
  revokeAccountTokens,
} from "./tokens.ts";

export const EMAIL_CHANGE_VALID_MINUTES = 24 * 60;
export const EMAIL_CHANGE_LINKS_PER_HOUR = 3;
export const EMAIL_CHANGE_LINK_QUEUE = "identity.email-change-link";

const TOO_MANY = `We've sent ${EMAIL_CHANGE_LINKS_PER_HOUR} links in the last hour. Wait a while, then try again.`;

/** Past the links an hour: try again later (429). */
export class TooManyEmailLinks extends AccountError {
  constructor(field: string | null) {
    super(field, TOO_MANY);
    this.name = "TooManyEmailLinks";
  }
}

export interface PendingEmailChange {
  email: string;
  sentAt: string;
}

/** The change waiting for its link to be confirmed, if any: the newest link still good. */
export async function pendingEmailChange(userId: string): Promise<PendingEmailChange | null> {
  const token = await em().findOne(
    AccountToken,
    { user: userId, purpose: "email-change", expiresAt: { $gt: now() } },
    { orderBy: { createdAt: "desc" } },
  );
  return token ? { email: token.email, sentAt: token.createdAt.toISOString() } : null;
}

/**
 * Sends a confirmation link to the new address. An address another account has answers the same
 * (a pending change), but its owner gets a notice instead of the link. Throws ZodError for a
 * malformed address, AccountError("new_email") for the current address or past three links an hour,
 * AccountError("current_password") for a missing or wrong password (counted as a sign-in attempt)
 * or, without a password, no provider sign-in in this session; AccountError("code") for a missing
 * or wrong code when two-factor is on; TooManySignIns past the sign-in limits.
 */
export async function requestEmailChange(
  account: Pick<Account, "id" | "email">,
  input: { new_email?: string; current_password?: string; code?: string },
  ip: string,
  sessionToken: string | null,
): Promise<PendingEmailChange> {
  const { new_email: newEmail, current_password: password, code } = EmailChangeSchema.parse(input);
  const user = await em().findOne(User, { id: account.id });
  if (!user) throw new AccountError(null, "There is no such account.");
  if (newEmail === user.email) throw new AccountError("new_email", "That is already your email address.");
  await confirmIdentity(user.id, { password, code, sessionToken, ip }, "current_password");
  return transaction(() => sendLink(user, newEmail, "new_email"));
}

/** Sends the pending change's link again (a new link; the earlier one stops working). */
export async function resendEmailChange(userId: string): Promise<PendingEmailChange> {
  const pending = await pendingEmailChange(userId);
  const user = await em().findOne(User, { id: userId });
  if (!pending || !user) throw new AccountError(null, "There is no change of email address waiting to be confirmed.");
  return transaction(() => sendLink(user, pending.email, null));
}

/** Forgets the pending change: its link stops working. */
export async function cancelEmailChange(userId: string): Promise<void> {
  await expireAccountTokens(userId, "email-change");
}

/** Expires earlier links and issues a new one, with its email queued in the same transaction. */
async function sendLink(user: User, newEmail: string, tooManyField: string | null): Promise<PendingEmailChange> {
  const tx = em();
  await expireAccountTokens(user.id, "email-change", tx);
  const token = await issueAccountToken(
    user.id,
    "email-change",
    newEmail,
    { validMinutes: EMAIL_CHANGE_VALID_MINUTES, maxPerHour: EMAIL_CHANGE_LINKS_PER_HOUR },
    tx,
  );
  // Rolls the expiry back too: the link already sent keeps working.
  if (!token) throw new TooManyEmailLinks(tooManyField);
  // Another account's address: the link never leaves, its owner hears of the try instead, and
  // the person asking sees the same pending change as for a free address.
  if (await tx.count(User, { email: newEmail })) {
    await noticeAddressInUse(newEmail, "email-change-attempt");
    return { email: newEmail, sentAt: now().toISOString() };
  }
  const job: EmailChangeLinkJob = {
    eventId: randomUUID(),
    to: newEmail,
    name: user.fullName ?? null,
    ...(isLanguage(user.language) ? { language: user.language } : {}),
    sealed: seal(token),
  };
  await enqueue(EMAIL_CHANGE_LINK_QUEUE, job);
  return { email: newEmail, sentAt: now().toISOString() };
}

/** The address a link would set, for its page's GET (nothing is used up); null when the link is no good for this account. */
export async function peekEmailChange(token: string, userId: string): Promise<{ email: string } | null> {
  const holder = await peekAccountToken(token, "email-change");
  return holder && holder.userId === userId ? { email: holder.email } : null;
}

export type EmailChangeResult =
  { status: "changed"; email: string } | { status: "invalid" } | { status: "taken"; email: string };

/**
 * Confirms the change the link stands for, for the signed-in account `userId`. "invalid": unknown,
 * used, expired, replaced, or another account's link (nothing is used up or changed). "taken":
 * another account took the address since the link was sent (the link is used up).
 */
export async function confirmEmailChange(token: string, userId: string): Promise<EmailChangeResult> {
  try {
    return await transaction(async (tx) => {
      const holder = await consumeAccountToken(token, "email-change", tx);
      if (!holder || holder.userId !== userId) throw new InvalidLink();
      const user = await lockForUpdate(User, { id: userId });
      if (!user) throw new InvalidLink();
      if (await tx.count(User, { email: holder.email, id: { $ne: userId } }))
        return { status: "taken" as const, email: holder.email };
      const oldEmail = user.email;
      user.email = holder.email;
      user.emailVerifiedAt = now();
      tx.create(AuditEntry, { userId, action: "account.email-changed", detail: { from: oldEmail, to: holder.email } });
      await tx.flush();
      // Links sent to the old address (or other new ones) are no good any more.
      await expireAccountTokens(userId, "email-change", tx);
      await revokeAccountTokens(userId, "password-reset", tx);
      await revokeAccountTokens(userId, "email-verification", tx);
      await queueSecurityNotice({
        kind: "email-changed",
        to: oldEmail,
        name: user.fullName ?? null,
        newEmail: holder.email,
      });
      return { status: "changed" as const, email: holder.email };
    });
  } catch (error) {
    if (error instanceof InvalidLink) return { status: "invalid" };
    // Another account took the address between our check and the write: the unique index decides.
    if ((error as { code?: string }).code === "23505") {
      const holder = await consumeAccountToken(token, "email-change");
      return holder ? { status: "taken", email: holder.email } : { status: "invalid" };
    }
    throw error;
  }
}

class InvalidLink extends Error {}

// The link email. The job carries the token sealed (AES-256-GCM under a key derived from the
// server secret), so the queue's table never holds a usable link.
interface EmailChangeLinkJob {
  eventId: string;
  language?: Language;
  to: string;
  name: string | null;
  sealed: string;
}

const sealKey = () => secretFor("email-change-link-job");

function seal(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(sealed: string): string {
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealKey(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** The words of the link email, in the account's language. */
export function emailChangeLinkEmail({
  to,
  name,
  url,
  language = DEFAULT_LANGUAGE,
}: {
  to: string;
  name: string | null;
  url: string;
  language?: Language;
}) {
  const t = translator(language, "mail");
  return renderEmail({
    lang: language,
    subject: t("emailChange.subject"),
    preview: t("emailChange.preview", { email: to }),
    greeting: greet(name, language),
    heading: t("emailChange.heading"),
    body: [t("emailChange.body", { email: to }), t("emailChange.works")],
    action: { label: t("emailChange.action"), url },
    reason: t("emailChange.reason"),
  });
}

export const emailChangeLinkQueue: QueueDefinition<EmailChangeLinkJob> = {
  name: EMAIL_CHANGE_LINK_QUEUE,
  async handle(job, run) {
    const token = unseal(job.sealed);
    // Cancelled or replaced before the job ran: that link would not work, so it is not sent.
    if (!(await peekAccountToken(token, "email-change"))) return;
    const url = new URL(`/account/email/${token}`, config().publicUrl).toString();
    const message = await emailChangeLinkEmail({
      to: job.to,
      name: job.name,
      url,
      language: isLanguage(job.language) ? job.language : undefined,
    });
    await sendMailOnce(`email-change:${job.eventId}`, { to: job.to, ...message }, run);
  },
};
