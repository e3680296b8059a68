// The two application emails, as React Email components rendered to HTML and plain text: to the
// employer when someone applies, and to the candidate when their application is shortlisted or not
// selected. Pure functions: data in, { subject, html, text } out; queues.ts sends them.
// Written with createElement rather than JSX: the worker and the CLI load this file in plain Node,
// which runs .ts but not .tsx (decision 016).
import { createElement as h, type ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, render, Text } from "@react-email/components";
import { formatDate } from "../../lib/dates.ts";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

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

interface Layout {
  subject: string;
  preview: string;
  greeting: string;
  heading: string;
  body: string[];
  action: { label: string; url: string };
  settings: { text: string; url: string };
}

// Inline styles: many mail clients drop <style> blocks and ignore classes.
const styles = {
  body: { backgroundColor: "#f8fafc", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", color: "#0f172a" },
  container: { backgroundColor: "#ffffff", border: "1px solid #e2e8f0", borderRadius: "12px", margin: "32px auto", padding: "32px", maxWidth: "560px" },
  brand: { color: "#1d4ed8", fontSize: "14px", fontWeight: 700, margin: "0 0 24px" },
  heading: { fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" },
  button: { backgroundColor: "#1d4ed8", borderRadius: "8px", color: "#ffffff", fontWeight: 600, padding: "12px 20px", margin: "12px 0 8px" },
  footer: { color: "#475569", fontSize: "13px", lineHeight: "20px", margin: "0" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
};

function EmailLayout({ preview, greeting, heading, body, action, settings }: Omit<Layout, "subject">): ReactNode {
  return h(
    Html,
    { lang: "en" },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, "Hirewise"),
        h(Heading, { as: "h1", style: styles.heading }, heading),
        h(Text, { style: styles.text }, greeting),
        ...body.map((paragraph) => h(Text, { key: paragraph, style: styles.text }, paragraph)),
        h(Button, { href: action.url, style: styles.button }, action.label),
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        h(Text, { style: styles.footer }, `${settings.text} Turn these emails off in your `, h(Link, { href: settings.url, style: styles.link }, "account settings"), "."),
      ),
    ),
  );
}

const PLAIN_TEXT_SELECTORS = [
  // Headings keep their case (the converter's default is upper case).
  { selector: "h1", options: { uppercase: false } },
  // Addresses in angle brackets, so a full stop after one is not taken as part of it.
  { selector: "a", options: { linkBrackets: ["<", ">"] as [string, string] } },
];

async function renderEmail({ subject, ...layout }: Layout): Promise<RenderedEmail> {
  const email = h(EmailLayout, layout);
  const [html, text] = await Promise.all([
    render(email),
    render(email, { plainText: true, htmlToTextOptions: { selectors: PLAIN_TEXT_SELECTORS } }),
  ]);
  return { subject, html, text: text.trim() };
}

function greet(name: string | null): string {
  const first = oneLine(name ?? "").split(" ")[0];
  return first ? `Hi ${first},` : "Hello,";
}

/** Text from people (titles, names) on one line: no line breaks in a subject or a sentence. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
