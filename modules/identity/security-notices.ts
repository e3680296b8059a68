// Security notices: the emails that tell a person something changed on their account, which they
// cannot turn off. Each is queued in the transaction of the change it reports (so a change that
// rolls back sends nothing) and goes out once per event (lib/mail.ts#sendMailOnce). The payload
// carries the address and name as they were, because the account may be gone when it is sent
// (the account-deleted notice) or may have a new address (the email-changed notice goes to the old).
import { randomUUID } from "node:crypto";
import { config } from "../../lib/config.ts";
import { formatDate } from "../../lib/dates.ts";
import { greet, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { now } from "../../lib/clock.ts";
import { transaction } from "../../lib/db.ts";
import { forgetEmail, forgetJob } from "../../lib/personal-traces.ts";
import { consumeQuota } from "../../lib/quotas.ts";

export const SECURITY_NOTICE_KINDS = [
  "password-changed",
  "email-changed",
  "two-factor-enabled",
  "two-factor-disabled",
  "account-deleted",
  // Someone tried to use an address that has an account: to sign up, or as another account's new address.
  "sign-up-attempt",
  "email-change-attempt",
  "sign-in-method-added",
  "sign-in-method-removed",
  "account-claimed",
  "second-step-locked",
] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICE_KINDS)[number];

export interface SecurityNotice {
  kind: SecurityNoticeKind;
  /** The address to write to (for email-changed: the old address). */
  to: string;
  name: string | null;
  /** For email-changed: the new address. */
  newEmail?: string;
  /** For sign-in-method-added/-removed and account-claimed: the provider's label ("Google"); account-claimed without one: by a password reset. */
  provider?: string;
}

interface SecurityNoticeJob extends SecurityNotice {
  eventId: string;
  occurredAt: string;
}

export const SECURITY_NOTICE_QUEUE = "identity.security-notice";

/** Queues the notice; call it inside the change's transaction so both commit together. */
export async function queueSecurityNotice(notice: SecurityNotice): Promise<void> {
  const job: SecurityNoticeJob = { ...notice, eventId: randomUUID(), occurredAt: now().toISOString() };
  await enqueue(SECURITY_NOTICE_QUEUE, job);
}

/**
 * Tells the owner of `email` that someone tried to use their address, instead of telling the
 * person who tried. At most "account-exists-notices" an hour per address; past that nothing is
 * sent and nothing is said (a refusal would tell that the address has an account).
 */
export async function noticeAddressInUse(
  email: string,
  kind: "sign-up-attempt" | "email-change-attempt",
): Promise<void> {
  const use = await consumeQuota("account-exists-notices", email);
  if (use.allowed) await queueSecurityNotice({ kind, to: email, name: null });
}

const link = (path: string) => new URL(path, config().publicUrl).toString();

const NOT_YOU = "If this wasn't you, reset your password at once and tell us by replying to this email.";
const UNLINK_IF_NOT_YOU =
  "If this wasn't you, disconnect it from Sign-in methods, reset your password, and tell us by replying to this email.";

/** The words of each notice. Pure: data in, { subject, html, text } out. */
export function securityNoticeEmail(notice: SecurityNotice & { occurredAt: Date }): Promise<RenderedEmail> {
  const when = formatDate(notice.occurredAt);
  const greeting = greet(notice.name);
  const base = { greeting, reason: "We send security notices to every account; they can't be turned off." };
  switch (notice.kind) {
    case "password-changed":
      return renderEmail({
        ...base,
        subject: "Your Hirewise password was changed",
        preview: "Your password was changed, and every other device was signed out.",
        heading: "Your password was changed",
        body: [
          `The password of your Hirewise account was changed on ${when}. Every other device signed in to your account was signed out.`,
          NOT_YOU,
        ],
        action: { label: "Reset your password", url: link("/auth/forgot") },
      });
    case "email-changed":
      return renderEmail({
        ...base,
        subject: "Your Hirewise email address was changed",
        preview: `Your account now uses ${notice.newEmail ?? "a new address"}.`,
        heading: "Your email address was changed",
        body: [
          `On ${when} the email address of your Hirewise account was changed from ${notice.to} to ${notice.newEmail ?? "a new address"}. We'll send everything to the new address from now on.`,
          "If this wasn't you, reply to this email straight away so we can secure your account.",
        ],
      });
    case "two-factor-enabled":
      return renderEmail({
        ...base,
        subject: "Two-factor sign-in is on for your Hirewise account",
        preview: "Signing in now also asks for a code from your authenticator app.",
        heading: "Two-factor sign-in is on",
        body: [
          `On ${when} two-factor sign-in was turned on for your account. Signing in now also asks for a code from your authenticator app, or one of your recovery codes.`,
          NOT_YOU,
        ],
        action: { label: "Review your account", url: link("/account") },
      });
    case "two-factor-disabled":
      return renderEmail({
        ...base,
        subject: "Two-factor sign-in is off for your Hirewise account",
        preview: "Signing in now asks only for your password.",
        heading: "Two-factor sign-in is off",
        body: [
          `On ${when} two-factor sign-in was turned off for your account. Signing in now asks only for your password.`,
          NOT_YOU,
        ],
        action: { label: "Review your account", url: link("/account") },
      });
    case "sign-up-attempt":
      return renderEmail({
        ...base,
        reason: "You're receiving this email because this address has a Hirewise account.",
        subject: "Someone tried to sign up to Hirewise with your email address",
        preview: "Your address already has a Hirewise account; no new one was made.",
        heading: "Someone tried to sign up with your address",
        body: [
          `On ${when} someone tried to create a Hirewise account with ${notice.to}, which already has one. No new account was made, and yours is unchanged.`,
          `If it was you, sign in instead, or reset your password if you've forgotten it: ${link("/auth/forgot")}`,
          "If it wasn't you, ignore this email.",
        ],
        action: { label: "Sign in", url: link("/auth?mode=signin") },
      });
    case "email-change-attempt":
      return renderEmail({
        ...base,
        reason: "You're receiving this email because this address has a Hirewise account.",
        subject: "Someone tried to use your email address on Hirewise",
        preview: "Another account asked to use your address; it stays with your account.",
        heading: "Someone tried to use your address",
        body: [
          `On ${when} someone signed in to another Hirewise account asked to use ${notice.to} as its email address. This address already belongs to your account, so nothing changed.`,
          `If it was you, sign in with this address instead, or reset its password if you've forgotten it: ${link("/auth/forgot")}`,
          "If it wasn't you, ignore this email.",
        ],
        action: { label: "Sign in", url: link("/auth?mode=signin") },
      });
    case "sign-in-method-added":
      return renderEmail({
        ...base,
        subject: `${notice.provider ?? "A sign-in method"} was connected to your Hirewise account`,
        preview: `You can now sign in with ${notice.provider ?? "it"}.`,
        heading: "A sign-in method was added",
        body: [
          `On ${when} ${notice.provider ?? "a new sign-in method"} was connected to your Hirewise account: signing in with it now opens your account.`,
          UNLINK_IF_NOT_YOU,
        ],
        action: { label: "Review your sign-in methods", url: link("/account/sign-in-methods") },
      });
    case "sign-in-method-removed":
      return renderEmail({
        ...base,
        subject: `${notice.provider ?? "A sign-in method"} was removed from your Hirewise account`,
        preview: `Signing in with ${notice.provider ?? "it"} no longer opens your account.`,
        heading: "A sign-in method was removed",
        body: [
          `On ${when} ${notice.provider ?? "a sign-in method"} was disconnected from your Hirewise account: signing in with it no longer opens your account.`,
          NOT_YOU,
        ],
        action: { label: "Review your sign-in methods", url: link("/account/sign-in-methods") },
      });
    case "account-claimed":
      return renderEmail({
        ...base,
        subject: "We secured the Hirewise account for your address",
        preview: "The account had never confirmed this address; everything that let anyone else in is gone.",
        heading: "Your address's account is yours now",
        body: [
          `A Hirewise account was created with this address, but the address was never confirmed. On ${when} you proved it is yours ${notice.provider ? `by signing in with ${notice.provider}` : "by resetting the password"}.`,
          `So that whoever created the account cannot use it, we removed ${notice.provider ? "its password, " : ""}every signed-in device, two-factor sign-in and every other sign-in method it had.${notice.provider ? " To sign in with a password as well, choose one through “Forgot password?” on the sign-in page." : ""}`,
          "If the account holds anything you did not add (a profile, job drafts, team members), remove it.",
        ],
        action: { label: "Review your account", url: link("/account") },
      });
    case "second-step-locked":
      return renderEmail({
        ...base,
        subject: "Someone is trying to sign in to your Hirewise account",
        preview: "Someone got past your password and then entered many wrong two-factor codes.",
        heading: "Someone knows your password",
        body: [
          `On ${when} someone signed in to your Hirewise account with your password (or a sign-in method you connected) and then entered many wrong two-factor codes. We stopped taking codes for your account for a while.`,
          "If this wasn't you, change your password at once: the two-factor code is all that still stands in their way.",
        ],
        action: { label: "Reset your password", url: link("/auth/forgot") },
      });
    case "account-deleted":
      return renderEmail({
        ...base,
        reason: "This is the last email we send to this address about this account.",
        subject: "Your Hirewise account was deleted",
        preview: "Your account and your data are gone.",
        heading: "Your account was deleted",
        body: [
          `Your Hirewise account was deleted on ${when}, with the data it held. You can create a new account at any time.`,
          "If you didn't ask for this, reply to this email.",
        ],
      });
  }
}

export const securityNoticeQueue: QueueDefinition<SecurityNoticeJob> = {
  name: SECURITY_NOTICE_QUEUE,
  async handle(job, run) {
    const message = await securityNoticeEmail({ ...job, occurredAt: new Date(job.occurredAt) });
    const key = `security:${job.kind}:${job.eventId}`;
    const sent = await sendMailOnce(key, { to: job.to, ...message }, run);
    // The address has no account any more: once the notice is out, forget its record and this job,
    // which are the last places it was kept (decision 040).
    if (job.kind === "account-deleted" && sent !== "claimed-elsewhere") {
      await transaction(async (tx) => {
        await forgetEmail(key, tx);
        await forgetJob(SECURITY_NOTICE_QUEUE, run.jobId, tx);
      });
    }
  },
};
