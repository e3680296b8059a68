// The application emails rendered to HTML and text: what each says, the way to turn them off,
// and text from people escaped in the HTML.
import { describe, expect, it } from "vitest";
import { confirmationEmail, jobClosedEmail, messageEmail, newApplicationEmail, statusChangeEmail } from "./emails.ts";

const SETTINGS = "http://localhost:3000/account";

const newApplication = (over: Partial<Parameters<typeof newApplicationEmail>[0]> = {}) =>
  newApplicationEmail({
    employerName: "Erin Walsh",
    jobTitle: "Senior Rust Engineer",
    candidateName: "Ada Lovelace",
    appliedAt: new Date("2026-11-23T10:00:00Z"),
    applicationUrl: "http://localhost:3000/employer/jobs/j1/applications/a1",
    settingsUrl: SETTINGS,
    ...over,
  });

const statusChange = (
  status: Parameters<typeof statusChangeEmail>[0]["status"],
  over: Partial<Parameters<typeof statusChangeEmail>[0]> = {},
) =>
  statusChangeEmail({
    candidateName: "Ada Lovelace",
    jobTitle: "Senior Rust Engineer",
    companyName: "Acme Robotics",
    status,
    applicationsUrl: "http://localhost:3000/candidate/applications",
    settingsUrl: SETTINGS,
    ...over,
  });

/** The HTML's visible text, tags removed and entities left as they are. */
const visible = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

describe("new application email", () => {
  it("tells the employer who applied for which job and when, with a link to the application", async () => {
    const email = await newApplication();
    expect(email.subject).toBe("New application for Senior Rust Engineer");
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toContain("Hi Erin,");
      expect(part).toContain("Ada Lovelace applied for Senior Rust Engineer on Nov 23, 2026.");
    }
    expect(email.text).toContain("View application <http://localhost:3000/employer/jobs/j1/applications/a1>");
    expect(email.html).toContain('href="http://localhost:3000/employer/jobs/j1/applications/a1"');
  });

  it("says how to turn these emails off, in the HTML and the text", async () => {
    const email = await newApplication();
    expect(email.text).toContain(`Turn these emails off in your account settings <${SETTINGS}>.`);
    expect(email.html).toMatch(new RegExp(`<a href="${SETTINGS}"[^>]*>account settings</a>`));
  });

  it("reads well without names", async () => {
    const email = await newApplication({ employerName: null, candidateName: null });
    expect(email.text).toContain("Hello,");
    expect(email.text).toContain("A candidate applied for Senior Rust Engineer on Nov 23, 2026.");
  });
});

describe("status change email", () => {
  it("congratulates a shortlisted candidate with the spec's message", async () => {
    const email = await statusChange("shortlisted");
    expect(email.subject).toBe("Congratulations! You've been shortlisted for Senior Rust Engineer");
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Senior Rust Engineer");
      expect(part).toContain("Acme Robotics shortlisted your application");
    }
    expect(email.text).toContain("Congratulations! You've been shortlisted");
    // React escapes the apostrophe in the HTML.
    expect(email.html).toContain("Congratulations! You&#x27;ve been shortlisted");
    expect(email.text).not.toContain("Not selected for this role");
    expect(email.text).toContain("View your applications <http://localhost:3000/candidate/applications>");
    expect(email.text).toContain(`Turn these emails off in your account settings <${SETTINGS}>.`);
  });

  it("tells a candidate kindly that they were not selected", async () => {
    const email = await statusChange("rejected");
    expect(email.subject).toBe("An update on your application for Senior Rust Engineer");
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toContain("Not selected for this role");
      expect(part).toContain(
        "Acme Robotics has decided not to move forward with your application for Senior Rust Engineer.",
      );
      expect(part).toContain("Thank you for applying.");
    }
    expect(email.text).not.toContain("shortlisted");
    expect(email.html).toMatch(new RegExp(`<a href="${SETTINGS}"[^>]*>account settings</a>`));
  });
});

describe("the stages past Shortlisted (decision 050)", () => {
  it("Interview, Offer and Hired each say so, in the subject, the heading and the body", async () => {
    const cases = [
      [
        "interview",
        "You're invited to interview for Senior Rust Engineer",
        "Acme Robotics would like to interview you for Senior Rust Engineer.",
      ],
      [
        "offer",
        "You have an offer for Senior Rust Engineer",
        "Acme Robotics is making you an offer for Senior Rust Engineer.",
      ],
      [
        "hired",
        "You're hired for Senior Rust Engineer",
        "Acme Robotics has marked you as hired for Senior Rust Engineer.",
      ],
    ] as const;
    for (const [status, subject, line] of cases) {
      const email = await statusChange(status);
      expect(email.subject).toBe(subject);
      for (const part of [email.text, visible(email.html)]) expect(part.replace(/&#x27;/g, "'")).toContain(line);
      expect(email.text).not.toContain("A message from");
    }
  });

  it("carries the employer's message as written, line breaks kept, escaped in the HTML", async () => {
    const email = await statusChange("rejected", {
      message: "Thanks for your time.\n<b>We'll keep your CV</b> on file.",
    });
    expect(email.text).toContain("A message from Acme Robotics:");
    expect(email.text).toContain("Thanks for your time.");
    expect(email.text).toContain("<b>We'll keep your CV</b> on file.");
    expect(email.html).not.toContain("<b>We");
    expect(email.html).toContain("&lt;b&gt;We&#x27;ll keep your CV&lt;/b&gt; on file.");
    expect(email.html).toContain("white-space:pre-line");
    // A blank message is no message.
    expect((await statusChange("interview", { message: "   " })).text).not.toContain("A message from");
  });
});

describe("text from people", () => {
  it("is escaped in the HTML and kept as written in the text", async () => {
    const email = await newApplication({
      jobTitle: 'Engineer <img src=x onerror="alert(1)">',
      candidateName: "<script>alert('hi')</script> & Co",
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;script&gt;alert(&#x27;hi&#x27;)&lt;/script&gt; &amp; Co");
    expect(email.html).toContain("Engineer &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.text).toContain(
      `<script>alert('hi')</script> & Co applied for Engineer <img src=x onerror="alert(1)">`,
    );
  });

  it("never breaks a subject across lines", async () => {
    const email = await statusChange("shortlisted", {
      jobTitle: "Data\r\nBcc: victim@example.com",
      companyName: "Acme\nLtd",
    });
    expect(email.subject).toBe("Congratulations! You've been shortlisted for Data Bcc: victim@example.com");
    expect(email.text).toContain("Acme Ltd shortlisted your application for Data Bcc: victim@example.com.");
  });
});

describe("message email", () => {
  const message = (over: Partial<Parameters<typeof messageEmail>[0]> = {}) =>
    messageEmail({
      recipientName: "Ada Lovelace",
      authorName: "Erin Walsh",
      companyName: "Acme Robotics",
      jobTitle: "Senior Rust Engineer",
      body: "Free on Tuesday?\n<script>alert(1)</script>",
      threadUrl: "http://localhost:3000/candidate/applications/a1#messages",
      settingsUrl: SETTINGS,
      ...over,
    });

  it("tells the candidate who wrote, quotes the text as text and links back to the thread", async () => {
    const email = await message();
    expect(email.subject).toBe("A message from Acme Robotics about Senior Rust Engineer");
    expect(email.text).toContain("Erin Walsh at Acme Robotics wrote about your application for Senior Rust Engineer.");
    expect(email.text).toContain("<script>alert(1)</script>");
    expect(email.html).not.toContain("<script>alert(1)</script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.text).toContain("Read and reply <http://localhost:3000/candidate/applications/a1#messages>");
  });

  it("tells a member which candidate wrote about which job", async () => {
    const email = await message({ authorName: "Ada Lovelace", companyName: null, recipientName: "Erin Walsh" });
    expect(email.subject).toBe("Ada Lovelace wrote about Senior Rust Engineer");
    expect(email.text).toContain("Hi Erin,");
    expect(email.text).toContain("Ada Lovelace wrote about their application for Senior Rust Engineer.");
  });
});

describe("in the recipient's language", () => {
  // Words that only the English emails use: one left over means a text was not translated.
  const ENGLISH = /\b(the|your|you|for|applied|application|View|Turn|emails|Hi|Hello)\b/;
  const german = (email: { subject: string; text: string }) =>
    `${email.subject}\n${email.text}`
      .replace(/<[^>]*>/g, "")
      .replace(/Senior Rust Engineer|Acme Robotics|Ada|Lovelace|Erin|Walsh|Hirewise/g, "");

  it("writes every application email in German, dates as Germans write them", async () => {
    const emails = [
      await newApplication({ language: "de" }),
      ...(await Promise.all(
        (["shortlisted", "interview", "offer", "hired", "rejected"] as const).map((s) =>
          statusChange(s, { language: "de", message: "Bis bald" }),
        ),
      )),
      await confirmationEmail({
        language: "de",
        candidateName: "Ada Lovelace",
        jobTitle: "Senior Rust Engineer",
        companyName: "Acme Robotics",
        appliedAt: new Date("2026-11-23T10:00:00Z"),
        applicationUrl: "http://localhost:3000/candidate/applications/a1",
        settingsUrl: SETTINGS,
      }),
      await jobClosedEmail({
        language: "de",
        reason: "closed",
        candidateName: null,
        jobTitle: "Senior Rust Engineer",
        companyName: "Acme Robotics",
        applicationsUrl: "http://localhost:3000/candidate/applications",
        settingsUrl: SETTINGS,
      }),
      await messageEmail({
        language: "de",
        recipientName: "Ada Lovelace",
        authorName: "Erin Walsh",
        companyName: "Acme Robotics",
        jobTitle: "Senior Rust Engineer",
        body: "Bis bald",
        threadUrl: "http://localhost:3000/candidate/applications/a1#messages",
        settingsUrl: SETTINGS,
      }),
    ];
    for (const email of emails) {
      expect(german(email), email.subject).not.toMatch(ENGLISH);
      expect(email.html).toContain('lang="de"');
      expect(email.text).toContain("Kontoeinstellungen abbestellen");
    }
    expect(emails[0]!.subject).toBe("Neue Bewerbung für Senior Rust Engineer");
    expect(emails[0]!.text).toContain("Hallo Erin,");
    expect(emails[0]!.text).toContain("Ada Lovelace hat sich am 23. Nov. 2026 auf Senior Rust Engineer beworben.");
  });

  it("keeps English for an account without a language", async () => {
    const email = await newApplication();
    expect(email.html).toContain('lang="en"');
    expect(german(email)).toMatch(ENGLISH);
  });
});
