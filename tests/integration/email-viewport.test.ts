// Every HTML email carries a viewport meta tag, so phones lay it out at their own width instead of
// shrinking a desktop-wide page. Renders each template, and finds any new template in the source.
import { describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { renderEmail } from "../../lib/email-layout.ts";
import { passwordResetEmail, verificationEmail } from "../../modules/identity/link-emails.ts";
import { emailChangeLinkEmail } from "../../modules/identity/email-change.ts";
import { SECURITY_NOTICE_KINDS, securityNoticeEmail } from "../../modules/identity/security-notices.ts";
import { invitationEmail, ownerPromotedEmail } from "../../modules/hiring/team-emails.ts";
import { reminderEmail } from "../../modules/billing-plans/trial-reminders.ts";
import {
  confirmationEmail,
  jobClosedEmail,
  newApplicationEmail,
  statusChangeEmail,
} from "../../modules/applications/emails.ts";
import { digestEmail } from "../../modules/saved/emails.ts";

const URL = "http://localhost:3000/somewhere";
const AT = new Date("2026-11-23T10:00:00Z");
const VIEWPORT = /<meta[^>]*name="viewport"[^>]*content="width=device-width, initial-scale=1"/;

const TEMPLATES: [string, () => Promise<{ html: string }>][] = [
  ["layout", () => renderEmail({ subject: "S", preview: "P", greeting: "Hello,", heading: "H", body: ["B"] })],
  ["password reset", () => passwordResetEmail({ name: "Ada", token: "t", validMinutes: 60 })],
  ["verification", () => verificationEmail({ name: "Ada", token: "t", validHours: 24 })],
  ["email change link", () => emailChangeLinkEmail({ to: "ada@example.com", name: "Ada", url: URL })],
  ...SECURITY_NOTICE_KINDS.map((kind): [string, () => Promise<{ html: string }>] => [
    `security notice ${kind}`,
    () =>
      securityNoticeEmail({
        kind,
        to: "ada@example.com",
        name: "Ada",
        newEmail: "ada2@example.com",
        provider: "Google",
        occurredAt: AT,
      }),
  ]),
  [
    "invitation",
    () => invitationEmail({ companyName: "Acme", inviterName: "Erin", role: "recruiter", url: URL, validDays: 7 }),
  ],
  ["owner promoted", () => ownerPromotedEmail({ companyName: "Acme", fromRole: "recruiter", teamUrl: URL })],
  ["trial reminder", () => reminderEmail(3, AT, "Ada", "candidate")],
  [
    "new application",
    () =>
      newApplicationEmail({
        employerName: "Erin",
        jobTitle: "Engineer",
        candidateName: "Ada",
        appliedAt: AT,
        applicationUrl: URL,
        settingsUrl: URL,
      }),
  ],
  [
    "confirmation",
    () =>
      confirmationEmail({
        candidateName: "Ada",
        jobTitle: "Engineer",
        companyName: "Acme",
        appliedAt: AT,
        applicationUrl: URL,
        settingsUrl: URL,
      }),
  ],
  [
    "status change",
    () =>
      statusChangeEmail({
        candidateName: "Ada",
        jobTitle: "Engineer",
        companyName: "Acme",
        status: "shortlisted",
        applicationsUrl: URL,
        settingsUrl: URL,
      }),
  ],
  [
    "job closed",
    () =>
      jobClosedEmail({
        reason: "closed",
        candidateName: "Ada",
        jobTitle: "Engineer",
        companyName: "Acme",
        applicationsUrl: URL,
        settingsUrl: URL,
      }),
  ],
  [
    "job alert digest",
    () =>
      digestEmail({
        candidateName: "Ada",
        searchLabel: "rust in Berlin",
        frequency: "daily",
        jobs: [{ title: "Engineer", company: "Acme", location: "Berlin", salary: null, source: "Hirewise", url: URL }],
        searchUrl: URL,
        alertsUrl: URL,
        unsubscribeUrl: URL,
      }),
  ],
];

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) out.push(full);
  }
  return out;
}

describe("HTML emails on phones", () => {
  it.each(TEMPLATES)("%s has the viewport meta tag in its head", async (_name, render) => {
    const { html } = await render();
    const head = html.slice(html.indexOf("<head"), html.indexOf("</head>"));
    expect(head).toMatch(VIEWPORT);
  });

  it("every file that builds an email takes the shared head, so a new template can't miss it", async () => {
    const files = (await Promise.all(["lib", "modules", "jobs", "cli"].map(sourceFiles))).flat();
    const builders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      if (!text.includes("@react-email/")) continue;
      builders.push(file);
      expect(text, file).not.toMatch(/\bh\(Head\b(?![^)]*viewport)/);
      expect(text.includes("emailHead()"), `${file} renders its head with emailHead()`).toBe(true);
    }
    expect(builders.length).toBeGreaterThan(0);
  });
});
