// The application emails, in the shared layout (lib/email-layout.ts): to the employer when someone
// applies, and to the candidate when they applied, when the job closed, and when their application
// moves to a stage they hear of (Shortlisted, Interview, Offer, Hired, Not Selected).
// Pure functions: data in, { subject, html, text } out, in the recipient's `language` (catalogue:
// mail); queues.ts sends them.
import { formatDate } from "../../lib/dates.ts";
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "../../locales/index.ts";
import type { EmailedStatus } from "./pipeline.ts";

export type { RenderedEmail };

export interface NewApplicationEmailData {
  language?: Language;
  employerName: string | null;
  jobTitle: string;
  candidateName: string | null;
  appliedAt: Date;
  applicationUrl: string;
  settingsUrl: string;
}

export interface StatusChangeEmailData {
  language?: Language;
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
  language?: Language;
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
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "mail");
  const job = oneLine(data.jobTitle);
  const candidate = oneLine(data.candidateName ?? "") || t("someCandidate");
  const date = formatDate(data.appliedAt, INTL_LOCALES[language]);
  return renderEmail({
    lang: language,
    subject: t("newApplication.subject", { job }),
    preview: t("newApplication.preview", { candidate, job }),
    greeting: greet(data.employerName, language),
    heading: t("newApplication.heading"),
    body: [t("newApplication.applied", { candidate, job, date }), t("newApplication.waiting")],
    action: { label: t("newApplication.action"), url: data.applicationUrl },
    settings: { text: t("newApplication.settings"), url: data.settingsUrl },
  });
}

/** To the candidate, after submitting: what was sent, and what happens next. */
export function confirmationEmail(data: ConfirmationEmailData): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "mail");
  const job = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  const date = formatDate(data.appliedAt, INTL_LOCALES[language]);
  return renderEmail({
    lang: language,
    subject: t("confirmation.subject", { company }),
    preview: t("confirmation.preview", { job, company, date }),
    greeting: greet(data.candidateName, language),
    heading: t("confirmation.subject", { company }),
    body: [t("confirmation.sent", { job, date }), t("confirmation.next", { company })],
    action: { label: t("confirmation.action"), url: data.applicationUrl },
    settings: { text: t("candidateSettings"), url: data.settingsUrl },
  });
}

/** To the candidate: their application moved to a stage they hear of, with the employer's message if they wrote one. */
export function statusChangeEmail(data: StatusChangeEmailData): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE, status } = data;
  const t = translator(language, "mail");
  const job = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  const heading = t(`status.${status}.heading`);
  const message = data.message?.trim();
  // Hired has no second line: the congratulations are the news.
  const body = [t(`status.${status}.body`, { job, company })];
  if (status !== "hired") body.push(t(`status.${status}.next`));
  return renderEmail({
    lang: language,
    subject: t(`status.${status}.subject`, { job }),
    preview: t("status.preview", { heading, job, company }),
    greeting: greet(data.candidateName, language),
    heading,
    body,
    quote: message ? { label: t("status.quote", { company }), text: message } : undefined,
    action: { label: t("viewApplications"), url: data.applicationsUrl },
    settings: { text: t("candidateSettings"), url: data.settingsUrl },
  });
}

export interface JobClosedEmailData {
  language?: Language;
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
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "mail");
  const job = oneLine(data.jobTitle);
  const company = oneLine(data.companyName);
  return renderEmail({
    lang: language,
    subject: t("closed.subject", { job }),
    preview: t("closed.preview", { company, job }),
    greeting: greet(data.candidateName, language),
    heading: t("closed.heading"),
    body: [t(data.reason === "closed" ? "closed.closed" : "closed.companyLeft", { company, job }), t("closed.kept")],
    action: { label: t("viewApplications"), url: data.applicationsUrl },
    settings: { text: t("candidateSettings"), url: data.settingsUrl },
  });
}

export interface MessageEmailData {
  language?: Language;
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
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "mail");
  const job = oneLine(data.jobTitle);
  const author = oneLine(data.authorName);
  const company = data.companyName === null ? null : oneLine(data.companyName);
  const from = company ? t("message.fromAt", { author, company }) : author;
  const about = t(company ? "message.aboutYours" : "message.aboutTheirs", { job });
  return renderEmail({
    lang: language,
    subject: company
      ? t("message.subjectFromCompany", { company, job })
      : t("message.subjectFromCandidate", { author, job }),
    preview: t("message.preview", { from, about }),
    greeting: greet(data.recipientName, language),
    heading: t("message.heading"),
    body: [t("message.body", { from, about })],
    quote: { label: t("message.quote", { author }), text: data.body },
    action: { label: t("message.action"), url: data.threadUrl },
    settings: { text: t("message.settings"), url: data.settingsUrl },
  });
}
