// The weekly digest to a job's recruiters (waiting-digest.ts): for each open job, how many
// applicants have waited 14+ days for a decision and the oldest few, each linked to their
// application, with a link to the job's list oldest first. Its footer unsubscribes without signing
// in. Written with createElement like every email (the worker runs .ts in plain Node; decision 016).
import { createElement as h } from "react";
import { Body, Button, Container, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { emailHead, emailStyles, greet, oneLine, renderElement, type RenderedEmail } from "../../lib/email-layout.ts";
import { DEFAULT_LANGUAGE, translator, type Language } from "../../locales/index.ts";

export interface WaitingDigestJob {
  title: string;
  /** Undecided applications of the job waiting 14+ days. */
  waiting: number;
  /** The job's applicant list, oldest first. */
  url: string;
  oldest: { name: string; days: number; url: string }[];
}

export interface WaitingDigestEmailData {
  language?: Language;
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

export async function waitingDigestEmail(data: WaitingDigestEmailData): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "notice");
  const applicants = (count: number) => t("waitingDigest.applicants", { count });
  const total = data.jobs.reduce((sum, job) => sum + job.waiting, 0);
  const jobCount = data.jobs.length + data.moreJobs;
  const jobs = jobCount === 1 ? t("waitingDigest.oneJob") : t("waitingDigest.jobs", { n: jobCount });
  const subject = t("waitingDigest.subject", { count: total, applicants: applicants(total) });
  const email = h(
    Html,
    { lang: language },
    emailHead(),
    h(Preview, null, data.jobs.map((j) => `${oneLine(j.title)}: ${j.waiting}`).join(", ")),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, "Hirewise"),
        h(Heading, { as: "h1", style: styles.heading }, t("waitingDigest.heading")),
        h(Text, { style: styles.text }, greet(data.recipientName, language)),
        h(
          Text,
          { style: styles.text },
          t("waitingDigest.summary", { count: total, applicants: applicants(total), jobs }),
        ),
        ...data.jobs.map((job, i) =>
          h(
            Section,
            { key: String(i), style: styles.job },
            h(Link, { href: job.url, style: styles.jobTitle }, oneLine(job.title)),
            h(
              Text,
              { style: styles.meta },
              t("waitingDigest.jobWaiting", { count: job.waiting, applicants: applicants(job.waiting) }),
            ),
            ...job.oldest.map((person, j) =>
              h(
                Text,
                { key: String(j), style: styles.meta },
                h(Link, { href: person.url, style: styles.link }, oneLine(person.name)),
                t("waitingDigest.personWaiting", { days: t("waitingDigest.days", { count: person.days }) }),
              ),
            ),
          ),
        ),
        data.moreJobs ? h(Text, { style: styles.text }, t("waitingDigest.more", { count: data.moreJobs })) : null,
        h(Button, { href: data.dashboardUrl, style: styles.button }, t("waitingDigest.action")),
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        h(
          Text,
          { style: styles.footer },
          t("waitingDigest.footer"),
          h(Link, { href: data.settingsUrl, style: styles.link }, t("waitingDigest.settingsLink")),
          ".",
        ),
        h(
          Text,
          { style: styles.footer },
          h(Link, { href: data.unsubscribeUrl, style: styles.link }, t("waitingDigest.unsubscribe")),
        ),
      ),
    ),
  );
  return renderElement(subject, email);
}
