// The interview emails in the recipient's language: every one of them in German with the time as
// Germans write it, and the English words unchanged for an account without a language.
import { describe, expect, it } from "vitest";
import { formatZoned } from "../../lib/zoned-time.ts";
import {
  cancellationEmail,
  invitationEmail,
  offerEmail,
  reminderEmail,
  withdrawnEmail,
  type InterviewDetails,
} from "./emails.ts";

const at = new Date("2026-12-03T16:00:00Z");
const details = (locale: string): InterviewDetails => ({
  jobTitle: "Platform Engineer",
  companyName: "Acme Robotics",
  candidateName: "Ada Lovelace",
  when: formatZoned(at, "Europe/Berlin", locale),
  lengthMinutes: 45,
  location: "Hauptstraße 1, Berlin",
  videoUrl: "https://meet.example/abc",
  interviewers: ["Erin Walsh"],
});
const candidate = { kind: "candidate" as const, name: "Ada Lovelace" };
const member = { kind: "interviewer" as const, name: "Erin Walsh" };
const page = "http://localhost:3000/candidate/applications/a1#interview";

// Words only the English emails use: one left over means a text was not translated.
const ENGLISH = /\b(the|your|you|for|interview|Interview|When|Where|Pick|Open|See|Reminder|Hi|Hello)\b/;
const withoutNames = (email: { subject: string; text: string }) =>
  `${email.subject}\n${email.text}`.replace(
    /Platform Engineer|Acme Robotics|Ada|Lovelace|Erin|Walsh|Hirewise|Hauptstraße 1, Berlin|<[^>]*>|Europe\/Berlin/g,
    "",
  );

describe("interview emails in German", () => {
  it("writes the offer, withdrawal, invitation, move, cancellation and reminder in German", async () => {
    const de = details("de-DE");
    const emails = [
      await offerEmail({
        language: "de",
        candidateName: "Ada Lovelace",
        companyName: "Acme Robotics",
        jobTitle: "Platform Engineer",
        times: [de.when],
        zone: "Europe/Berlin",
        bookedWhen: null,
        pickUrl: page,
        settingsUrl: "http://localhost:3000/account",
      }),
      await withdrawnEmail({
        language: "de",
        candidateName: null,
        companyName: "Acme Robotics",
        jobTitle: "Platform Engineer",
        applicationUrl: page,
        settingsUrl: "http://localhost:3000/account",
      }),
      await invitationEmail({ ...de, language: "de", audience: candidate, moved: false, pageUrl: page }),
      await invitationEmail({ ...de, language: "de", audience: member, moved: true, pageUrl: page }),
      await cancellationEmail({ ...de, language: "de", audience: member, cancelledBy: "candidate", pageUrl: page }),
      await reminderEmail({ ...de, language: "de", audience: candidate, pageUrl: page }),
    ];
    for (const email of emails) {
      expect(withoutNames(email), email.subject).not.toMatch(ENGLISH);
      expect(email.html).toContain('lang="de"');
    }
    expect(emails[2]!.subject).toBe(`Vorstellungsgespräch vereinbart: Platform Engineer bei Acme Robotics, ${de.when}`);
    expect(emails[2]!.text).toContain("Wann: Do., 3. Dez. 2026, 17:00 MEZ (45 Minuten)");
  });

  it("keeps the English words for an account without a language", async () => {
    const en = details("en-US");
    const email = await invitationEmail({ ...en, audience: candidate, moved: false, pageUrl: page });
    expect(email.subject).toBe("Interview booked: Platform Engineer at Acme Robotics, Thu, Dec 3, 2026, 5:00 PM GMT+1");
    expect(email.text).toContain("This is your interview for Platform Engineer at Acme Robotics.");
    expect(email.text).toContain("When: Thu, Dec 3, 2026, 5:00 PM GMT+1 (45 minutes)");
  });
});
