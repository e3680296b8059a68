// German end to end, with JavaScript on and off (decision 090): a visitor switches to Deutsch in
// the footer, reads the job list in German (the employer's own words as written), signs up on the
// German form and gets the confirmation email in German in the dev mailbox; an employer posts a job
// through the German wizard; another applies to a job in German without an account, confirms it
// from the German email and reads My Applications and the confirmation email in German.
import path from "node:path";
import { expect, it } from "vitest";
import { journeys, settled } from "../support/browser.ts";
import { useModulesOn } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { emptyQuestion } from "../../modules/hiring/index.server.ts";
import { signInByEmail } from "../support/sessions.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { shots } from "../support/shots.ts";

const PASSWORD = "plinth mosaic ferret";
const SUBJECT = "Bestätigen Sie Ihre E-Mail-Adresse für Hirewise";

journeys(
  "German",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";
    useModulesOn(() => journey.server);

    it("switches to Deutsch in the footer, shows the jobs in German, and signs up with the email in German", async () => {
      const employer = await signUpOnPlan({
        email: `arbeitgeber-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: `Nordwind ${tag}`,
        full_name: "Nina Nord",
        plan: "business",
      });
      await publishTestJob(employer.id, { title: `Data Engineer ${tag}` });

      const page = await newPage();
      await page.goto("/jobs");
      await settled(page, js);
      await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
      await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
      await page.getByRole("heading", { name: "Finden Sie Ihre nächste Stelle" }).waitFor();
      await settled(page, js);
      await page.locator('html[lang="de"]').waitFor({ state: "attached" });
      expect(new URL(page.url()).pathname).toBe("/jobs");
      // The job's title is the employer's; the labels around it are German.
      await page.getByRole("heading", { name: `Data Engineer ${tag}` }).waitFor();
      await expect(page.getByRole("button", { name: "Jobs suchen" }).count()).resolves.toBe(1);
      await page
        .locator(".result-card", { hasText: `Data Engineer ${tag}` })
        .getByText("Vollzeit")
        .waitFor();

      if (js) await shots(page, "jobs-de");

      // The language stays as the visitor goes on: the sign-up form is German too.
      await page.goto("/auth?mode=signup&role=candidate");
      await settled(page, js);
      await page.getByRole("heading", { name: "Konto erstellen" }).waitFor();
      if (js) await shots(page, "signup-de");
      await page.getByLabel(/einen Job finden/).check();
      await page.getByLabel("Vollständiger Name").fill("Greta Gruber");
      await page.getByLabel("E-Mail-Adresse").fill("not an address");
      await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Konto erstellen" }).click();
      await page.getByText("Geben Sie eine gültige E-Mail-Adresse ein").first().waitFor();
      await settled(page, js);
      const email = `greta-${tag}@example.com`;
      await page.getByLabel("E-Mail-Adresse").fill(email);
      await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Konto erstellen" }).click();
      await page.getByText("Bitte sehen Sie in Ihr Postfach").waitFor();

      const link = await linkFromMailbox(journey.server.dataDir, email, SUBJECT, "/auth/verify/");
      expect(link).toMatch(/^\/auth\/verify\//);
      const entry = (await listMailbox(path.join(journey.server.dataDir, "mail"))).find((e) => e.to === email)!;
      const message = await readMailboxMessage(entry);
      expect(message.subject).toBe(SUBJECT);
      expect(message.text).toContain("Hallo Greta,");
      expect(message.text).toContain("Der Link ist 24 Stunden lang gültig.");
      expect(message.text).not.toContain("Confirm");
    });

    it("applies to a job in German without an account, confirms it from the German email, and reads the rest in German", async () => {
      const employer = await signUpOnPlan({
        email: `bewerbungen-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: `Südwind ${tag}`,
        full_name: "Sven Süd",
        plan: "business",
      });
      const jobId = await publishTestJob(employer.id, {
        title: `Analytics Engineer ${tag}`,
        questions: [{ ...emptyQuestion(), question_text: "Which warehouse do you know best?" }],
      });
      const page = await newPage();
      await page.goto(`/jobs/${jobId}`);
      await settled(page, js);
      await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
      await page.locator('html[lang="de"]').waitFor({ state: "attached" });
      await page.goto(`/jobs/${jobId}/apply`);
      await settled(page, js);
      await page.getByRole("heading", { name: `Bewerbung: Analytics Engineer ${tag}` }).waitFor();
      await page.getByRole("heading", { name: "Vorauswahlfragen" }).waitFor();
      const next = page.getByRole("button", { name: "Weiter", exact: true });
      await next.click();
      await page.getByText("Bitte beantworten Sie diese Frage.").waitFor();
      await settled(page, js);
      await page.getByLabel("Antwort auf Frage 1").fill("BigQuery, for five years.");
      await next.click();
      await page.getByRole("heading", { name: /Lebenslauf hochladen/ }).waitFor();
      await settled(page, js);
      await next.click();
      await page.getByRole("heading", { name: "Bewerbung überprüfen" }).waitFor();
      await settled(page, js);
      await page.getByRole("group", { name: "Geschlecht" }).getByLabel("Ich möchte keine Angabe machen").check();
      await page.getByLabel("Vollständiger Name").fill("Greta Gruber");
      await page.getByLabel("E-Mail-Adresse").fill(`greta-bewirbt-${tag}@example.com`);
      await page.getByRole("button", { name: "Bewerbung senden" }).click();
      await page.getByRole("heading", { name: "Bitte sehen Sie in Ihr Postfach" }).waitFor();
      await page.getByText("Ihre Bewerbung wartet auf Ihre Bestätigung").waitFor();

      // The link's email is German, as the application was; confirming it sends the application.
      const to = `greta-bewirbt-${tag}@example.com`;
      const dataDir = journey.server.dataDir;
      const link = await linkFromMailbox(
        dataDir,
        to,
        `Bestätigen Sie Ihre Bewerbung: Analytics Engineer ${tag}`,
        "/apply/confirm/",
      );
      await page.goto(link);
      await settled(page, js);
      await page.getByRole("button", { name: "Bestätigen und Bewerbung senden" }).click();
      await page.getByRole("heading", { name: "Meine Bewerbungen" }).waitFor();
      await page.getByText("Ihre Bewerbung wurde gesendet!").waitFor();
      if (js) await shots(page, "applications-de");
      // The candidate's emails follow the account the link made (German); the employer's account has
      // no language, so the employer's email is English.
      await linkFromMailbox(dataDir, to, "Wir haben Ihre Bewerbung an Acme gesendet", "/candidate/applications/");
      await linkFromMailbox(
        dataDir,
        `bewerbungen-${tag}@example.com`,
        `New application for Analytics Engineer ${tag}`,
        "/employer/jobs/",
      );
    });

    it("posts a job through the wizard in German, the pay-range notice following the typing", async () => {
      const email = `stellen-${tag}@example.com`;
      await signUpOnPlan({
        email,
        password: PASSWORD,
        role: "employer",
        company_name: `Südwind ${tag}`,
        full_name: "Sven Süd",
        plan: "business",
      });
      const page = await newPage();
      await signInByEmail(page, email);
      await page.goto(`/language?to=de&back=${encodeURIComponent("/employer/jobs/new")}`);
      await settled(page, js);
      await page.getByRole("heading", { name: "Stellenanzeige aufgeben" }).waitFor();
      await page.getByLabel(/^Jobtitel/).fill(`Datenanalyst ${tag}`);
      await page.getByLabel(/^Standort/).fill("Brooklyn, NY");
      // With JavaScript the notice follows the place as typed, in German as the server writes it.
      if (js) await page.getByText("Stellenanzeigen in New York City und New York State müssen").waitFor();
      await page.getByLabel(/^Arbeitsmodell/).selectOption("hybrid");
      await page.getByLabel(/^Anstellungsart/).selectOption("FULLTIME");
      await page.getByLabel(/^Kategorie/).selectOption("Data Science");
      await page.getByLabel(/^Anforderungen/).fill("Sicher in SQL.");
      await page.getByLabel(/^Beschreibung/).fill("Sie werten unsere Daten aus.");
      await page.getByLabel("Minimum").fill("60000");
      await page.getByLabel("Maximum").fill("80000");
      await page.getByLabel(/^Währung/).selectOption("EUR");
      await page.getByRole("button", { name: "Weiter", exact: true }).click();
      await page.getByRole("heading", { name: "Screening-Fragen" }).waitFor();
      await settled(page, js);
      await page.getByRole("button", { name: "Weiter", exact: true }).click();
      await page.getByRole("heading", { name: "Stellenanzeige prüfen" }).waitFor();
      await settled(page, js);
      // Pay through Intl for the locale: "60.000 € – 80.000 €", not "€60,000 - €80,000".
      await page.getByText(/^60\.000\s€ – 80\.000\s€$/).waitFor();
      if (js) await shots(page, "post-review-de");
      await page.getByRole("button", { name: "Stellenanzeige veröffentlichen" }).click();
      await page.getByText("Ihre Stellenanzeige ist veröffentlicht!").waitFor();
    });
  },
  { env: { REQUIRE_EMAIL_VERIFICATION: "true" } },
);
