// The pipeline end to end, with JavaScript on and off (issue 18 item 2, decision 050): an employer
// moves an applicant to Interview, then Offer, then Hired from the application page; rejects
// another through Reject's confirmation page, without email; the candidates read the right
// messages on My Applications, and the Interview email is in the server's mailbox.
import { afterAll, beforeAll, expect, it } from "vitest";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { em, setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

journeys("the hiring pipeline", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = {
    employer: `pipe-boss-${tag}@example.com`,
    ivy: `ivy-${tag}@example.com`,
    rex: `rex-${tag}@example.com`,
  };
  const title = `Pipeline Engineer ${tag}`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let jobId: string;
  let rexApplication: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: emails.employer,
      password: PASSWORD,
      role: "employer",
      company_name: "Pipeworks",
      full_name: "Pia Boss",
      plan: "business",
    });
    const ivy = await signUpOnPlan({
      email: emails.ivy,
      password: PASSWORD,
      role: "candidate",
      full_name: "Ivy Interview",
      plan: "essential",
    });
    const rex = await signUpOnPlan({
      email: emails.rex,
      password: PASSWORD,
      role: "candidate",
      full_name: "Rex Rejected",
      plan: "essential",
    });
    jobId = await publishTestJob(employer.id, { title, company_name: "Pipeworks" });
    await submitApplication(ivy.id, jobId);
    rexApplication = (await submitApplication(rex.id, jobId)).applicationId;
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  /** Waits for Ivy's Interview email in the server's mailbox (no SMTP server configured), with its link. */
  async function interviewEmail() {
    const subject = `You're invited to interview for ${title}`;
    const mail = path.join(journey.server.dataDir, "mail");
    await expect
      .poll(async () => (await listMailbox(mail)).filter((m) => m.to.includes(emails.ivy)).map((m) => m.subject), {
        timeout: 30_000,
        interval: 300,
      })
      .toContain(subject);
    const entryInMailbox = (await listMailbox(mail)).find((m) => m.to.includes(emails.ivy) && m.subject === subject)!;
    const message = await readMailboxMessage(entryInMailbox);
    expect(message.links.some((l) => new URL(l).pathname === "/candidate/applications")).toBe(true);
  }

  it("moves one applicant to Interview, Offer and Hired, rejects another without email after confirming, and both candidates read where they are", async () => {
    const boss = await newPage();
    await signIn(boss, js, emails.employer);
    await boss.goto(`/employer/jobs/${jobId}`);
    await boss.getByRole("link", { name: "Ivy Interview", exact: true }).click();
    await boss.getByRole("heading", { name: "Ivy Interview" }).waitFor();
    await settled(boss, js);

    const steps = [
      ["Move to Interview", "The candidate moved to Interview. We'll let them know.", "Interview"],
      ["Make an offer", "The candidate moved to Offer. We'll let them know.", "Offer"],
      ["Mark as hired", "The candidate moved to Hired. We'll let them know.", "Hired"],
    ] as const;
    for (const [button, notice, badge] of steps) {
      await boss.getByRole("button", { name: button }).click();
      await boss.getByText(notice).waitFor();
      await boss.locator("header").getByText(badge, { exact: true }).waitFor();
      await expect(boss.getByRole("button", { name: button }).count()).resolves.toBe(0);
      // The Interview email goes out while she is at Interview (a stage's email is not sent once
      // she has moved on), so the journey waits for it before the next move.
      if (badge === "Interview") await interviewEmail();
    }
    // Hired is the end of the pipeline: no moves are left.
    await expect(boss.getByRole("form", { name: "Move this application" }).count()).resolves.toBe(0);

    // Reject from the job's list leads to its confirmation page, which can also be cancelled.
    await boss.goto(`/employer/jobs/${jobId}`);
    await settled(boss, js);
    await boss.getByRole("link", { name: "Reject Rex Rejected" }).click();
    await boss.getByRole("heading", { name: "Reject Rex Rejected?" }).waitFor();
    await boss.getByRole("link", { name: "Cancel" }).click();
    await boss.waitForURL((url) => url.pathname === `/employer/jobs/${jobId}`);
    await boss.getByRole("link", { name: "Reject Rex Rejected" }).click();
    await boss.getByRole("heading", { name: "Reject Rex Rejected?" }).waitFor();
    await settled(boss, js);
    // A message too long is refused beside the field and kept.
    const long = `Thanks for your time. ${"a".repeat(1000)}`;
    await boss.getByLabel("Message to the candidate (optional)").fill(long);
    await boss.getByRole("button", { name: "Reject without email" }).click();
    await boss.getByText("A message can be up to 1,000 characters.").waitFor();
    await expect(boss.getByLabel("Message to the candidate (optional)").inputValue()).resolves.toBe(long);
    await boss.getByLabel("Message to the candidate (optional)").fill("");
    await boss.getByRole("button", { name: "Reject without email" }).click();
    await boss.getByText("The candidate is marked Not Selected. No email was sent.").waitFor();
    await expect(boss.getByRole("link", { name: "Reject Rex Rejected" }).count()).resolves.toBe(0);
    // Without email means no email job at all (it would be queued in the move's transaction).
    const jobs = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from pgboss.job where name = 'applications.status-email' and data->>'applicationId' = ?`,
      [rexApplication],
    );
    expect(jobs).toEqual([{ n: 0 }]);

    // The candidates read where they are.
    const ivy = await newPage();
    await signIn(ivy, js, emails.ivy);
    await ivy.goto("/candidate/applications");
    const entry = ivy.getByRole("article", { name: title });
    await entry.getByText("You're hired. Congratulations!").waitFor();
    await entry.getByText("Hired", { exact: true }).first().waitFor();
    for (const [label, count] of [
      ["Interview", "0"],
      ["Offer", "0"],
      ["Hired", "1"],
    ]) {
      await expect(
        ivy
          .locator("dl > div", { has: ivy.getByText(label, { exact: true }) })
          .locator("dd")
          .first()
          .textContent(),
      ).resolves.toBe(count);
    }

    const rex = await newPage();
    await signIn(rex, js, emails.rex);
    await rex.goto("/candidate/applications");
    await rex.getByRole("article", { name: title }).getByText("Not selected for this role").waitFor();
  });
  it("rejects three applicants at once from the job's list, after a confirmation naming them", async () => {
    const employer = await signUpOnPlan({
      email: `bulk-boss-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: "Bulkworks",
      full_name: "Bo Bulk",
      plan: "business",
    });
    const bulkJob = await publishTestJob(employer.id, { title: `Bulk Role ${tag}`, company_name: "Bulkworks" });
    const names = ["Ann", "Ben", "Cy", "Dee"].map((n) => `${n} Bulk ${tag}`);
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const person = await signUpOnPlan({
        email: `bulk-${i}-${tag}@example.com`,
        password: PASSWORD,
        role: "candidate",
        full_name: name,
        plan: "essential",
      });
      ids.push((await submitApplication(person.id, bulkJob)).applicationId);
    }
    const boss = await newPage();
    await signIn(boss, js, `bulk-boss-${tag}@example.com`);
    await boss.goto(`/employer/jobs/${bulkJob}`);
    await settled(boss, js);
    for (const name of names.slice(0, 3)) await boss.getByRole("checkbox", { name: `Select ${name}` }).check();
    await boss.getByLabel("Move selected to").selectOption("rejected");
    await boss.getByRole("button", { name: "Move selected" }).click();
    await boss.getByRole("heading", { name: "Reject 3 applicants?" }).waitFor();
    const chosen = boss.getByRole("list", { name: "Chosen applicants" });
    for (const name of names.slice(0, 3)) await chosen.getByText(name).waitFor();
    await settled(boss, js);
    await boss.getByRole("button", { name: "Reject and email the candidates" }).click();
    await boss.getByText("3 applicants moved to Not Selected. We'll let them know.").waitFor();
    const statuses = await em().execute<{ id: string; status: string }[]>(
      `select id, status from applications where job_id = ? order by created_at`,
      [bulkJob],
    );
    expect(statuses.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected", "submitted"]);
  });
});
