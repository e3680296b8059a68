// The interview emails, sent by queued jobs that read the interview afresh: a job whose version or
// sequence is no longer the interview's sends nothing (the later change queued its own). Each
// message has a key per change and person and goes once (sendMailOnce). Invitations, cancellations
// and reminders go whatever the person's email setting: they are the appointment itself.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { sendMailOnce, type MailMessage, type SendAttempt } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { formatZoned } from "../../lib/zoned-time.ts";
import { INTL_LOCALES, type Language } from "../../locales/index.ts";
import { invitationIcs, type Invitation } from "./calendar.ts";
import { INTERVIEW_EMAIL_QUEUE, INTERVIEW_REMINDERS_QUEUE, type InterviewEmailJob } from "./email-jobs.ts";
import { cancellationEmail, invitationEmail, offerEmail, reminderEmail, withdrawnEmail } from "./emails.ts";
import { Interview, InterviewSlot } from "./entities.ts";
import {
  candidatePage,
  gather,
  invitationOf,
  link,
  memberPage,
  settingsUrl,
  type InterviewFacts,
  type Party,
} from "./facts.ts";

async function sendToParties(
  interview: Interview,
  facts: InterviewFacts,
  key: string,
  method: Invitation["method"] | null,
  render: (party: Party) => Promise<{ subject: string; html: string; text: string }>,
  run: SendAttempt,
) {
  const slot = facts.slot;
  // Each party's calendar entry in their language: its summary and description are words.
  const ics = (language: Language) =>
    method && slot ? invitationIcs(invitationOf(interview, slot, facts, method, language)) : null;
  for (const party of facts.parties) {
    const message: MailMessage = { to: party.contact.email, ...(await render(party)) };
    const content = ics(party.contact.language);
    if (content) message.icalEvent = { method: method!, filename: "interview.ics", content };
    await sendMailOnce(`${key}:${party.userId}`, message, run);
  }
}

async function sendInterviewEmail(job: InterviewEmailJob, run: SendAttempt): Promise<void> {
  const interview = await em().findOne(Interview, { id: job.interviewId });
  if (!interview) return;
  const facts = await gather(interview);
  if (!facts) return;
  const audience = (p: Party) => ({ kind: p.kind, name: p.contact.fullName });
  const pageOf = (p: Party) => (p.kind === "candidate" ? candidatePage(interview) : memberPage(interview));
  if (job.kind === "offer" || job.kind === "withdrawn") {
    if (interview.version !== job.version || !facts.candidate?.emailNotifications || !interview.candidateId) return;
    if (job.kind === "withdrawn" && interview.status !== "cancelled") return;
    const slots = await em().find(InterviewSlot, { interviewId: interview.id }, { orderBy: { startsAt: "asc" } });
    const email =
      job.kind === "offer"
        ? await offerEmail({
            language: facts.candidate.language,
            candidateName: facts.candidate.fullName,
            companyName: facts.job.companyName,
            jobTitle: facts.job.title,
            times: slots
              .filter((s) => s.id !== interview.bookedSlotId && s.startsAt.getTime() > now().getTime())
              .map((s) => formatZoned(s.startsAt, interview.timeZone, INTL_LOCALES[facts.candidate!.language])),
            zone: interview.timeZone,
            bookedWhen:
              facts.slot && interview.status === "booked"
                ? facts.details(facts.slot, facts.candidate.language).when
                : null,
            pickUrl: candidatePage(interview),
            settingsUrl: settingsUrl(),
          })
        : await withdrawnEmail({
            language: facts.candidate.language,
            candidateName: facts.candidate.fullName,
            companyName: facts.job.companyName,
            jobTitle: facts.job.title,
            applicationUrl: link(`/candidate/applications/${interview.applicationId}`),
            settingsUrl: settingsUrl(),
          });
    await sendMailOnce(
      `interview:${interview.id}:${job.kind}:${job.version}`,
      { to: facts.candidate.email, ...email },
      run,
    );
    return;
  }
  if (interview.sequence !== job.sequence || !facts.slot) return;
  if (job.kind === "invite") {
    if (interview.status !== "booked") return;
    const slot = facts.slot;
    await sendToParties(
      interview,
      facts,
      `interview:${interview.id}:invite:${job.sequence}`,
      "REQUEST",
      (p) =>
        invitationEmail({
          ...facts.details(slot, p.contact.language),
          language: p.contact.language,
          audience: audience(p),
          moved: job.sequence > 0,
          pageUrl: pageOf(p),
        }),
      run,
    );
    return;
  }
  if (interview.status !== "cancelled") return;
  const slot = facts.slot;
  await sendToParties(
    interview,
    facts,
    `interview:${interview.id}:cancel:${job.sequence}`,
    "CANCEL",
    (p) =>
      cancellationEmail({
        ...facts.details(slot, p.contact.language),
        language: p.contact.language,
        audience: audience(p),
        cancelledBy: interview.cancelledBy ?? "company",
        pageUrl: p.kind === "candidate" ? link(`/candidate/applications/${interview.applicationId}`) : pageOf(p),
      }),
    run,
  );
}

/** Reminds both sides of each booked interview starting within the next 24 hours, once per booking. */
export async function sendInterviewReminders(at: Date, run: SendAttempt): Promise<number> {
  const due = await em().execute<{ id: string }[]>(
    `select i.id from interviews i join interview_slots s on s.id = i.booked_slot_id
      where i.status = 'booked' and s.starts_at > ? and s.starts_at <= ?
        and i.reminded_sequence is distinct from i.sequence
      order by s.starts_at limit 500`,
    [at, new Date(at.getTime() + 24 * 3_600_000)],
  );
  for (const { id } of due) {
    const interview = await em().findOne(Interview, { id });
    const facts = interview && (await gather(interview));
    if (!interview || !facts?.slot) continue;
    const slot = facts.slot;
    await sendToParties(
      interview,
      facts,
      `interview:${id}:reminder:${interview.sequence}`,
      null,
      (p) =>
        reminderEmail({
          ...facts.details(slot, p.contact.language),
          language: p.contact.language,
          audience: { kind: p.kind, name: p.contact.fullName },
          pageUrl: p.kind === "candidate" ? candidatePage(interview) : memberPage(interview),
        }),
      run,
    );
    await em().nativeUpdate(Interview, { id, sequence: interview.sequence }, { remindedSequence: interview.sequence });
  }
  return due.length;
}

const interviewEmailQueue: QueueDefinition<InterviewEmailJob> = {
  name: INTERVIEW_EMAIL_QUEUE,
  handle: (job, run) => sendInterviewEmail(job, run),
};

const interviewRemindersQueue: QueueDefinition<object> = {
  name: INTERVIEW_REMINDERS_QUEUE,
  schedule: "*/10 * * * *",
  expireInSeconds: 900,
  async handle(_data, run) {
    const reminded = await sendInterviewReminders(now(), run);
    if (reminded) logger.info({ reminded, jobId: run.jobId }, "interview reminders sent");
  },
};

export const interviewsQueues = [interviewEmailQueue, interviewRemindersQueue];
