// The job-alert digest in each recipient's language (decision 090): two people with the same search
// and the same new job get one digest each, rendered once per language: German for the account that
// chose Deutsch (the search named in German, the unsubscribe link carrying ?lng=de), English as before.
import { afterAll, beforeAll, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { setLanguage } from "../identity/index.server.ts";
import { createAlert, runAlerts } from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
const digestTo = (to: string) => sent.find((m) => m.to === to && /quokka/.test(m.subject));
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => {
  setMailer(undefined);
  setClock(undefined);
});

it("sends a German recipient the digest in German and an English one of the same search in English", async () => {
  const boss = await signUpOnPlan({
    email: "alarm-boss@example.com",
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "startup",
  });
  const greta = await signUpOnPlan({
    email: "greta-alarm@example.com",
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: "Greta Gruen",
  });
  await setLanguage(greta.id, "de");
  const ed = await signUpOnPlan({
    email: "ed-alert@example.com",
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: "Ed English",
  });
  setClock(new Date("2026-12-07T10:00:00Z"));
  const input = {
    q: "quokka",
    location: "Austin",
    locationType: "",
    employmentType: "FULLTIME",
    category: "",
    minSalary: "",
    frequency: "daily",
  };
  await createAlert(greta.id, input);
  await createAlert(ed.id, input);
  setClock(new Date("2026-12-07T12:00:00Z"));
  await publishTestJob(boss.id, {
    title: "Quokka Keeper",
    salary_min: "85000",
    salary_max: "95000",
    salary_currency: "EUR",
  });

  setClock(new Date("2026-12-08T07:10:00Z"));
  expect(await runAlerts("language-run-1", new Date("2026-12-08T07:10:00Z"))).toMatchObject({ digests: 2 });
  await expect.poll(() => digestTo(greta.email) && digestTo(ed.email)).toBeDefined();

  const german = digestTo(greta.email)!;
  expect(german.subject).toBe("1 neuer Job für „quokka“ in Austin (Vollzeit)");
  expect(german.html).toContain('lang="de"');
  expect(german.text).toContain("Neue Jobs für „quokka“ in Austin (Vollzeit)");
  expect(german.text).toContain("Hallo Greta,");
  expect(german.text).toContain("Hier ist der Job, der seit Ihrem letzten täglichen Job-Alarm veröffentlicht wurde.");
  expect(german.text).toContain("Quokka Keeper");
  expect(german.text).toContain("Auf Hirewise");
  // The pay as German writes it (the same job's English is "€85,000 - €95,000").
  expect(german.text).toMatch(/85\.000\s€ – 95\.000\s€/);
  expect(german.text).toContain("Alle Ergebnisse ansehen");
  expect(german.text).toContain("Von diesem Job-Alarm abmelden");
  expect(german.text).not.toMatch(/Hi |Hello,|new job|See all results|Unsubscribe from/);
  expect(german.headers?.["List-Unsubscribe"]).toMatch(/\/alerts\/unsubscribe\/[^>?]+\?lng=de>$/);
  expect(german.html).toContain("?lng=de");

  const english = digestTo(ed.email)!;
  expect(english.subject).toBe("1 new job for “quokka” in Austin (Full-time)");
  expect(english.html).toContain('lang="en"');
  expect(english.text).toContain("New jobs for “quokka” in Austin (Full-time)");
  expect(english.text).toContain("Hi Ed,");
  expect(english.text).toContain("Here is the job posted since your last daily alert.");
  expect(english.text).toContain("On Hirewise");
  expect(english.text).toContain("€85,000 - €95,000");
  expect(english.text).toContain("See all results");
  expect(english.text).toContain("Unsubscribe from this alert");
  expect(english.text).not.toContain("Greta");
  expect(english.headers?.["List-Unsubscribe"]).not.toContain("lng=");
});
