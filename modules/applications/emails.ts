// The two application emails, in the shared layout (lib/email-layout.ts): to the employer when
// someone applies, and to the candidate when their application is shortlisted or not selected.
// Pure functions: data in, { subject, html, text } out; queues.ts sends them.
import { formatDate } from "../../lib/dates.ts";
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";

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
  status: "shortlisted" | "rejected";
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

// The status messages as the candidate sees them on My Applications.
const STATUS_MESSAGES = {
  shortlisted: "Congratulations! You've been shortlisted",
  rejected: "Not selected for this role",
} as const;

/** To the employer: someone applied to one of their jobs. */
export function newApplicationEmail(data: NewApplicationEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const candidate = oneLine(data.candidateName ?? "") || "A candidate";
  return renderEmail({
    subject: `New application for ${jobTitle}`,
    preview: `${candidate} applied for ${jobTitle}.`,
    greeting: greet(data.employerName),
    heading: "You have a new application",
    body: [`${candidate} applied for ${jobTitle} on ${formatDate(data.appliedAt)}.`, "Their answers and resume are waiting for your review."],
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
      `${company} reads it on Hirewise. When they shortlist it or decide not to go ahead, we email you. You can read what you sent, follow its status, or withdraw it until they decide.`,
    ],
    action: { label: "View your application", url: data.applicationUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}

/** To the candidate: their application was shortlisted or not selected. */
export function statusChangeEmail(data: StatusChangeEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  const message = STATUS_MESSAGES[data.status];
  const shortlisted = data.status === "shortlisted";
  return renderEmail({
    subject: shortlisted ? `${message} for ${jobTitle}` : `An update on your application for ${jobTitle}`,
    preview: `${message}: ${jobTitle} at ${company}.`,
    greeting: greet(data.candidateName),
    heading: message,
    body: shortlisted
      ? [`${company} shortlisted your application for ${jobTitle}.`, "They may be in touch soon about next steps. Good luck!"]
      : [
          `${company} has decided not to move forward with your application for ${jobTitle}.`,
          "Thank you for applying. There are many more jobs on Hirewise, and the right one may be next.",
        ],
    action: { label: "View your applications", url: data.applicationsUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}

export interface JobClosedEmailData {
  candidateName: string | null;
  jobTitle: string;
  companyName: string;
  applicationsUrl: string;
  settingsUrl: string;
}

/** To the candidate: the employer left Hirewise, so the job they applied to is closed. */
export function jobClosedEmail(data: JobClosedEmailData): Promise<RenderedEmail> {
  const jobTitle = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  return renderEmail({
    subject: `${jobTitle} is closed`,
    preview: `${company} closed ${jobTitle}: your application won't be reviewed.`,
    greeting: greet(data.candidateName),
    heading: "This job is closed",
    body: [
      `${company} no longer uses Hirewise, so ${jobTitle} is closed and your application won't be reviewed.`,
      "Your application stays on My Applications for your records. There are many more jobs on Hirewise, and the right one may be next.",
    ],
    action: { label: "View your applications", url: data.applicationsUrl },
    settings: { text: "Don't want emails about your applications?", url: data.settingsUrl },
  });
}
