// The job alert digest: up to 10 new jobs with links, a link to the whole search, and a one-click
// unsubscribe. A React Email component written with createElement (the worker runs .ts in plain
// Node, which does not load .tsx; decision 016).
import { createElement as h } from "react";
import {
  Body,
  Button,
  Container,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from "@react-email/components";
import { emailHead } from "../../lib/email-layout.ts";

export interface DigestJob {
  title: string;
  company: string;
  location: string;
  salary: string | null;
  source: string;
  url: string;
}

export interface DigestEmailData {
  candidateName: string | null;
  /** "react developer in Berlin" */
  searchLabel: string;
  frequency: "daily" | "weekly";
  jobs: DigestJob[];
  searchUrl: string;
  alertsUrl: string;
  unsubscribeUrl: string;
}

const styles = {
  body: {
    backgroundColor: "#f8fafc",
    fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    color: "#0f172a",
  },
  container: {
    backgroundColor: "#ffffff",
    border: "1px solid #e2e8f0",
    borderRadius: "12px",
    margin: "32px auto",
    padding: "32px",
    maxWidth: "560px",
  },
  brand: { color: "#1d4ed8", fontSize: "14px", fontWeight: 700, margin: "0 0 24px" },
  heading: { fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" },
  job: { borderTop: "1px solid #e2e8f0", padding: "12px 0" },
  jobTitle: { color: "#1d4ed8", fontSize: "16px", fontWeight: 600, textDecoration: "underline" },
  jobMeta: { color: "#475569", fontSize: "14px", lineHeight: "20px", margin: "4px 0 0" },
  button: {
    backgroundColor: "#1d4ed8",
    borderRadius: "8px",
    color: "#ffffff",
    fontWeight: 600,
    padding: "12px 20px",
    margin: "12px 0 8px",
  },
  footer: { color: "#475569", fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export async function digestEmail(data: DigestEmailData): Promise<{ subject: string; html: string; text: string }> {
  const search = oneLine(data.searchLabel);
  const count = data.jobs.length;
  const subject = `${count} new ${count === 1 ? "job" : "jobs"} for ${search}`;
  const first = oneLine(data.candidateName ?? "").split(" ")[0];
  const email = h(
    Html,
    { lang: "en" },
    emailHead(),
    h(
      Preview,
      null,
      `${data.jobs
        .map((j) => oneLine(j.title))
        .slice(0, 3)
        .join(", ")}`,
    ),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, "Hirewise"),
        h(Heading, { as: "h1", style: styles.heading }, `New jobs for ${search}`),
        h(Text, { style: styles.text }, first ? `Hi ${first},` : "Hello,"),
        h(
          Text,
          { style: styles.text },
          `Here ${count === 1 ? "is the job" : `are ${count} jobs`} posted since your last ${data.frequency} alert.`,
        ),
        ...data.jobs.map((job, i) =>
          h(
            Section,
            { key: String(i), style: styles.job },
            h(Link, { href: job.url, style: styles.jobTitle }, oneLine(job.title)),
            h(
              Text,
              { style: styles.jobMeta },
              [oneLine(job.company), oneLine(job.location), job.salary, job.source].filter(Boolean).join(" · "),
            ),
          ),
        ),
        h(Button, { href: data.searchUrl, style: styles.button }, "See all results"),
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        h(
          Text,
          { style: styles.footer },
          "You get this email because you set a job alert on Hirewise. ",
          h(Link, { href: data.alertsUrl, style: styles.link }, "Manage your alerts"),
          ".",
        ),
        h(
          Text,
          { style: styles.footer },
          h(Link, { href: data.unsubscribeUrl, style: styles.link }, "Unsubscribe from this alert"),
        ),
      ),
    ),
  );
  const [html, text] = await Promise.all([
    render(email),
    render(email, {
      plainText: true,
      htmlToTextOptions: {
        selectors: [
          { selector: "h1", options: { uppercase: false } },
          { selector: "a", options: { linkBrackets: ["<", ">"] } },
        ],
      },
    }),
  ]);
  return { subject, html, text: text.trim() };
}
