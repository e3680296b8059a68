// The application emails, in the shared layout (lib/email-layout.ts): to the employer when someone
// applies, and to the candidate when they applied, when the job closed, and when their application
// moves to a stage they hear of (Shortlisted, Interview, Offer, Hired, Not Selected).
// Pure functions: data in, { subject, html, text } out; queues.ts sends them.
import { formatDate } from "../../lib/dates.ts";
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { STATUS_MESSAGES, type EmailedStatus } from "./pipeline.ts";

export type { RenderedEmail };

export interface NewApplicationEmailData {
  employerName: string | null;
  jobTitle: string;
  candidateName: string | null;
  appliedAt: Date;
  applicationUrl: string;
  settingsUrl: string;
}

export interface StatusChangeEmailData {
  candidateName: string | null;
  jobTitle: string;
  companyName: string;
  status: EmailedStatus;
  /** The employer's own words, when they wrote some. */
  message?: string | null;
  applicationsUrl: string;
  settingsUrl: string;
}

export interface ConfirmationEmailData {
  candidateName: string | null;
  jobTitle: string;
  companyName: string;
  appliedAt: Date;
  /** The application as sent (/candidate/applications/{id}). */
  applicationUrl: string;
  settingsUrl: string;
}

/** To the employer: someone applied to one of their jobs. */
export function newApplicationEmail(data: NewApplicationEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const candidate = oneLine(data.candidateName ?? "") || "A candidate";
  return renderEmail({
    subject: `New application for ${jobTitle}`,
    preview: `${candidate} applied for ${jobTitle}.`,
    greeting: greet(data.employerName),
    heading: "You have a new application",
    body: [
      `${candidate} applied for ${jobTitle} on ${formatDate(data.appliedAt)}.`,
      "Their answers and resume are waiting for your review.",
    ],
    action: { label: "View application", url: data.applicationUrl },
    settings: { text: "Don't want an email for every application?", url: data.settingsUrl },
  });
}

/** To the candidate, after submitting: what was sent, and what happens next. */
export function confirmationEmail(data: ConfirmationEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  return renderEmail({
    subject: `We sent your application to ${company}`,
    preview: `Your application for ${jobTitle} at ${company} was sent on ${formatDate(data.appliedAt)}.`,
    greeting: greet(data.candidateName),
    heading: `We sent your application to ${company}`,
    body: [
      `Your application for ${jobTitle} was sent on ${formatDate(data.appliedAt)}, with your answers and resume.`,
      `${company} reads it on Hirewise. When they move it forward or decide not to go ahead, we email you. You can read what you sent, follow its status, or withdraw it until they decide.`,
    ],
    action: { label: "View your application", url: data.applicationUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}

/** What each stage's email says; `message` is the line the candidate also reads on My Applications. */
const STATUS_EMAILS: Record<EmailedStatus, (job: string, company: string) => { subject: string; body: string[] }> = {
  shortlisted: (job, company) => ({
    subject: `${STATUS_MESSAGES.shortlisted} for ${job}`,
    body: [
      `${company} shortlisted your application for ${job}.`,
      "They may be in touch soon about next steps. Good luck!",
    ],
  }),
  interview: (job, company) => ({
    subject: `${STATUS_MESSAGES.interview} for ${job}`,
    body: [`${company} would like to interview you for ${job}.`, "They will be in touch to arrange a time. Good luck!"],
  }),
  offer: (job, company) => ({
    subject: `${STATUS_MESSAGES.offer} for ${job}`,
    body: [`${company} is making you an offer for ${job}.`, "They will be in touch with the details."],
  }),
  hired: (job, company) => ({
    subject: `You're hired for ${job}`,
    body: [`${company} has marked you as hired for ${job}. Congratulations on your new role!`],
  }),
  rejected: (job, company) => ({
    subject: `An update on your application for ${job}`,
    body: [
      `${company} has decided not to move forward with your application for ${job}.`,
      "Thank you for applying. There are many more jobs on Hirewise, and the right one may be next.",
    ],
  }),
};

/** To the candidate: their application moved to a stage they hear of, with the employer's message if they wrote one. */
export function statusChangeEmail(data: StatusChangeEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  const heading = STATUS_MESSAGES[data.status];
  const { subject, body } = STATUS_EMAILS[data.status](jobTitle, company);
  const message = data.message?.trim();
  return renderEmail({
    subject,
    preview: `${heading}: ${jobTitle} at ${company}.`,
    greeting: greet(data.candidateName),
    heading,
    body,
    quote: message ? { label: `A message from ${company}:`, text: message } : undefined,
    action: { label: "View your applications", url: data.applicationsUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}

export interface JobClosedEmailData {
  /** The company closed (or archived) the job, or its last member left Hirewise. */
  reason: "closed" | "company-left";
  candidateName: string | null;
  jobTitle: string;
  companyName: string;
  applicationsUrl: string;
  settingsUrl: string;
}

/** To the candidate still waiting: the company closed the job they applied to, or left Hirewise. */
export function jobClosedEmail(data: JobClosedEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  return renderEmail({
    subject: `${jobTitle} is closed`,
    preview: `${company} closed ${jobTitle}: your application won't be reviewed.`,
    greeting: greet(data.candidateName),
    heading: "This job is closed",
    body: [
      data.reason === "closed"
        ? `${company} has closed ${jobTitle} and is no longer reviewing applications, so yours won't go further.`
        : `${company} no longer uses Hirewise, so ${jobTitle} is closed and your application won't be reviewed.`,
      "Your application stays on My Applications for your records. There are many more jobs on Hirewise, and the right one may be next.",
    ],
    action: { label: "View your applications", url: data.applicationsUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}

export interface MessageEmailData {
  recipientName: string | null;
  /** Who wrote: a member's name, or the candidate's. */
  authorName: string;
  /** To the candidate: the company; to a member: null (it is their own). */
  companyName: string | null;
  jobTitle: string;
  body: string;
  /** The thread on the reader's page (#messages). */
  threadUrl: string;
  settingsUrl: string;
}

/** A message on an application, to the other side: who wrote, their words, and a link back to reply. */
export function messageEmail(data: MessageEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const author = oneLine(data.authorName);
  const company = data.companyName === null ? null : oneLine(data.companyName);
  const from = company ? `${author} at ${company}` : author;
  const about = company ? `your application for ${jobTitle}` : `their application for ${jobTitle}`;
  return renderEmail({
    subject: company ? `A message from ${company} about ${jobTitle}` : `${author} wrote about ${jobTitle}`,
    preview: `${from} wrote about ${about}.`,
    greeting: greet(data.recipientName),
    heading: "You have a new message",
    body: [`${from} wrote about ${about}. Reply on Hirewise: your answer goes to the same thread.`],
    quote: { label: `${author} wrote:`, text: data.body },
    action: { label: "Read and reply", url: data.threadUrl },
    settings: { text: "Don't want emails about applications?", url: data.settingsUrl },
  });
}
