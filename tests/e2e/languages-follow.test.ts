// A candidate who chose Deutsch, end to end with JavaScript on and off (decision 090): withdraws an
// application after the confirmation (in place with JavaScript, on its own page without) and reads
// the notice, saves and unsaves a job on the saved jobs page, and creates, pauses and deletes a job
// alert, every word on the way in German. The job's own title stays as the employer wrote it.
import { afterAll, beforeAll, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { setLanguage } from "../../modules/identity/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, email: string) => signInByEmail(page, email);

journeys("a German candidate's own pages", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = { employer: `folgen-boss-${tag}@example.com`, candidate: `folgen-greta-${tag}@example.com` };
  const title = `Stellenwort${tag} Lead`;
  let jobId: string;
  let applicationId: string;
  let orm: MikroORM;
  let queue: QueueRuntime;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: emails.employer,
      password: PASSWORD,
      role: "employer",
      company_name: "Acme",
      full_name: "Nina Nord",
      plan: "business",
    });
    const candidate = await signUpOnPlan({
      email: emails.candidate,
      password: PASSWORD,
      role: "candidate",
      full_name: "Greta Gruen",
      plan: "essential",
    });
    await setLanguage(candidate.id, "de");
    jobId = await publishTestJob(employer.id, { title });
    applicationId = (await submitApplication(candidate.id, jobId)).applicationId;
  });
  afterAll(async () => {
    await queue?.stop();
    await orm?.close();
    setOrm(undefined);
  });

  it("withdraws the application after the confirmation, in German", async () => {
    const page = await newPage();
    await signIn(page, emails.candidate);
    await page.goto(`/candidate/applications/${applicationId}`);
    await settled(page, js);
    await page.locator('html[lang="de"]').waitFor({ state: "attached" });
    await page.getByRole("list", { name: "Verlauf, Ältestes zuerst" }).getByText("Sie haben sich beworben").waitFor();
    await page.getByRole("link", { name: "Bewerbung zurückziehen" }).click();
    if (!js) await page.waitForURL(/\?confirm=withdraw$/);
    await page.getByRole("heading", { name: "Ihre Bewerbung bei Acme zurückziehen?" }).waitFor();
    await page.getByRole("button", { name: "Ja, zurückziehen" }).click();
    await page.getByText("Ihre Bewerbung ist zurückgezogen.").waitFor();
    await page
      .getByRole("list", { name: "Verlauf, Ältestes zuerst" })
      .getByText("Sie haben Ihre Bewerbung zurückgezogen")
      .waitFor();
  });

  it("saves a job from its page and unsaves it on the saved jobs page, in German", async () => {
    const page = await newPage();
    await signIn(page, emails.candidate);
    await page.goto(`/candidate/jobs/${jobId}`);
    await settled(page, js);
    await page.getByRole("button", { name: `Merken: ${title}` }).click();
    await page.getByRole("button", { name: `Gemerkt: ${title}`, disabled: false }).waitFor();
    await page.goto("/candidate/saved");
    await settled(page, js);
    await page.getByRole("heading", { name: "Gemerkte Jobs", exact: true }).waitFor();
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByRole("button", { name: `${title} nicht mehr merken` }).click();
    await page.getByText("Noch keine gemerkten Jobs").waitFor();
  });

  it("creates, pauses and deletes a job alert, with each notice in German", async () => {
    const page = await newPage();
    await signIn(page, emails.candidate);
    await page.goto(`/candidate/alerts?new=1&q=${tag}&location=Berlin`);
    await settled(page, js);
    await page.getByRole("heading", { name: "Neuer Job-Alarm" }).waitFor();
    await page.getByText(`„${tag}“ in Berlin`).waitFor();
    await page.getByLabel("Wie oft").selectOption("weekly");
    await page.getByRole("button", { name: "Ähnliche Jobs per E-Mail erhalten" }).click();
    await page.getByText("Ihr Job-Alarm ist gespeichert.").waitFor();
    await page.getByRole("button", { name: `Job-Alarm „${tag}“ in Berlin pausieren` }).click();
    await page.getByText("Ihr Job-Alarm ist pausiert.").waitFor();
    await page.getByRole("button", { name: `Job-Alarm „${tag}“ in Berlin löschen` }).click();
    await page.getByText("Ihr Job-Alarm ist gelöscht.").waitFor();
    await page.getByText("Noch keine Job-Alarme").waitFor();
  });
});
