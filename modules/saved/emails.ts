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
import { emailHead, greet } from "../../lib/email-layout.ts";
import { formatMoney } from "../../lib/dates.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "../../locales/index.ts";

export interface DigestJob {
  title: string;
  company: string;
  location: string;
  salary: string | null;
  /** The pay as numbers (board jobs): written in the reader's language; `salary` is the English. */
  pay?: { min: number | null; max: number | null; currency: string };
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
  /** The recipient's language (catalogue: alertMail); English without one. */
  language?: Language;
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
  const { language = DEFAULT_LANGUAGE } = data;
  const t = translator(language, "alertMail");
  const search = oneLine(data.searchLabel);
  const count = data.jobs.length;
  const subject = t("subject", { count, search });
  // Board jobs carry "On Hirewise" (run.ts): said in the reader's language; a provider's name stays.
  const source = (value: string) => (value === "On Hirewise" ? t("onHirewise") : value);
  const jobs = translator(language, "jobs");
  const salary = ({ salary, pay }: DigestJob): string | null => {
    if (language === DEFAULT_LANGUAGE || !pay) return salary;
    const money = (n: number) => formatMoney(n, pay.currency, INTL_LOCALES[language]);
    const { min, max } = pay;
    if (min !== null && max !== null)
      return min === max ? money(min) : jobs("salaryRange", { min: money(min), max: money(max) });
    if (min !== null) return jobs("salaryFrom", { amount: money(min) });
    if (max !== null) return jobs("salaryUpTo", { amount: money(max) });
    return null;
  };
  const email = h(
    Html,
    { lang: language },
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
        h(Heading, { as: "h1", style: styles.heading }, t("heading", { search })),
        h(Text, { style: styles.text }, greet(data.candidateName, language)),
        h(Text, { style: styles.text }, t(data.frequency, { count })),
        ...data.jobs.map((job, i) =>
          h(
            Section,
            { key: String(i), style: styles.job },
            h(Link, { href: job.url, style: styles.jobTitle }, oneLine(job.title)),
            h(
              Text,
              { style: styles.jobMeta },
              [oneLine(job.company), oneLine(job.location), salary(job), source(job.source)]
                .filter(Boolean)
                .join(" · "),
            ),
          ),
        ),
        h(Button, { href: data.searchUrl, style: styles.button }, t("seeAll")),
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        h(
          Text,
          { style: styles.footer },
          t("reason"),
          h(Link, { href: data.alertsUrl, style: styles.link }, t("manage")),
          ".",
        ),
        h(Text, { style: styles.footer }, h(Link, { href: data.unsubscribeUrl, style: styles.link }, t("unsubscribe"))),
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
