// No application left in silence, the last two parts (decision 075), end to end with JavaScript on
// and off: the weekly digest of applicants waiting 14+ days reaches the owner's dev mailbox, its
// footer link unsubscribes signed out, and /account turns it back on; marking the last opening
// Hired offers "Close the job and tell the 2 other undecided applicants", ticked, and each of them
// gets one email.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { em, setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { enqueue } from "../../lib/queue.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { submitApplication, WAITING_DIGEST_QUEUE } from "../../modules/applications/index.server.ts";
import { contactFor } from "../../modules/identity/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";
import { countInMailbox, linkFromMailbox } from "../support/mailbox.ts";
import { settledJob } from "../support/runtime.ts";

const PASSWORD = "correct horse battery";
const CLOSED_QUEUE = "applications.job-closed-email";

journeys("the waiting digest and the last opening", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = {
    owner: `wd-owner-${tag}@example.com`,
    hired: `wd-hired-${tag}@example.com`,
    ann: `wd-ann-${tag}@example.com`,
    bo: `wd-bo-${tag}@example.com`,
  };
  const jobTitle = `Waiting Engineer ${tag}`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let ownerId = "";
  let jobId = "";
  const applications: string[] = [];

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const owner = await signUpOnPlan({
      email: emails.owner,
      password: PASSWORD,
      role: "employer",
      company_name: "Northwind",
      full_name: "Olive Owner",
      plan: "business",
    });
    ownerId = owner.id;
    jobId = await publishTestJob(owner.id, { title: jobTitle, company_name: "Northwind", openings: "1" });
    for (const name of ["hired", "ann", "bo"] as const) {
      const candidate = await signUpOnPlan({
        email: emails[name],
        password: PASSWORD,
        role: "candidate",
        full_name: `${name[0]!.toUpperCase()}${name.slice(1)} Candidate`,
        plan: "essential",
      });
      applications.push((await submitApplication(candidate.id, jobId)).applicationId);
    }
    // The server's clock is the real one: the applications are made three weeks old instead.
    await em().execute(`update applications set created_at = now() - interval '21 days' where job_id = ?`, [jobId]);
    await em().execute(`update applications set status = 'offer' where id = ?`, [applications[0]]);
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("the digest lists the waiting applicants, unsubscribes signed out, and /account turns it on again", async () => {
    await enqueue(WAITING_DIGEST_QUEUE, { run: tag });
    expect(await settledJob(WAITING_DIGEST_QUEUE, { run: tag })).toBe("completed");
    const subject = "3 applicants waiting 14+ days for a decision";
    expect(await countInMailbox(journey.server.dataDir, emails.owner, subject)).toBe(1);
    const jobLink = await linkFromMailbox(journey.server.dataDir, emails.owner, subject, `/employer/jobs/${jobId}`);
    expect(jobLink).toBe(`/employer/jobs/${jobId}`);

    const reader = await newPage();
    await reader.goto(await linkFromMailbox(journey.server.dataDir, emails.owner, subject, "/digest/unsubscribe/"));
    await settled(reader, js);
    await reader.getByRole("heading", { name: "Unsubscribe from the weekly digest?" }).waitFor();
    await reader.getByRole("button", { name: "Unsubscribe" }).click();
    await reader.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect(await contactFor(ownerId)).toMatchObject({ waitingDigest: false });

    const olive = await newPage();
    await signInByEmail(olive, emails.owner);
    await olive.goto("/account#emails");
    await settled(olive, js);
    const box = olive.getByLabel("Email me a weekly digest of applicants waiting 14+ days");
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await olive.locator("form", { has: box }).getByRole("button", { name: "Save" }).click();
    await olive.getByText("Saved. We'll send you the weekly digest of applicants waiting 14+ days.").waitFor();
    expect(await olive.getByLabel("Email me a weekly digest of applicants waiting 14+ days").isChecked()).toBe(true);
    expect(await contactFor(ownerId)).toMatchObject({ waitingDigest: true });
  });

  it("hiring for the last opening closes the job and tells the other undecided applicants once", async () => {
    const olive = await newPage();
    await signInByEmail(olive, emails.owner);
    await olive.goto(`/employer/jobs/${jobId}/applications/${applications[0]}?sort=oldest`);
    await settled(olive, js);
    const close = olive.getByLabel("Close the job and tell the 2 other undecided applicants");
    expect(await close.isChecked()).toBe(true);
    await olive.getByRole("button", { name: "Mark as hired" }).click();
    await olive
      .getByText("Every opening is filled, so the job is closed: we'll tell the 2 undecided applicants.")
      .waitFor();
    const [job] = await em().execute<{ status: string }[]>(`select status from jobs where id = ?`, [jobId]);
    expect(job!.status).toBe("closed");

    for (const id of applications.slice(1))
      expect(await settledJob(CLOSED_QUEUE, { applicationId: id })).toBe("completed");
    const subject = `${jobTitle} is closed`;
    expect(await countInMailbox(journey.server.dataDir, emails.ann, subject)).toBe(1);
    expect(await countInMailbox(journey.server.dataDir, emails.bo, subject)).toBe(1);
    expect(await countInMailbox(journey.server.dataDir, emails.hired, subject)).toBe(0);
  });
});
