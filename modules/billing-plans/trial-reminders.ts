// Trials that end (14 days, no card). An hourly pg-boss schedule emails each account on a
// trial 3 days and 1 day before it ends, once each (sent_emails keys name the trial's end). When it
// ends nothing is deleted: the trial's limits stay and the pages ask to upgrade (limits.ts).
// Emails need the account's address, which identity keeps; identity registers the lookup here
// (it already depends on this module), so this module never reads its tables.
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { formatDate } from "../../lib/dates.ts";
import { greet, renderEmail } from "../../lib/email-layout.ts";
import { logger } from "../../lib/logger.ts";
import { sendMailOnce, type SendAttempt } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { upgradeUrl } from "./limits.ts";
import { onlinePayments } from "./stripe-client.ts";
import type { Audience } from "./catalog.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "../../locales/index.ts";

export const TRIAL_REMINDERS_QUEUE = "billing-plans.trial-reminders";
const DAY_MS = 86_400_000;
/** Days before the end, largest first: each account gets each reminder once. */
export const REMINDER_DAYS = [3, 1] as const;

export type ContactLookup = (
  userId: string,
) => Promise<{ email: string; fullName: string | null; language?: Language } | null>;
let contactLookup: ContactLookup | undefined;

export function registerContactLookup(lookup: ContactLookup): void {
  contactLookup = lookup;
}

/** An account's address and name, through identity's lookup (null for a deleted account). */
export function contactOf(userId: string): ReturnType<ContactLookup> {
  if (!contactLookup) throw new Error("billing-plans emails need identity's contact lookup (registerContactLookup)");
  return contactLookup(userId);
}

interface Due {
  user_id: string;
  audience: Audience;
  trial_ends_at: Date;
}

/** Sends the reminders due at `at`; returns how many were sent now. */
export async function sendTrialReminders(at: Date, attempt: SendAttempt): Promise<number> {
  if (!contactLookup) throw new Error("trial reminders need identity's contact lookup (registerContactLookup)");
  let sent = 0;
  for (const [i, days] of REMINDER_DAYS.entries()) {
    const smaller = REMINDER_DAYS[i + 1] ?? 0;
    // In this reminder's window: ends within `days` days, but not yet within the next reminder's.
    const due = await em().execute<Due[]>(
      `select user_id, audience, trial_ends_at from subscriptions
       where plan_id = 'free-trial' and trial_ends_at > ? and trial_ends_at <= ? and trial_ends_at > ?
         and (stripe_status is null or stripe_status not in ('active', 'trialing', 'past_due'))
       order by user_id`,
      [at, new Date(at.getTime() + days * DAY_MS), new Date(at.getTime() + smaller * DAY_MS)],
    );
    for (const row of due) {
      const contact = await contactLookup(row.user_id);
      if (!contact) continue;
      const ends = new Date(row.trial_ends_at);
      const email = await reminderEmail(days, ends, contact.fullName, row.audience, contact.language);
      const result = await sendMailOnce(
        `trial-reminder:${row.user_id}:${ends.toISOString()}:${days}d`,
        { to: contact.email, ...email },
        attempt,
      );
      if (result === "sent") sent++;
    }
  }
  return sent;
}

/** The reminder itself: pure, rendered from the days left, the end date, the name and the audience. */
export function reminderEmail(
  days: number,
  ends: Date,
  name: string | null,
  audience: Audience,
  language: Language = DEFAULT_LANGUAGE,
) {
  const t = translator(language, "notice");
  const url = new URL(upgradeUrl(audience), config().publicUrl).toString();
  const when = formatDate(ends.toISOString(), INTL_LOCALES[language]);
  const left = days === 1 ? t("trialReminder.tomorrow") : t("trialReminder.inDays", { count: days });
  return renderEmail({
    lang: language,
    subject: t("trialReminder.subject", { left }),
    preview: t("trialReminder.preview", { when }),
    greeting: greet(name, language),
    heading: t("trialReminder.heading", { left }),
    body: [
      t("trialReminder.ends", { when }),
      t("trialReminder.limits", {
        limit: t(audience === "employer" ? "trialReminder.employerLimit" : "trialReminder.candidateLimit"),
      }),
      t(onlinePayments() ? "trialReminder.card" : "trialReminder.request"),
    ],
    action: { label: t("trialReminder.action"), url },
    reason: t("trialReminder.reason"),
  });
}

export const trialRemindersQueue: QueueDefinition<object> = {
  name: TRIAL_REMINDERS_QUEUE,
  schedule: "25 * * * *",
  expireInSeconds: 900,
  async handle(_data, run) {
    const sent = await sendTrialReminders(now(), run);
    logger.info({ sent, jobId: run.jobId }, "trial reminders sent");
  },
};
