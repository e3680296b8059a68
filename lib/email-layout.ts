// The one look of every email we send: React Email components rendered to HTML and plain text.
// Modules write the words (subject, heading, paragraphs, one action) and get { subject, html, text }.
// Written with createElement rather than JSX: the worker and the CLI load this file in plain Node,
// which runs .ts but not .tsx (decision 016).
import { createElement as h, type ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, render, Text } from "@react-email/components";
import { isLanguage, translator } from "../locales/index.ts";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailContent {
  /** The language of the words (`<html lang>`); "en" when not given. */
  lang?: string;
  subject: string;
  preview: string;
  greeting: string;
  heading: string;
  body: string[];
  /** Someone's own words, set apart under a label after the body (e.g. an employer's message). */
  quote?: { label: string; text: string };
  /** The button; absent for a notice that needs no action. */
  action?: { label: string; url: string };
  /** Where to turn this kind of email off. Absent for emails nobody can turn off (security notices). */
  settings?: { text: string; url: string };
  /** The footer of an email without settings: why the person got it. */
  reason?: string;
}

// Inline styles: many mail clients drop <style> blocks and ignore classes.
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
  button: {
    backgroundColor: "#1d4ed8",
    borderRadius: "8px",
    color: "#ffffff",
    fontWeight: 600,
    padding: "12px 20px",
    margin: "12px 0 8px",
  },
  footer: { color: "#475569", fontSize: "13px", lineHeight: "20px", margin: "0" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
  quote: {
    fontSize: "16px",
    lineHeight: "24px",
    margin: "0 0 16px",
    padding: "8px 0 8px 16px",
    borderLeft: "4px solid #cbd5e1",
    whiteSpace: "pre-line" as const,
  },
};

/**
 * The head of every email. The viewport tag makes phones lay the email out at their own width
 * (without it they render a desktop-wide page shrunk to unreadable text).
 */
export function emailHead(): ReactNode {
  return h(Head, null, h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }));
}

function footer({ lang, settings, reason }: Pick<EmailContent, "lang" | "settings" | "reason">): ReactNode {
  const t = translator(isLanguage(lang) ? lang : "en", "mail");
  if (settings) {
    return h(
      Text,
      { style: styles.footer },
      t("settingsFooter", { text: settings.text }),
      h(Link, { href: settings.url, style: styles.link }, t("settingsLink")),
      ".",
    );
  }
  return h(Text, { style: styles.footer }, reason ?? t("defaultReason"));
}

function EmailLayout({
  lang = "en",
  preview,
  greeting,
  heading,
  body,
  quote,
  action,
  settings,
  reason,
}: Omit<EmailContent, "subject">): ReactNode {
  return h(
    Html,
    { lang },
    emailHead(),
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
        quote ? h(Text, { style: { ...styles.text, fontWeight: 600, margin: "16px 0 4px" } }, quote.label) : null,
        quote ? h(Text, { style: styles.quote }, quote.text) : null,
        action ? h(Button, { href: action.url, style: styles.button }, action.label) : null,
        h(Hr, { style: { borderColor: "#e2e8f0", margin: "24px 0 16px" } }),
        footer({ lang, settings, reason }),
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

export async function renderEmail({ subject, ...content }: EmailContent): Promise<RenderedEmail> {
  return renderElement(subject, h(EmailLayout, content));
}

/** The shared look's inline styles, for an email that needs more than the layout (a list with links). */
export const emailStyles = styles;

/** An email built from these parts, rendered to HTML and plain text as every email is. */
export async function renderElement(subject: string, email: ReactNode): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([
    render(email as Parameters<typeof render>[0]),
    render(email as Parameters<typeof render>[0], {
      plainText: true,
      htmlToTextOptions: { selectors: PLAIN_TEXT_SELECTORS },
    }),
  ]);
  return { subject, html, text: text.trim() };
}

/** "Hi Ada," from a full name, or "Hello," without one (in German "Hallo Ada,"). */
export function greet(name: string | null, language = "en"): string {
  const first = firstName(name);
  const t = translator(isLanguage(language) ? language : "en", "email");
  return first ? t("greetingNamed", { name: first }) : t("greeting");
}

/** The first word of a full name, on one line ("" without one). */
export const firstName = (name: string | null): string => oneLine(name ?? "").split(" ")[0] ?? "";

/** Text from people (titles, names) on one line: no line breaks in a subject or a sentence. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
