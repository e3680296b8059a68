// The weekly digest of applicants left waiting (issue 32, decision 075): once a week (a pg-boss
// schedule, Monday 08:00 UTC) each recruiter of an open job (its company's owners and the recruiter
// who posted it; hiring's openJobRecruiters) gets one email listing, per job, the undecided
// applications older than STALE_DAYS ("Waiting 14+ days" on the job page): how many and the oldest
// few. Nothing waiting, or the member turned it off (/account or the signed link in its footer):
// no email. The key carries the ISO week, so a rerun or retry that week sends nothing new.
import { config } from "../../lib/config.ts";
import { now } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import type { JobContext, QueueDefinition } from "../../lib/queue.ts";
import { signLink, verifyLink } from "../../lib/signed-links.ts";
import { openJobRecruiters } from "../hiring/index.server.ts";
import { contactFor, publicProfiles, setWaitingDigest } from "../identity/index.server.ts";
import { STALE_DAYS } from "./applicant-list.ts";
import { APPLICATION_STATUSES } from "./entities.ts";
import { isOpen } from "./pipeline.ts";
import { candidateLabel } from "./review.ts";
import { waitingDigestEmail, type WaitingDigestJob } from "./waiting-digest-email.ts";

export const WAITING_DIGEST_QUEUE = "applications.waiting-digest";
export const WAITING_DIGEST_UNSUBSCRIBE = "waiting-digest-unsubscribe";
/** The oldest applicants named per job, and the jobs listed per email. */
const OLDEST_SHOWN = 3;
const JOBS_SHOWN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const UNDECIDED = `{${APPLICATION_STATUSES.filter(isOpen).join(",")}}`;

const link = (path: string) => new URL(path, config().publicUrl).toString();

/** "2026-W49": the ISO 8601 week (Monday first) of `at`, in UTC. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  // The week belongs to the year of its Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** The signed link in the digest's footer that turns it off without signing in. */
export async function waitingDigestUnsubscribeUrl(userId: string): Promise<string> {
  return link(`/digest/unsubscribe/${await signLink(WAITING_DIGEST_UNSUBSCRIBE, userId)}`);
}

/** Turns the digest off for the account a signed link names; false for a link that is not ours. */
export async function unsubscribeWaitingDigest(token: string): Promise<boolean> {
  const userId = await verifyLink(WAITING_DIGEST_UNSUBSCRIBE, token);
  return userId ? setWaitingDigest(userId, false) : false;
}

/** Whether a signed unsubscribe link is one we made (the page's GET, which changes nothing). */
export async function isWaitingDigestLink(token: string): Promise<boolean> {
  return (await verifyLink(WAITING_DIGEST_UNSUBSCRIBE, token)) !== null;
}

interface WaitingRow {
  job_id: string;
  id: string;
  candidate_id: string;
  created_at: Date;
  waiting: string;
}

/** Per job with any: the count of undecided applications applied before `cutoff`, and the oldest few. */
async function waitingByJob(cutoff: Date): Promise<Map<string, { waiting: number; oldest: WaitingRow[] }>> {
  const rows = await em().execute<WaitingRow[]>(
    `select job_id, id, candidate_id, created_at, waiting from (
       select a.job_id, a.id, a.candidate_id, a.created_at,
              count(*) over (partition by a.job_id) as waiting,
              row_number() over (partition by a.job_id order by a.created_at, a.id) as place
         from applications a
        where a.candidate_id is not null and a.job_closed_at is null and a.company_id is not null
          and a.status = any(?::text[]) and a.created_at < ?) t
      where place <= ?
      order by job_id, created_at, id`,
    [UNDECIDED, cutoff, OLDEST_SHOWN],
  );
  const jobs = new Map<string, { waiting: number; oldest: WaitingRow[] }>();
  for (const row of rows) {
    const job = jobs.get(row.job_id) ?? { waiting: Number(row.waiting), oldest: [] };
    job.oldest.push(row);
    jobs.set(row.job_id, job);
  }
  return jobs;
}

export interface DigestRunSummary {
  week: string;
  sent: number;
  optedOut: number;
}

/** One week's digests: who gets what is read now, so a run after a decision leaves that job out. */
export async function sendWaitingDigests(run: JobContext): Promise<DigestRunSummary> {
  const at = now();
  const week = isoWeek(at);
  const waiting = await waitingByJob(new Date(at.getTime() - STALE_DAYS * DAY_MS));
  const jobs = await openJobRecruiters([...waiting.keys()]);
  const byMember = new Map<string, string[]>();
  for (const [jobId, job] of jobs) {
    for (const userId of job.userIds) byMember.set(userId, [...(byMember.get(userId) ?? []), jobId]);
  }
  const candidates = [...waiting.values()].flatMap((job) => job.oldest.map((row) => row.candidate_id));
  const people = await publicProfiles([...new Set(candidates)]);
  const summary: DigestRunSummary = { week, sent: 0, optedOut: 0 };
  for (const [userId, jobIds] of [...byMember].sort(([a], [b]) => a.localeCompare(b))) {
    const member = await contactFor(userId);
    if (!member) continue;
    if (!member.waitingDigest) {
      summary.optedOut++;
      continue;
    }
    // Longest waits first.
    const listed: WaitingDigestJob[] = jobIds
      .map((jobId) => ({ jobId, job: jobs.get(jobId)!, found: waiting.get(jobId)! }))
      .sort((a, b) => +new Date(a.found.oldest[0]!.created_at) - +new Date(b.found.oldest[0]!.created_at))
      .map(({ jobId, job, found }) => ({
        title: job.title,
        waiting: found.waiting,
        url: link(`/employer/jobs/${jobId}?sort=oldest#applications`),
        oldest: found.oldest.map((row) => ({
          name: candidateLabel(row.candidate_id, people.get(row.candidate_id)),
          days: Math.floor((at.getTime() - new Date(row.created_at).getTime()) / DAY_MS),
          url: link(`/employer/jobs/${jobId}/applications/${row.id}?sort=oldest`),
        })),
      }));
    const unsubscribeUrl = await waitingDigestUnsubscribeUrl(userId);
    const email = await waitingDigestEmail({
      language: member.language,
      recipientName: member.fullName,
      jobs: listed.slice(0, JOBS_SHOWN),
      moreJobs: Math.max(0, listed.length - JOBS_SHOWN),
      dashboardUrl: link("/employer/dashboard"),
      settingsUrl: link("/account#emails"),
      // The page opens in the email's language, signed out too.
      unsubscribeUrl: member.language === "en" ? unsubscribeUrl : `${unsubscribeUrl}?lng=${member.language}`,
    });
    const result = await sendMailOnce(
      `waiting-digest:${userId}:${week}`,
      {
        to: member.email,
        ...email,
        headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
      run,
    );
    if (result === "sent") summary.sent++;
  }
  return summary;
}

export const waitingDigestQueue: QueueDefinition<object> = {
  name: WAITING_DIGEST_QUEUE,
  // Mondays, 08:00 UTC: the start of the working week in most of the places our companies are.
  schedule: "0 8 * * 1",
  expireInSeconds: 900,
  async handle(_data, run) {
    const summary = await sendWaitingDigests(run);
    logger.info({ ...summary, jobId: run.jobId }, "waiting applicants digest done");
  },
};
