// Password reset and email confirmation end to end, with JavaScript on and off, against the built
// server with REQUIRE_EMAIL_VERIFICATION on and mail going to its dev mailbox: forgot → email →
// reset → sign in; sign up → banner → publish or submit refused (the draft kept) → the emailed link
// → publish or apply.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { MikroORM } from "@mikro-orm/postgresql";
import { journeys, settled } from "../support/browser.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { emptyQuestion } from "../../modules/hiring/index.server.ts";

const PASSWORD = "correct horse battery";
const RESET_SUBJECT = "Reset your Hirewise password";
const VERIFY_SUBJECT = "Confirm your email address for Hirewise";

async function signUp(page: Page, js: boolean, email: string, role: "candidate" | "employer") {
  await page.goto(`/auth?mode=signup&role=${role}`);
  await settled(page, js);
  await page.getByLabel("Full name").fill(role === "employer" ? "Erin Employer" : "Cara Candidate");
  if (role === "employer") await page.getByLabel("Company name").fill("Acme Robotics");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // With confirmation required, sign-up signs nobody in: it says to check the email, then sign in.
  await page.getByText("Check your email: we sent a message to the address you gave").waitFor();
  await settled(page, js);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

async function confirmThroughEmail(page: Page, js: boolean, dataDir: string, email: string) {
  const link = await linkFromMailbox(dataDir, email, VERIFY_SUBJECT, "/auth/verify/");
  await page.goto(link);
  await settled(page, js);
  await page.getByText(`Confirm that ${email} is your address.`).waitFor();
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await page.getByText("Your email address is confirmed. Thank you!").waitFor();
  await expect(page.getByText("Confirm your email address.").count()).resolves.toBe(0);
}

journeys(
  "account recovery",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";
    let orm: MikroORM;
    let queue: QueueRuntime;
    let jobId: string;

    beforeAll(async () => {
      // A confirmed employer's job to apply to, written straight to the server's database.
      orm = await openOrm(journey.server.databaseUrl);
      setOrm(orm);
      queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
      const employer = await signUpOnPlan({
        email: `board-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: "Quantum Widgets",
        plan: "business",
      });
      jobId = await publishTestJob(employer.id, {
        title: `Robot Wrangler ${tag}`,
        questions: [{ ...emptyQuestion(), question_text: "Why robots?" }],
      });
    });
    afterAll(async () => {
      await queue?.stop();
      setOrm(undefined);
      await orm?.close();
    });

    it("forgets the password, follows the emailed link, sets a new one and signs in with it", async () => {
      const email = `forgetful-${tag}@example.com`;
      await signUp(await newPage(), js, email, "candidate");
      // Another browser, signed out.
      const page = await newPage();
      await page.goto("/auth");
      await settled(page, js);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await settled(page, js);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByText("If an account exists for that address, we sent a link.").waitFor();

      const link = await linkFromMailbox(journey.server.dataDir, email, RESET_SUBJECT, "/auth/reset/");
      await page.goto(link);
      await settled(page, js);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.getByText("Use at least 8 characters").waitFor();
      await expect(page.getByLabel("New password").inputValue()).resolves.toBe("");
      await page.getByLabel("New password").fill("a whole new password");
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.getByText("Your password is changed. Sign in with your new password.").waitFor();

      await settled(page, js);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("a whole new password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(/\/candidate\/jobs/);

      // The link worked once.
      await page.goto(link);
      await page.getByRole("heading", { name: "This link has expired or was already used" }).waitFor();
      await page.getByRole("link", { name: "Send me a new link" }).waitFor();
    });

    it("an employer can't publish before confirming the address; the draft waits, and publishes once confirmed", async () => {
      const email = `new-boss-${tag}@example.com`;
      const page = await newPage();
      await signUp(page, js, email, "employer");
      await page.getByText("Confirm your email address.").waitFor();
      await page.getByRole("button", { name: "Resend" }).waitFor();

      await page.goto("/employer/jobs/new");
      await settled(page, js);
      await page.getByLabel(/Job title/).fill(`Unconfirmed Role ${tag}`);
      await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
      await page.getByLabel(/Location type/).selectOption("hybrid");
      await page.getByLabel(/Employment type/).selectOption("FULLTIME");
      await page.getByLabel(/^Category/).selectOption("Software Engineering");
      await page.getByLabel(/^Requirements/).fill("Five years building distributed systems.");
      await page.getByLabel(/^Description/).fill("Own our robot fleet's control platform.");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("heading", { name: "Review your job" }).waitFor();
      await page.getByRole("button", { name: "Publish Job" }).click();
      await page
        .getByText(`Confirm your email address before you publish a job. Open the link we sent to ${email}`)
        .waitFor();
      await page.getByRole("button", { name: "Resend" }).waitFor();
      const wizard = page.url();

      await confirmThroughEmail(page, js, journey.server.dataDir, email);
      await page.goto(wizard);
      await settled(page, js);
      await page.getByRole("heading", { name: "Review your job" }).waitFor();
      await page.getByText(`Unconfirmed Role ${tag}`).first().waitFor();
      await page.getByRole("button", { name: "Publish Job" }).click();
      await page.getByText("Job posted successfully!").waitFor();
    });

    it("a candidate's submit is refused with the draft kept until the emailed link confirms the address", async () => {
      const email = `new-cara-${tag}@example.com`;
      const page = await newPage();
      await signUp(page, js, email, "candidate");
      // Resend from the banner: a new link, said so.
      await page.getByRole("button", { name: "Resend" }).click();
      await page.getByText(`We sent a new link to ${email}.`).waitFor();

      await page.goto(`/candidate/jobs/${jobId}/apply`);
      await settled(page, js);
      await page.getByLabel("Answer to question 1").fill("They never complain.");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page.getByText("Confirm your email address before you send an application.").waitFor();
      await page.getByRole("button", { name: "Resend" }).waitFor();

      await confirmThroughEmail(page, js, journey.server.dataDir, email);
      await page.goto(`/candidate/jobs/${jobId}/apply?step=3`);
      await settled(page, js);
      await page.getByText("1 of 1 questions completed").waitFor();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page.getByText("Application submitted successfully!").waitFor();
    });
  },
  { env: { REQUIRE_EMAIL_VERIFICATION: "true" } },
);
