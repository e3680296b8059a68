// Candidate data that expires by policy (issue 35 item 3, decision 089). An application to a
// company's job that did not end in a hire is due `months` after the job closed (the company's
// period, hiring's retention.ts) or at `kept_until` when the candidate asked to stay in the talent
// pool, whichever is later. A daily run anonymises what is due (anonymise.ts, the code account
// deletion uses, here with the team's record too) and, 30 days before, emails the candidate once
// per application and due date with a signed link that keeps them for another period. Withdrawn
// applications are anonymised as rejected ones are; hired ones are the company's employee records
// and stay. The candidate's account, library and other applications are untouched.
import { config } from "../../lib/config.ts";
import { now } from "../../lib/clock.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { formatDate } from "../../lib/dates.ts";
import { greet, oneLine, renderEmail } from "../../lib/email-layout.ts";
import { INTL_LOCALES, translator, type Language } from "../../locales/index.ts";
import { logger } from "../../lib/logger.ts";
import { sendMailOnce, type SendAttempt } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { signLink, verifyLink } from "../../lib/signed-links.ts";
import { storage } from "../../lib/storage.ts";
import { closedJobsRetention, jobCards, jobsClosedPast, type ClosedJobRetention } from "../hiring/index.server.ts";
import { contactFor } from "../identity/index.server.ts";
import { anonymiseApplications } from "./anonymise.ts";
import { Application } from "./entities.ts";
import { HOLDING_APPLICATION } from "./resumes.ts";

export const RETENTION_QUEUE = "applications.retention";
export const TALENT_POOL_LINK = "talent-pool";
/** The reminder goes this many days before an application is due. */
export const RETENTION_REMINDER_DAYS = 30;
const DAY_MS = 86_400_000;

/** `date` plus `months` calendar months, in UTC (the 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** When an application whose job closed is due: the period after the closing, or later if kept. */
export function dueAt(job: Pick<ClosedJobRetention, "closedAt" | "months">, keptUntil: Date | null): Date {
  const due = addMonths(job.closedAt, job.months);
  return keptUntil && keptUntil.getTime() > due.getTime() ? new Date(keptUntil) : due;
}

interface Kept {
  id: string;
  candidateId: string;
  jobId: string;
  due: Date;
}

/** The live applications of jobs closed long enough ago that they are due by `until`. */
async function dueBy(until: Date): Promise<Kept[]> {
  const jobs = await jobsClosedPast(until);
  if (!jobs.length) return [];
  const byJob = new Map(jobs.map((j) => [j.jobId, j]));
  const rows = await em().execute<{ id: string; job_id: string; candidate_id: string; kept_until: Date | null }[]>(
    `select id, job_id, candidate_id, kept_until from applications
      where job_id = any(?::uuid[]) and candidate_id is not null and company_id is not null and status <> 'hired'
      order by created_at, id`,
    [`{${jobs.map((j) => j.jobId).join(",")}}`],
  );
  return rows
    .map((r) => ({
      id: r.id,
      candidateId: r.candidate_id,
      jobId: r.job_id,
      due: dueAt(byJob.get(r.job_id)!, r.kept_until ? new Date(r.kept_until) : null),
    }))
    .filter((r) => r.due.getTime() <= until.getTime());
}

/**
 * Anonymises one application if it is still due at `at` (read again under its lock: a talent-pool
 * click or a hire meanwhile wins). Returns the storage keys of resume files nothing holds any more.
 */
async function anonymiseIfDue(id: string, at: Date): Promise<string[] | null> {
  return transaction(async () => {
    const application = await lockForUpdate(Application, { id });
    if (!application?.candidateId || application.status === "hired") return null;
    const job = (await closedJobsRetention([application.jobId])).get(application.jobId);
    if (!job || dueAt(job, application.keptUntil ?? null).getTime() > at.getTime()) return null;
    const resumeIds = await anonymiseApplications([id], { teamRecord: "remove" });
    if (!resumeIds.length) return [];
    // The application's copy goes: a resume the candidate had already deleted from their library,
    // and that no other application or draft holds, is erased; one still in their library stays theirs.
    const erased = await em().execute<{ storage_key: string }[]>(
      `delete from resumes r where r.id = any(?::uuid[]) and r.deleted_at is not null
         and not exists (select 1 from applications a where ${HOLDING_APPLICATION})
         and not exists (select 1 from application_drafts d where d.resume_id = r.id)
       returning r.storage_key`,
      [`{${resumeIds.join(",")}}`],
    );
    return erased.map((r) => r.storage_key);
  });
}

export interface RetentionRun {
  anonymised: number;
  filesErased: number;
  reminded: number;
}

/** Anonymises every application due at `at`, one transaction each; the files go after each commit. */
export async function anonymiseDueApplications(at: Date): Promise<{ anonymised: number; filesErased: number }> {
  let anonymised = 0;
  let filesErased = 0;
  for (const row of await dueBy(at)) {
    const keys = await anonymiseIfDue(row.id, at);
    if (!keys) continue;
    anonymised++;
    for (const key of keys) {
      try {
        await storage().delete(key);
        filesErased++;
      } catch (err) {
        logger.error({ err, key }, "retention: resume file not deleted");
      }
    }
  }
  return { anonymised, filesErased };
}

const link = (path: string) => new URL(path, config().publicUrl).toString();

/** The signed one-click address that keeps this application's candidate in its company's talent pool. */
export async function talentPoolUrl(applicationId: string): Promise<string> {
  return link(`/talent-pool/${await signLink(TALENT_POOL_LINK, applicationId)}`);
}

/**
 * Emails each candidate whose application is due within 30 days, once per application and due
 * date (the key is the quota: one email per application per period). Returns how many went.
 */
export async function sendRetentionReminders(at: Date, attempt: SendAttempt): Promise<number> {
  const soon = (await dueBy(new Date(at.getTime() + RETENTION_REMINDER_DAYS * DAY_MS))).filter(
    (r) => r.due.getTime() > at.getTime(),
  );
  const jobs = await jobCards(soon.map((r) => r.jobId));
  let sent = 0;
  for (const row of soon) {
    const [candidate, job] = [await contactFor(row.candidateId), jobs.get(row.jobId)];
    if (!candidate || !job) continue;
    const url = await talentPoolUrl(row.id);
    const message = await retentionReminderEmail({
      language: candidate.language,
      candidateName: candidate.fullName,
      companyName: job.companyName,
      jobTitle: job.title,
      due: formatDate(row.due, INTL_LOCALES[candidate.language]),
      // The page opens in the email's language, signed out too.
      url: candidate.language === "en" ? url : `${url}?lng=${candidate.language}`,
    });
    const result = await sendMailOnce(
      `retention-reminder:${row.id}:${row.due.toISOString()}`,
      { to: candidate.email, ...message },
      attempt,
    );
    if (result === "sent") sent++;
  }
  return sent;
}

function retentionReminderEmail(input: {
  language: Language;
  candidateName: string | null;
  companyName: string;
  jobTitle: string;
  due: string;
  url: string;
}) {
  const t = translator(input.language, "notice");
  const company = oneLine(input.companyName);
  const title = oneLine(input.jobTitle);
  const { due, url } = input;
  return renderEmail({
    lang: input.language,
    subject: t("retentionReminder.subject", { company, due }),
    preview: t("retentionReminder.preview"),
    greeting: greet(input.candidateName, input.language),
    heading: t("retentionReminder.heading", { company }),
    body: [
      t("retentionReminder.closed", { company, title, due }),
      t("retentionReminder.keep", { company }),
      t("retentionReminder.fallback", { url }),
    ],
    action: { label: t("retentionReminder.action"), url },
    reason: t("retentionReminder.reason"),
  });
}

export interface TalentPoolOffer {
  companyName: string;
  /** The jobs of this company the candidate's kept applications went to. */
  jobTitles: string[];
  /** When the first of them is due now, and the months another period adds. */
  due: Date | null;
  months: number;
}

/** The application a talent-pool link names, when the link is ours and the application still has its candidate. */
async function linkedApplication(token: string): Promise<Application | null> {
  const id = await verifyLink(TALENT_POOL_LINK, token);
  if (!id) return null;
  const application = await em().findOne(Application, { id });
  return application?.candidateId && application.companyId ? application : null;
}

/** That candidate's applications to that company whose job closed, not hired and not anonymised. */
async function keptAtCompany(candidateId: string, companyId: string) {
  const rows = await em().find(
    Application,
    { candidateId, companyId, status: { $ne: "hired" } },
    { orderBy: { createdAt: "asc", id: "asc" } },
  );
  const jobs = await closedJobsRetention(rows.map((r) => r.jobId));
  return rows.flatMap((r) => {
    const job = jobs.get(r.jobId);
    return job ? [{ application: r, job, due: dueAt(job, r.keptUntil ?? null) }] : [];
  });
}

/** What the talent-pool page shows (GET, which changes nothing); null: not found. */
export async function talentPoolOffer(token: string): Promise<TalentPoolOffer | null> {
  const application = await linkedApplication(token);
  if (!application) return null;
  const kept = await keptAtCompany(application.candidateId!, application.companyId!);
  const cards = await jobCards([application.jobId, ...kept.map((k) => k.application.jobId)]);
  const first = kept.map((k) => k.due).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    companyName: cards.get(application.jobId)?.companyName ?? "The company",
    jobTitles: [...new Set(kept.map((k) => cards.get(k.application.jobId)?.title ?? "A job"))],
    due: first ?? null,
    months: kept[0]?.job.months ?? 12,
  };
}

/**
 * Keeps the candidate in the company's talent pool (POST from the page): each of their closed
 * applications there is kept until one more period from now, never earlier than it already was, so
 * a second click changes nothing. Returns the new date, or null when the link names nothing.
 */
export async function keepInTalentPool(token: string): Promise<{ until: Date } | null> {
  const application = await linkedApplication(token);
  if (!application) return null;
  return transaction(async (tx) => {
    const kept = await keptAtCompany(application.candidateId!, application.companyId!);
    let latest: Date | null = null;
    for (const { application: row, job, due } of kept) {
      const locked = await lockForUpdate(Application, { id: row.id });
      if (!locked?.candidateId) continue;
      const until = new Date(Math.max(due.getTime(), addMonths(now(), job.months).getTime()));
      locked.keptUntil = until;
      if (!latest || until.getTime() > latest.getTime()) latest = until;
    }
    await tx.flush();
    logger.info({ applications: kept.length }, "talent pool: kept");
    return { until: latest ?? addMonths(now(), 12) };
  });
}

/** When each of these applications is due to be anonymised (absent: its job is open, or it is kept as a hire). */
export async function retentionDueDates(
  rows: { id: string; jobId: string; status: string; companyId?: string | null; keptUntil?: Date | null }[],
): Promise<Map<string, Date>> {
  const jobs = await closedJobsRetention(rows.filter((r) => r.companyId && r.status !== "hired").map((r) => r.jobId));
  const out = new Map<string, Date>();
  for (const r of rows) {
    const job = jobs.get(r.jobId);
    if (job && r.companyId && r.status !== "hired") out.set(r.id, dueAt(job, r.keptUntil ?? null));
  }
  return out;
}

export const retentionQueue: QueueDefinition<object> = {
  name: RETENTION_QUEUE,
  schedule: "40 3 * * *",
  expireInSeconds: 3600,
  async handle(_data, run) {
    const at = now();
    const { anonymised, filesErased } = await anonymiseDueApplications(at);
    const reminded = await sendRetentionReminders(at, run);
    logger.info({ anonymised, filesErased, reminded, jobId: run.jobId }, "retention ran");
  },
};
