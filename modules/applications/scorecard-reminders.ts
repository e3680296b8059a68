// Reminding a colleague of their scorecard (issue 34 item 4, decision 085): on an application,
// an owner or recruiter sends one email to a member of the job's team who has not submitted
// theirs, with a link to their scorecard page. Once per member and application in 24 hours
// (whoever sends it), and within the sender's hourly quota ("scorecard-reminders"). The email is
// queued with the reminder (both or neither) and sent once per reminder (lib/mail.ts#sendMailOnce);
// the job reads afresh, so a member who submitted or left since hears nothing.
import { randomUUID } from "node:crypto";
import { config } from "../../lib/config.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { DEFAULT_LANGUAGE, translator, type Language } from "../../locales/index.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { isUuid, jobCards, jobTeam, may, type Member } from "../hiring/index.server.ts";
import { contactFor, publicProfiles } from "../identity/index.server.ts";
import { Application } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import { memberNames } from "./notes.ts";
import { applicationOfMember, candidateLabel } from "./review.ts";
import { pageDateTime } from "./zoned-dates.ts";

export const SCORECARD_REMINDER_QUEUE = "applications.scorecard-reminder";

/** One reminder per member and application in this long. */
export const REMINDER_GAP_MS = 24 * 60 * 60 * 1000;

export interface PendingReviewer {
  userId: string;
  name: string;
  mine: boolean;
  /** When the last reminder went to them on this application (the member's time zone), if one did. */
  remindedAt: string | null;
  /** Whether a reminder may go now (the member sending may, it is not them, none in the last 24 hours). */
  mayRemind: boolean;
}

export interface ScorecardReminders {
  /** Owners and recruiters send reminders; interviewers do not. */
  maySend: boolean;
  /** The job's team members who have not submitted a scorecard on the application. */
  pending: PendingReviewer[];
}

interface Where {
  jobId?: string;
}

const submittedAuthors = async (applicationId: string) =>
  new Set(
    (
      await em().execute<{ author_id: string }[]>(
        `select author_id from scorecards where application_id = ? and submitted_at is not null and author_id is not null`,
        [applicationId],
      )
    ).map((r) => r.author_id),
  );

/** Who of the job's team has not submitted on the application, and whether the member may remind each. */
export async function scorecardReminders(
  member: Member,
  applicationId: string,
  { jobId }: Where = {},
): Promise<ScorecardReminders> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const [team, submitted, reminded] = await Promise.all([
    jobTeam(member.companyId, application.jobId),
    submittedAuthors(application.id),
    em().execute<{ member_id: string; at: Date }[]>(
      `select member_id, max(created_at) as at from scorecard_reminders where application_id = ? group by member_id`,
      [application.id],
    ),
  ]);
  const lastOf = new Map(reminded.map((r) => [r.member_id, new Date(r.at)]));
  const maySend = may(member, "decide");
  const since = now().getTime() - REMINDER_GAP_MS;
  return {
    maySend,
    pending: team
      .filter((m) => !submitted.has(m.userId))
      .map((m) => {
        const last = lastOf.get(m.userId);
        return {
          userId: m.userId,
          name: m.name,
          mine: m.userId === member.userId,
          remindedAt: last ? pageDateTime(last, member.timeZone) : null,
          mayRemind: maySend && m.userId !== member.userId && !(last && last.getTime() > since),
        };
      }),
  };
}

/**
 * Sends `memberId` a reminder of their scorecard on the application; returns their name. Not
 * found for someone who does not see the application or a member not on the job's team; forbidden
 * for an interviewer; invalid for oneself, a member who has submitted, or one reminded in the last
 * 24 hours; QuotaExceededError past the sender's reminders for the hour.
 */
export async function remindScorecard(
  member: Member,
  applicationId: string,
  memberId: string,
  { jobId }: Where = {},
): Promise<string> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  if (!may(member, "decide"))
    throw new ApplicationError("forbidden", "Only owners and recruiters send scorecard reminders.");
  const target = isUuid(memberId)
    ? (await jobTeam(member.companyId, application.jobId)).find((m) => m.userId === memberId)
    : undefined;
  if (!target) throw new ApplicationError("not-found", "That member could not be found on this job's team.");
  if (target.userId === member.userId)
    throw new ApplicationError("invalid", "That is you: write your own scorecard instead.");
  await transaction(async () => {
    // Two reminders at once wait for each other here, so only one goes in the 24 hours.
    await lockForUpdate(Application, { id: application.id });
    if ((await submittedAuthors(application.id)).has(target.userId))
      throw new ApplicationError("invalid", `${target.name} has already submitted their scorecard.`);
    const [last] = await em().execute<{ at: Date | null }[]>(
      `select max(created_at) as at from scorecard_reminders where application_id = ? and member_id = ?`,
      [application.id, target.userId],
    );
    if (last?.at && new Date(last.at).getTime() > now().getTime() - REMINDER_GAP_MS) {
      const next = new Date(new Date(last.at).getTime() + REMINDER_GAP_MS);
      throw new ApplicationError(
        "invalid",
        `${target.name} was reminded ${pageDateTime(new Date(last.at), member.timeZone)}: the next reminder can go ${pageDateTime(next, member.timeZone)}.`,
      );
    }
    await enforceQuota("scorecard-reminders", member.userId);
    const id = randomUUID();
    await em().execute(
      `insert into scorecard_reminders (id, application_id, member_id, sent_by, created_at) values (?, ?, ?, ?, ?)`,
      [id, application.id, target.userId, member.userId, now()],
    );
    await enqueue(SCORECARD_REMINDER_QUEUE, { reminderId: id });
  });
  return target.name;
}

export interface ScorecardReminderEmailData {
  language?: Language;
  recipientName: string | null;
  senderName: string;
  candidateName: string;
  jobTitle: string;
  scorecardUrl: string;
  settingsUrl: string;
}

/** "Rami asks for your scorecard on Cleo Candidate": who asks, for whom, and the link to write it. */
export function scorecardReminderEmail(data: ScorecardReminderEmailData): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "notice");
  const sender = oneLine(data.senderName);
  const candidate = oneLine(data.candidateName);
  const job = oneLine(data.jobTitle);
  return renderEmail({
    lang: language,
    subject: t("scorecardReminder.subject", { candidate, job }),
    preview: t("scorecardReminder.preview", { sender, candidate }),
    greeting: greet(data.recipientName, language),
    heading: t("scorecardReminder.heading"),
    body: [t("scorecardReminder.asks", { sender, candidate, job }), t("scorecardReminder.why")],
    action: { label: t("scorecardReminder.action"), url: data.scorecardUrl },
    settings: { text: t("scorecardReminder.settings"), url: data.settingsUrl },
  });
}

const link = (path: string) => new URL(path, config().publicUrl).toString();

// Read afresh when it runs: a member who submitted since, left the job's team or turned these
// emails off gets nothing; each reminder is one email, however often the job runs.
export const scorecardReminderQueue: QueueDefinition<{ reminderId: string }> = {
  name: SCORECARD_REMINDER_QUEUE,
  async handle({ reminderId }, run) {
    const [reminder] = await em().execute<{ application_id: string; member_id: string; sent_by: string | null }[]>(
      `select application_id, member_id, sent_by from scorecard_reminders where id = ?`,
      [reminderId],
    );
    if (!reminder) return;
    const application = await em().findOne(Application, { id: reminder.application_id });
    if (!application?.companyId) return;
    const [team, submitted] = await Promise.all([
      jobTeam(application.companyId, application.jobId),
      submittedAuthors(application.id),
    ]);
    if (!team.some((m) => m.userId === reminder.member_id) || submitted.has(reminder.member_id)) return;
    const [contact, jobs, nameOf, people] = await Promise.all([
      contactFor(reminder.member_id),
      jobCards([application.jobId]),
      memberNames([reminder.sent_by]),
      publicProfiles(application.candidateId ? [application.candidateId] : []),
    ]);
    const job = jobs.get(application.jobId);
    if (!contact?.emailNotifications || !job) return;
    const email = await scorecardReminderEmail({
      language: contact.language,
      recipientName: contact.fullName,
      senderName: nameOf(reminder.sent_by),
      candidateName: candidateLabel(application.candidateId, people.get(application.candidateId ?? "")),
      jobTitle: job.title,
      scorecardUrl: link(`/employer/jobs/${application.jobId}/applications/${application.id}/scorecard`),
      settingsUrl: link("/account"),
    });
    await sendMailOnce(`scorecard-reminder:${reminderId}`, { to: contact.email, ...email }, run);
  },
};
