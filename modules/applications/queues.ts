// Background work after an application changes: the emails (scores are in scoring.ts). Each job reads the application afresh,
// so a message always says what is true when it is sent, and a person who turned these emails off
// gets none. Each message has a key (the application for the employer's, the status change for the
// candidate's) and goes out once per key, however often its job runs (lib/mail.ts#sendMailOnce).
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { jobCards, jobContacts } from "../hiring/index.server.ts";
import { contactFor, publicProfiles } from "../identity/index.server.ts";
import { confirmationEmail, jobClosedEmail, messageEmail, newApplicationEmail, statusChangeEmail } from "./emails.ts";
import { Application, ApplicationStatusChange } from "./entities.ts";
import { companyRecipients, MESSAGE_EMAIL_QUEUE, type MessageSide } from "./messages.ts";
import { memberNames } from "./notes.ts";
import { isEmailed, isOpen, type EmailedStatus } from "./pipeline.ts";
import { candidateLabel } from "./review.ts";
import { SCORE_QUEUE, scoringQueues } from "./scoring.ts";
import { waitingDigestQueue } from "./waiting-digest.ts";
import { heldQueues } from "./held-queues.ts";
import { scorecardReminderQueue } from "./scorecard-reminders.ts";
import { retentionQueue } from "./retention.ts";

export const NEW_APPLICATION_EMAIL_QUEUE = "applications.new-application-email";
export const STATUS_EMAIL_QUEUE = "applications.status-email";
export const JOB_CLOSED_EMAIL_QUEUE = "applications.job-closed-email";
export const CONFIRMATION_EMAIL_QUEUE = "applications.confirmation-email";

const link = (path: string) => new URL(path, config().publicUrl).toString();

const newApplicationEmailQueue: QueueDefinition<{ applicationId: string }> = {
  name: NEW_APPLICATION_EMAIL_QUEUE,
  async handle({ applicationId }, run) {
    const application = await em().findOne(Application, { id: applicationId });
    // No company to tell (an imported listing), or the candidate deleted their account since.
    if (!application?.companyId || !application.candidateId) return;
    const [jobs, people, recipients] = await Promise.all([
      jobCards([application.jobId]),
      publicProfiles([application.candidateId]),
      jobContacts(application.jobId),
    ]);
    const job = jobs.get(application.jobId);
    if (!job) return;
    for (const [i, userId] of recipients.entries()) {
      const member = await contactFor(userId);
      if (!member?.emailNotifications) continue;
      const message = await newApplicationEmail({
        language: member.language,
        employerName: member.fullName,
        jobTitle: job.title,
        candidateName: people.get(application.candidateId)?.fullName ?? null,
        appliedAt: new Date(application.createdAt),
        applicationUrl: link(`/employer/jobs/${job.id}/applications/${application.id}`),
        settingsUrl: link("/account"),
      });
      // The first recipient keeps the key messages had before teams (one message per application).
      const key =
        i === 0
          ? `application:${application.id}:new-application`
          : `application:${application.id}:new-application:${userId}`;
      await sendMailOnce(key, { to: member.email, ...message }, run);
    }
  },
};

// `changeId` is absent only from jobs queued before status emails had keys. The employer's message
// is read from the change, so an erased account's message is never sent.
const statusEmailQueue: QueueDefinition<{ applicationId: string; status: EmailedStatus; changeId?: number }> = {
  name: STATUS_EMAIL_QUEUE,
  async handle({ applicationId, status, changeId }, run) {
    const application = await em().findOne(Application, { id: applicationId });
    // Changed again since (a slip corrected at once): the later change sends its own message.
    if (!application?.candidateId || application.status !== status || !isEmailed(status)) return;
    const candidate = await contactFor(application.candidateId);
    if (!candidate?.emailNotifications) return;
    const job = (await jobCards([application.jobId])).get(application.jobId);
    if (!job) return;
    const change =
      changeId === undefined ? null : await em().findOne(ApplicationStatusChange, { id: changeId, applicationId });
    // A member cancelled it while it waited (a rejection's email, rejections.ts).
    if (change?.emailCancelledAt) return;
    const message = await statusChangeEmail({
      language: candidate.language,
      candidateName: candidate.fullName,
      jobTitle: job.title,
      companyName: job.companyName,
      status,
      message: change?.message ?? null,
      applicationsUrl: link("/candidate/applications"),
      settingsUrl: link("/account"),
    });
    const key = changeId === undefined ? `application:${application.id}:${status}` : `status-change:${changeId}`;
    await sendMailOnce(key, { to: candidate.email, ...message }, run);
  },
};

// The job closed while the applicant waited: a member closed or archived it and chose to tell them
// (job-closed.ts, with the time it was told), or the company's last member deleted their account
// (no time). Each applicant hears once per closing.
const jobClosedEmailQueue: QueueDefinition<{ applicationId: string; closedAt?: string }> = {
  name: JOB_CLOSED_EMAIL_QUEUE,
  async handle({ applicationId, closedAt }, run) {
    const application = await em().findOne(Application, { id: applicationId });
    if (!application?.candidateId) return;
    // Decided since the member closed the job: that decision sends its own message.
    if (closedAt && !isOpen(application.status)) return;
    const candidate = await contactFor(application.candidateId);
    if (!candidate?.emailNotifications) return;
    const job = (await jobCards([application.jobId])).get(application.jobId);
    if (!job) return;
    const message = await jobClosedEmail({
      language: candidate.language,
      reason: closedAt ? "closed" : "company-left",
      candidateName: candidate.fullName,
      jobTitle: job.title,
      companyName: job.companyName,
      applicationsUrl: link("/candidate/applications"),
      settingsUrl: link("/account"),
    });
    const key = closedAt
      ? `application:${application.id}:job-closed:${closedAt}`
      : `application:${application.id}:job-closed`;
    await sendMailOnce(key, { to: candidate.email, ...message }, run);
  },
};

// To the candidate, once per application: "We sent your application to {company}".
const confirmationEmailQueue: QueueDefinition<{ applicationId: string }> = {
  name: CONFIRMATION_EMAIL_QUEUE,
  async handle({ applicationId }, run) {
    const application = await em().findOne(Application, { id: applicationId });
    // Withdrawn before the job ran: saying it was sent would be out of date. (A deleted candidate has none.)
    if (!application?.companyId || !application.candidateId || application.status === "withdrawn") return;
    const candidate = await contactFor(application.candidateId);
    if (!candidate?.emailNotifications) return;
    const job = (await jobCards([application.jobId])).get(application.jobId);
    if (!job) return;
    const message = await confirmationEmail({
      language: candidate.language,
      candidateName: candidate.fullName,
      jobTitle: job.title,
      companyName: job.companyName,
      appliedAt: new Date(application.createdAt),
      applicationUrl: link(`/candidate/applications/${application.id}`),
      settingsUrl: link("/account"),
    });
    await sendMailOnce(`application:${application.id}:confirmation`, { to: candidate.email, ...message }, run);
  },
};

// A message on an application, to the other side, once per message and recipient. Read afresh: a
// message erased with an account since is never sent.
const messageEmailQueue: QueueDefinition<{ messageId: string }> = {
  name: MESSAGE_EMAIL_QUEUE,
  async handle({ messageId }, run) {
    const [message] = await em().execute<
      { application_id: string; author_id: string | null; author_side: MessageSide; body: string }[]
    >(`select application_id, author_id, author_side, body from application_messages where id = ?`, [messageId]);
    if (!message) return;
    const application = await em().findOne(Application, { id: message.application_id });
    if (!application?.companyId || !application.candidateId) return;
    const job = (await jobCards([application.jobId])).get(application.jobId);
    if (!job) return;
    const toCandidate = message.author_side === "company";
    const authorName = toCandidate
      ? (await memberNames([message.author_id]))(message.author_id)
      : candidateLabel(
          application.candidateId,
          (await publicProfiles([application.candidateId])).get(application.candidateId),
        );
    const recipients = toCandidate ? [application.candidateId] : await companyRecipients(application);
    for (const userId of recipients) {
      if (userId === message.author_id) continue;
      const person = await contactFor(userId);
      if (!person?.emailNotifications) continue;
      const email = await messageEmail({
        language: person.language,
        recipientName: person.fullName,
        authorName,
        companyName: toCandidate ? job.companyName : null,
        jobTitle: job.title,
        body: message.body,
        threadUrl: link(
          toCandidate
            ? `/candidate/applications/${application.id}#messages`
            : `/employer/jobs/${job.id}/applications/${application.id}#messages`,
        ),
        settingsUrl: link("/account"),
      });
      await sendMailOnce(`message:${messageId}:${userId}`, { to: person.email, ...email }, run);
    }
  },
};

export const applicationsQueues = [
  newApplicationEmailQueue,
  statusEmailQueue,
  jobClosedEmailQueue,
  confirmationEmailQueue,
  messageEmailQueue,
  waitingDigestQueue,
  scorecardReminderQueue,
  retentionQueue,
  ...scoringQueues,
  ...heldQueues,
];

/**
 * The queues a new application starts work on. One made on a company's own site (an imported
 * listing) sends no email: nobody here receives it.
 */
export function afterSubmitQueues(external = false): string[] {
  return external ? [SCORE_QUEUE] : [NEW_APPLICATION_EMAIL_QUEUE, CONFIRMATION_EMAIL_QUEUE, SCORE_QUEUE];
}
