// The team's emails in German (the inviter's or the promoted member's language), and unchanged in English.
import { expect, it } from "vitest";
import { invitationEmail, ownerPromotedEmail } from "./team-emails.ts";

const URL = "http://localhost:3000/invitations/abc";

it("invites in the inviter's language, the role in German", async () => {
  const email = await invitationEmail({
    companyName: "Nordwind GmbH",
    inviterName: "Nina Nord",
    role: "recruiter",
    url: URL,
    validDays: 7,
    language: "de",
  });
  expect(email.subject).toBe("Treten Sie Nordwind GmbH auf Hirewise bei");
  expect(email.text).toContain(
    "Nina Nord hat Sie eingeladen, Nordwind GmbH auf Hirewise als Recruiter beizutreten, um Bewerbungen gemeinsam zu prüfen.",
  );
  expect(email.text).toContain("Der Link funktioniert einmal, 7 Tage lang.");
  expect(email.html).toContain('lang="de"');
});

it("tells a promoted member in German, and keeps the English words without a language", async () => {
  const german = await ownerPromotedEmail({
    companyName: "Nordwind",
    fromRole: "interviewer",
    teamUrl: URL,
    language: "de",
  });
  expect(german.subject).toBe("Sie sind jetzt Inhaber von Nordwind auf Hirewise");
  expect(german.text).toContain("als dienstältester Interviewer jetzt der Inhaber");
  const english = await invitationEmail({
    companyName: "Acme",
    inviterName: null,
    role: "interviewer",
    url: URL,
    validDays: 7,
  });
  expect(english.text).toContain(
    "A colleague invited you to join Acme on Hirewise as interviewer, to review applicants together.",
  );
});
