// Employers as a team, end to end with JavaScript on and off: the owner invites a colleague, who
// signs up through the emailed link and joins as interviewer; the owner assigns them a job; the
// interviewer sees its applicants without decision buttons; the owner removes them (with a
// confirmation) and the job is no longer theirs to open.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { journeys, settled } from "../support/browser.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signInAs } from "../support/sessions.ts";
import { setOrm } from "../../lib/db.ts";
import { openOrm } from "../../db/orm.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";

journeys("team", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const company = `Orbit Labs ${tag}`;
  const jobTitle = `Rocket Welder ${tag}`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let owner: Account;
  let jobId: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    // Jobs queued here (the application's emails) are run by the server's workers.
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    owner = await signUpOnPlan({
      email: `owner-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: company,
      full_name: "Olga Owner",
      plan: "business",
    });
    jobId = await publishTestJob(owner.id, { title: jobTitle, company_name: company });
    const applicant = await signUpOnPlan({
      email: `applicant-${tag}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: "Ada Applicant",
      plan: "professional",
    });
    await submitApplication(applicant.id, jobId);
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("invites a colleague who signs up through the link, is assigned a job, reviews it read-only, and is removed", async () => {
    const colleagueEmail = `ivan-${tag}@example.com`;
    const ownerPage = await newPage();
    await signInAs(ownerPage, journey.baseUrl, owner);
    await ownerPage.goto("/employer/team");
    await settled(ownerPage, js);
    await ownerPage.getByLabel("Email address").fill(colleagueEmail);
    await ownerPage.getByLabel("Role", { exact: true }).selectOption("interviewer");
    await ownerPage.getByRole("button", { name: "Send invitation" }).click();
    await ownerPage.getByText("Invitation sent. The link works for 7 days.").waitFor();
    await ownerPage.getByText(`${colleagueEmail} · Interviewer`).waitFor();

    // The colleague, signed out, follows the emailed link and creates an account with that address.
    const link = await linkFromMailbox(
      journey.server.dataDir,
      colleagueEmail,
      `Join ${company} on Hirewise`,
      "/invitations/",
    );
    const page = await newPage();
    await page.goto(link);
    await settled(page, js);
    await page.getByRole("heading", { name: `Join ${company} on Hirewise` }).waitFor();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("button", { name: "Create Account" }).waitFor();
    await settled(page, js);
    // The invited address is filled in, no company is asked for, and the page says they join the team.
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(colleagueEmail);
    expect(await page.getByLabel("Company name").count()).toBe(0);
    await page.getByText(`You're joining the ${company} team as interviewer.`).waitFor();
    expect(await page.locator("main").innerText()).not.toContain("free trial");
    await page.getByLabel("Full name").fill("Ivan Interviewer");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Welcome to the team.").waitFor();
    // Straight into the team: no company of their own was ever made.
    const own = await orm.em
      .fork()
      .execute(
        `select u.company_name, (select count(*)::int from companies c where c.billing_user_id = u.id) as companies from users u where u.email = ?`,
        [colleagueEmail],
      );
    expect(own).toEqual([{ company_name: null, companies: 0 }]);
    await page.getByText("Ivan Interviewer").first().waitFor();

    // Not assigned yet: the job is not theirs to open.
    await page.goto(`/employer/jobs/${jobId}`);
    await page.getByText("The job you're looking for could not be found.").waitFor();

    // The owner assigns the job.
    await ownerPage.goto("/employer/team");
    await settled(ownerPage, js);
    await ownerPage.getByRole("checkbox", { name: jobTitle }).check();
    await ownerPage.getByRole("button", { name: "Save assignments for Ivan Interviewer" }).click();
    await ownerPage.getByText("Assignments saved.").waitFor();

    await page.goto("/employer/dashboard");
    await settled(page, js);
    await page.getByRole("link", { name: jobTitle }).first().click();
    await page.getByText("Ada Applicant").first().waitFor();
    expect(await page.getByRole("button", { name: /^(Shortlist|Reject)/ }).count()).toBe(0);

    // Removed, with a confirmation first.
    await ownerPage.getByRole("link", { name: "Remove Ivan Interviewer" }).click();
    await ownerPage.getByRole("heading", { name: "Remove Ivan Interviewer?" }).waitFor();
    await settled(ownerPage, js);
    await ownerPage.getByRole("button", { name: "Remove Ivan Interviewer" }).click();
    await ownerPage.getByText("Member removed.").waitFor();
    await page.goto(`/employer/jobs/${jobId}`);
    await page.getByText("The job you're looking for could not be found.").waitFor();
  });

  it("answers a link that is not valid with a message", async () => {
    const page = await newPage();
    const response = await page.goto("/invitations/not-a-real-token");
    expect(response?.status()).toBe(410);
    await page.getByText("This invitation link is not valid.").waitFor();
  });
});
