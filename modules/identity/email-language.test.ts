// The sign-up's confirmation email goes out in the recipient's language (decision 090): the
// account's setting, else the language the sign-up (or the resend) was made in, else English; a
// German sign-up keeps its language as the account's for the emails after it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import {
  contactFor,
  queueSecurityNotice,
  resendVerificationEmail,
  setLanguage,
  signUpOrNotify,
} from "./index.server.ts";
import { em, transaction } from "../../lib/db.ts";

useTestRuntime({ workers: true });

const previous = process.env.REQUIRE_EMAIL_VERIFICATION;
const sent: MailMessage[] = [];
beforeAll(() => {
  process.env.REQUIRE_EMAIL_VERIFICATION = "true";
  setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) });
});
afterAll(() => {
  setMailer(undefined);
  if (previous === undefined) delete process.env.REQUIRE_EMAIL_VERIFICATION;
  else process.env.REQUIRE_EMAIL_VERIFICATION = previous;
});

const GERMAN = "Bestätigen Sie Ihre E-Mail-Adresse für Hirewise";
const ENGLISH = "Confirm your email address for Hirewise";
const subjectsTo = (to: string) => sent.filter((m) => m.to === to).map((m) => m.subject);

async function signUpIn(email: string, language?: "en" | "de") {
  await signUpOrNotify(
    { email, password: "plinth mosaic ferret", full_name: "Greta Gruber", role: "candidate" },
    "203.0.113.9",
    { language },
  );
  const [{ id }] = await em().execute<{ id: string }[]>("select id from users where email = ?", [email]);
  expect(await settledJob("identity.account-created", { userId: id })).toBe("completed");
  return id;
}

it("sends the sign-up's email in the language the sign-up was made in, English without one", async () => {
  await signUpIn("greta@example.com", "de");
  expect(subjectsTo("greta@example.com")).toEqual([GERMAN]);
  const german = sent.find((m) => m.to === "greta@example.com")!;
  expect(german.text).toContain("Hallo Greta,");
  expect(german.html).toContain('lang="de"');
  await signUpIn("ed@example.com");
  expect(subjectsTo("ed@example.com")).toEqual([ENGLISH]);
});

it("keeps a German sign-up's language for the emails that come later; an English one chooses nothing", async () => {
  const german = await signUpIn("lena@example.com", "de");
  const english = await signUpIn("sam@example.com", "en");
  expect((await contactFor(german))?.language).toBe("de");
  expect((await contactFor(english))?.language).toBe("en");
  const [{ language }] = await em().execute<{ language: string | null }[]>("select language from users where id = ?", [
    english,
  ]);
  expect(language).toBeNull();
});

it("follows the account's setting over the language a resend is asked in", async () => {
  const id = await signUpIn("konto@example.com", "en");
  await setLanguage(id, "de");
  await resendVerificationEmail(id, undefined, "en");
  await settledJob("identity.verification-email", { userId: id });
  expect(subjectsTo("konto@example.com")).toEqual([ENGLISH, GERMAN]);
  await setLanguage(id, "");
  await resendVerificationEmail(id, undefined, "de");
  await expect.poll(() => subjectsTo("konto@example.com").length).toBe(3);
  expect(subjectsTo("konto@example.com")[2]).toBe(GERMAN);
});

it("writes a security notice in the account's language, read when the notice is queued", async () => {
  await signUpIn("notiz@example.com", "de");
  await transaction(() => queueSecurityNotice({ kind: "password-changed", to: "notiz@example.com", name: "Greta" }));
  await expect.poll(() => subjectsTo("notiz@example.com")).toContain("Ihr Hirewise-Passwort wurde geändert");
});
