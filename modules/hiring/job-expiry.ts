// Jobs that expire (decision 078). Every published job has a closing date (`jobs.closes_at`, an
// instant): 60 days after publishing unless the owner picks another, a date read as the end of that
// day in the company's zone, never in the past. An hourly pg-boss schedule closes active jobs past
// it through the owner's close path (undecided applicants told, board and caches cleared), and
// emails the job's contacts once, seven days before each closing date, with Extend and Close.
import { config } from "../../lib/config.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { greet, oneLine, renderEmail } from "../../lib/email-layout.ts";
import { logger } from "../../lib/logger.ts";
import { sendMailOnce, type SendAttempt } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { formatZoned } from "../../lib/zoned-time.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, translator, type Language } from "../../locales/index.ts";
import { findAccount } from "../identity/index.server.ts";
import { boardChanged } from "./board-events.ts";
import { Company, Job } from "./entities.ts";
import { HiringError } from "./errors.ts";
import { tellJobStatusChange } from "./job-closing.ts";
import { tellJobPageChange } from "./job-page-events.ts";
import { moveJob, ownJob } from "./job-status.ts";
import { jobContacts, type Member } from "./team.ts";
import { closingDateInput, parseClosingDate } from "./closing-date.ts";

export const JOB_EXPIRY_QUEUE = "hiring.job-expiry";
export const REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;
export { CLOSING_DAYS, closingDateInput, defaultClosingDate, parseClosingDate } from "./closing-date.ts";

/** What the Extend/Close page shows of one of the member's jobs (404 for anyone else's). */
export async function jobClosing(
  member: Member,
  jobId: string,
): Promise<{
  id: string;
  title: string;
  open: boolean;
  closesAt: string | null;
  closesOn: string;
  when: string | null;
}> {
  const job = await ownJob(member, jobId);
  return {
    id: job.id,
    title: job.title ?? "Untitled job",
    open: job.status === "active",
    closesAt: job.closesAt?.toISOString() ?? null,
    closesOn: closingDateInput(job.closesAt ?? null, member.timeZone),
    when: job.closesAt ? formatZoned(job.closesAt, member.timeZone) : null,
  };
}

/** Sets an active or draft job's closing date from the typed date (Extend, the edit form). */
export async function setJobClosingDate(member: Member, jobId: string, input: string): Promise<Date> {
  return transaction(async (tx) => {
    const job = await ownJob(member, jobId, { lock: true });
    if (job.status !== "active" && job.status !== "draft") {
      throw new HiringError("invalid-transition", "Only an open job's closing date can change.");
    }
    const parsed = parseClosingDate(input, member.timeZone);
    if (!parsed.ok) throw new HiringError("invalid", parsed.error, { fieldErrors: { closes_at: [parsed.error] } });
    job.closesAt = parsed.closesAt;
    // An edit in progress holds the date it started from: it shows (and saves) the new one.
    if (job.draft) job.draft = { ...job.draft, closes_at: closingDateInput(parsed.closesAt, member.timeZone) };
    await tx.flush();
    if (job.status === "active") await tellJobPageChange({ jobId: job.id, shown: true });
    await boardChanged();
    return parsed.closesAt;
  });
}

/**
 * Closes the active jobs whose closing date is at or before `at`, each in its own transaction with
 * its row locked (a job an owner extended or closed meanwhile is left). Returns the closed ids.
 */
export async function closeExpiredJobs(at: Date): Promise<string[]> {
  const due = await em().execute<{ id: string }[]>(
    `select id from jobs where status = 'active' and closes_at <= ? order by closes_at, id`,
    [at],
  );
  const closed: string[] = [];
  for (const { id } of due) {
    const done = await transaction(async (tx) => {
      const job = await lockForUpdate(Job, { id });
      if (!job || job.status !== "active" || !job.closesAt || job.closesAt.getTime() > at.getTime()) return false;
      await moveJob(job, "close", null);
      await tx.flush();
      // As when an owner closes and ticks "tell the applicants still waiting".
      await tellJobStatusChange({ jobId: job.id, status: job.status, tellApplicants: true });
      await boardChanged();
      return true;
    });
    if (done) closed.push(id);
  }
  return closed;
}

/** The page where a contact extends or closes the job (sign-in as a member who manages jobs). */
export function closingPageUrl(jobId: string): string {
  return new URL(`/employer/jobs/${jobId}/closing`, config().publicUrl).toString();
}

/** Emails each active job closing within seven days, once per closing date; returns how many went. */
export async function sendClosingReminders(at: Date, attempt: SendAttempt): Promise<number> {
  const due = await em().execute<{ id: string; title: string | null; closes_at: Date; company_id: string }[]>(
    `select id, title, closes_at, company_id from jobs
      where status = 'active' and company_id is not null and closes_at > ? and closes_at <= ?
      order by closes_at, id`,
    [at, new Date(at.getTime() + REMINDER_DAYS * DAY_MS)],
  );
  let sent = 0;
  for (const row of due) {
    const company = await em().findOne(Company, { id: row.company_id });
    const closesAt = new Date(row.closes_at);
    // One rendering per language among the job's contacts.
    const messages = new Map<Language, ReturnType<typeof closingReminderEmail>>();
    for (const userId of await jobContacts(row.id)) {
      const account = await findAccount(userId);
      if (!account) continue;
      const language = isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
      if (!messages.has(language)) {
        messages.set(
          language,
          closingReminderEmail({
            language,
            title: row.title,
            when: formatZoned(closesAt, company?.timeZone ?? "UTC", INTL_LOCALES[language]),
            url: closingPageUrl(row.id),
          }),
        );
      }
      const result = await sendMailOnce(
        `job-closing-reminder:${row.id}:${closesAt.toISOString()}:${userId}`,
        { to: account.email, ...(await messages.get(language)!) },
        attempt,
      );
      if (result === "sent") sent++;
    }
  }
  return sent;
}

function closingReminderEmail(input: { language: Language; title: string | null; when: string; url: string }) {
  const t = translator(input.language, "notice");
  const title = oneLine(input.title ?? t("closingReminder.untitled"));
  return renderEmail({
    lang: input.language,
    subject: t("closingReminder.subject", { title, days: REMINDER_DAYS }),
    preview: t("closingReminder.preview", { when: input.when }),
    greeting: greet(null, input.language),
    heading: t("closingReminder.heading", { title }),
    body: [
      t("closingReminder.stops", { title, when: input.when }),
      t("closingReminder.choices"),
      t("closingReminder.fallback", { url: input.url }),
    ],
    action: { label: t("closingReminder.action"), url: input.url },
    reason: t("closingReminder.reason"),
  });
}

export const jobExpiryQueue: QueueDefinition<object> = {
  name: JOB_EXPIRY_QUEUE,
  schedule: "10 * * * *",
  expireInSeconds: 900,
  async handle(_data, run) {
    const at = now();
    const closed = await closeExpiredJobs(at);
    const reminded = await sendClosingReminders(at, run);
    logger.info({ closed: closed.length, reminded, jobId: run.jobId }, "job expiry ran");
  },
};
