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
import { em, transaction } from "../../lib/db.ts";
import { forgetEmail, forgetJob } from "../../lib/personal-traces.ts";
import { consumeQuota } from "../../lib/quotas.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, translator, type Language } from "../../locales/index.ts";

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
  /** The account's language when the notice was queued (the account may be gone when it is sent). */
  language?: Language;
}

interface SecurityNoticeJob extends SecurityNotice {
  eventId: string;
  occurredAt: string;
}

export const SECURITY_NOTICE_QUEUE = "identity.security-notice";

/** Queues the notice; call it inside the change's transaction so both commit together. */
export async function queueSecurityNotice(notice: SecurityNotice): Promise<void> {
  const language = notice.language ?? (await accountLanguage([notice.to, notice.newEmail]));
  const job: SecurityNoticeJob = {
    ...notice,
    ...(language ? { language } : {}),
    eventId: randomUUID(),
    occurredAt: now().toISOString(),
  };
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

/** The language chosen by the account at one of `addresses` (read now: it may be gone when the notice is sent). */
async function accountLanguage(addresses: (string | undefined)[]): Promise<Language | undefined> {
  const [row] = await em().execute<{ language: string | null }[]>(
    `select language from users where email in (?, ?) and language is not null limit 1`,
    [addresses[0] ?? "", addresses[1] ?? ""],
  );
  return isLanguage(row?.language) ? row.language : undefined;
}

/** The words of each notice, in `language` (catalogue: mail.security). Pure: data in, { subject, html, text } out. */
export function securityNoticeEmail(
  notice: SecurityNotice & { occurredAt: Date },
  language: Language = DEFAULT_LANGUAGE,
): Promise<RenderedEmail> {
  const t = translator(language, "mail");
  const when = formatDate(notice.occurredAt, INTL_LOCALES[language]);
  const base = { lang: language, greeting: greet(notice.name, language), reason: t("security.reason") };
  const say = (key: string, values: Record<string, string> = {}) => t(`security.${key}`, { when, ...values });
  const email = notice.newEmail ?? t("security.newAddress");
  const provider = notice.provider;
  switch (notice.kind) {
    case "password-changed":
      return renderEmail({
        ...base,
        subject: say("passwordChanged.subject"),
        preview: say("passwordChanged.preview"),
        heading: say("passwordChanged.heading"),
        body: [say("passwordChanged.body"), say("notYou")],
        action: { label: say("resetAction"), url: link("/auth/forgot") },
      });
    case "email-changed":
      return renderEmail({
        ...base,
        subject: say("emailChanged.subject"),
        preview: say("emailChanged.preview", { email }),
        heading: say("emailChanged.heading"),
        body: [say("emailChanged.body", { from: notice.to, email }), say("emailChanged.notYou")],
      });
    case "two-factor-enabled":
    case "two-factor-disabled": {
      const which = notice.kind === "two-factor-enabled" ? "twoFactorOn" : "twoFactorOff";
      return renderEmail({
        ...base,
        subject: say(`${which}.subject`),
        preview: say(`${which}.preview`),
        heading: say(`${which}.heading`),
        body: [say(`${which}.body`), say("notYou")],
        action: { label: say("reviewAccount"), url: link("/account") },
      });
    }
    case "sign-up-attempt":
    case "email-change-attempt": {
      const which = notice.kind === "sign-up-attempt" ? "signUpAttempt" : "emailChangeAttempt";
      return renderEmail({
        ...base,
        reason: say("reasonAddress"),
        subject: say(`${which}.subject`),
        preview: say(`${which}.preview`),
        heading: say(`${which}.heading`),
        body: [
          say(`${which}.body`, { email: notice.to }),
          say(`${which}.ifYou`, { url: link("/auth/forgot") }),
          say("ignore"),
        ],
        action: { label: say("signIn"), url: link("/auth?mode=signin") },
      });
    }
    case "sign-in-method-added":
      return renderEmail({
        ...base,
        subject: say("methodAdded.subject", { provider: provider ?? say("someMethod") }),
        preview: say("methodAdded.preview", { provider: provider ?? say("it") }),
        heading: say("methodAdded.heading"),
        body: [say("methodAdded.body", { provider: provider ?? say("newMethod") }), say("unlinkIfNotYou")],
        action: { label: say("reviewMethods"), url: link("/account/sign-in-methods") },
      });
    case "sign-in-method-removed":
      return renderEmail({
        ...base,
        subject: say("methodRemoved.subject", { provider: provider ?? say("someMethod") }),
        preview: say("methodRemoved.preview", { provider: provider ?? say("it") }),
        heading: say("methodRemoved.heading"),
        body: [say("methodRemoved.body", { provider: provider ?? say("aMethod") }), say("notYou")],
        action: { label: say("reviewMethods"), url: link("/account/sign-in-methods") },
      });
    case "account-claimed":
      return renderEmail({
        ...base,
        subject: say("claimed.subject"),
        preview: say("claimed.preview"),
        heading: say("claimed.heading"),
        body: [
          provider ? say("claimed.bodyProvider", { provider }) : say("claimed.bodyReset"),
          say(provider ? "claimed.removedProvider" : "claimed.removedReset"),
          say("claimed.leftovers"),
        ],
        action: { label: say("reviewAccount"), url: link("/account") },
      });
    case "second-step-locked":
      return renderEmail({
        ...base,
        subject: say("locked.subject"),
        preview: say("locked.preview"),
        heading: say("locked.heading"),
        body: [say("locked.body"), say("locked.change")],
        action: { label: say("resetAction"), url: link("/auth/forgot") },
      });
    case "account-deleted":
      return renderEmail({
        ...base,
        reason: say("deleted.reason"),
        subject: say("deleted.subject"),
        preview: say("deleted.preview"),
        heading: say("deleted.heading"),
        body: [say("deleted.body"), say("deleted.notYou")],
      });
  }
}

export const securityNoticeQueue: QueueDefinition<SecurityNoticeJob> = {
  name: SECURITY_NOTICE_QUEUE,
  async handle(job, run) {
    const message = await securityNoticeEmail(
      { ...job, occurredAt: new Date(job.occurredAt) },
      isLanguage(job.language) ? job.language : DEFAULT_LANGUAGE,
    );
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
