// Applying before making an account, with JavaScript on and off: a visitor clicks Apply Now on the
// public job page, answers, adds a PDF and gives a name and email on the candidate's wizard; the
// employer sees nothing until the visitor opens the emailed link (read from the server's dev
// mailbox), which makes the account, signs them in and sends the application. Screenshots of the
// Review step and the link's page at 320, 390 and 1280 px, light and dark, when SHOTS_DIR=<dir>.
import { afterAll, beforeAll, expect, it } from "vitest";
import path from "node:path";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { emptyQuestion } from "../../modules/hiring/index.server.ts";
import { shots } from "../support/shots.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { goodPdf } from "../fixtures/files.ts";

journeys("apply without an account", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const employerEmail = `held-boss-${tag}@example.com`;
  const visitorEmail = `vic-${tag}@example.com`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let jobId: string;
  let scratch: string;
  let pdfPath: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    scratch = await mkdtemp(path.join(tmpdir(), "hirewise-held-e2e-"));
    pdfPath = path.join(scratch, "vic-resume.pdf");
    await writeFile(pdfPath, await goodPdf("Vic Visitor - Go, Kubernetes"));
    const employer = await signUpOnPlan({
      email: employerEmail,
      password: "correct horse battery",
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    });
    jobId = await publishTestJob(employer.id, {
      title: `Cloud Engineer ${tag}`,
      company_name: "Quantum Widgets",
      questions: [{ ...emptyQuestion(), question_text: "Which cluster did you run?" }],
    });
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("holds the visitor's application until the emailed link, then the employer sees it", async () => {
    const page = await newPage();
    await page.goto(`/jobs/${jobId}`);
    await settled(page, js);
    await page.getByRole("link", { name: "Apply Now" }).first().click();
    await page.getByRole("heading", { name: `Apply: Cloud Engineer ${tag}` }).waitFor();
    await settled(page, js);

    await page.getByLabel("Answer to question 1").fill("A 40-node cluster on bare metal.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Your resume (PDF)").setInputFiles(pdfPath);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your application" }).waitFor();
    await expect(page.getByText("vic-resume.pdf").count()).resolves.toBeGreaterThan(0);

    // Sending without an email names it beside the field; the name typed stays.
    await page.getByLabel("Full name").fill("Vic Visitor");
    await page.getByRole("button", { name: "Send Application" }).click();
    await page.getByText("Enter a valid email address").or(page.getByText("Enter your email address")).waitFor();
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Vic Visitor");
    await page.getByLabel("Email").fill(visitorEmail);
    await shots(page, `held-review-${tag}`);
    await page.getByRole("button", { name: "Send Application" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    // The employer sees nothing yet.
    const employer = await newPage();
    await signInByEmail(employer, employerEmail);
    await employer.goto(`/employer/jobs/${jobId}`);
    await employer
      .getByRole("heading", { name: `Cloud Engineer ${tag}` })
      .first()
      .waitFor();
    expect(await employer.getByText("Vic Visitor").count()).toBe(0);

    const link = await linkFromMailbox(
      journey.server.dataDir,
      visitorEmail,
      `Confirm your application: Cloud Engineer ${tag}`,
      "/apply/confirm/",
    );
    await page.goto(link);
    await settled(page, js);
    await page.getByRole("heading", { name: "Confirm your application" }).waitFor();
    await shots(page, `held-confirm-${tag}`);
    await page.getByRole("button", { name: "Confirm and send my application" }).click();
    await page.waitForURL(/\/candidate\/applications/);
    await page.getByText(`Cloud Engineer ${tag}`).first().waitFor();

    await employer.reload();
    await employer.getByText("Vic Visitor").first().waitFor();
  });
});
