// The weekly digest to a job's recruiters (waiting-digest.ts): for each open job, how many
// applicants have waited 14+ days for a decision and the oldest few, each linked to their
// application, with a link to the job's list oldest first. Its footer unsubscribes without signing
// in. Written with createElement like every email (the worker runs .ts in plain Node; decision 016).
import { createElement as h } from "react";
import { Body, Button, Container, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { emailHead, emailStyles, greet, oneLine, renderElement, type RenderedEmail } from "../../lib/email-layout.ts";

export interface WaitingDigestJob {
  title: string;
  /** Undecided applications of the job waiting 14+ days. */
  waiting: number;
  /** The job's applicant list, oldest first. */
  url: string;
  oldest: { name: string; days: number; url: string }[];
}

export interface WaitingDigestEmailData {
  recipientName: string | null;
  jobs: WaitingDigestJob[];
  /** Jobs with waiting applicants beyond those listed. */
  moreJobs: number;
  dashboardUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

const styles = {
  ...emailStyles,
  job: { borderTop: "1px solid #e2e8f0", padding: "12px 0" },
  jobTitle: { color: "#1d4ed8", fontSize: "16px", fontWeight: 600, textDecoration: "underline" },
  meta: { color: "#475569", fontSize: "14px", lineHeight: "20px", margin: "4px 0 0" },
  footer: { ...emailStyles.footer, margin: "0 0 8px" },
};

const applicants = (n: number) => (n === 1 ? "1 applicant" : `${n} applicants`);
const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export async function waitingDigestEmail(data: WaitingDigestEmailData): Promise<RenderedEmail> {
  const total = data.jobs.reduce((sum, job) => sum + job.waiting, 0);
  const jobCount = data.jobs.length + data.moreJobs;
  const subject = `${applicants(total)} waiting 14+ days for a decision`;
  const email = h(
    Html,
    { lang: "en" },
    emailHead(),
    h(Preview, null, data.jobs.map((j) => `${oneLine(j.title)}: ${j.waiting}`).join(", ")),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, "Hirewise"),
        h(Heading, { as: "h1", style: styles.heading }, "Applicants waiting for a decision"),
        h(Text, { style: styles.text }, greet(data.recipientName)),
        h(
          Text,
          { style: styles.text },
          `${applicants(total)} on ${jobCount === 1 ? "one of your open jobs" : `${jobCount} of your open jobs`} ${total === 1 ? "has" : "have"} waited more than 14 days without a decision. A short answer, even a no, is better than silence.`,
        ),
        ...data.jobs.map((job, i) =>
          h(
            Section,
            { key: String(i), style: styles.job },
            h(Link, { href: job.url, style: styles.jobTitle }, oneLine(job.title)),
            h(Text, { style: styles.meta }, `${applicants(job.waiting)} waiting 14+ days`),
            ...job.oldest.map((person, j) =>
              h(
                Text,
                { key: String(j), style: styles.meta },
                h(Link, { href: person.url, style: styles.link }, oneLine(person.name)),
                ` · waiting ${days(person.days)}`,
              ),
            ),
          ),
        ),
        data.moreJobs
          ? h(
              Text,
              { style: styles.text },
              `And ${data.moreJobs === 1 ? "1 more job" : `${data.moreJobs} more jobs`} with applicants waiting.`,
            )
          : null,
        h(Button, { href: data.dashboardUrl, style: styles.button }, "Open your dashboard"),
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        h(
          Text,
          { style: styles.footer },
          "You get this weekly email as a recruiter of these jobs on Hirewise. Change it in your ",
          h(Link, { href: data.settingsUrl, style: styles.link }, "account settings"),
          ".",
        ),
        h(
          Text,
          { style: styles.footer },
          h(Link, { href: data.unsubscribeUrl, style: styles.link }, "Unsubscribe from this weekly digest"),
        ),
      ),
    ),
  );
  return renderElement(subject, email);
}
