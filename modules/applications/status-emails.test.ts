// A candidate's status email waits STATUS_EMAIL_DELAY_SECONDS: an employer who shortlists and
// moves to Interview a moment later sends one email, Interview's, not two within a second. Every
// change's email job runs to its end; only the application's latest stage is told.
import { afterAll, beforeAll, expect, it, vi } from "vitest";

// Long enough that two moves one after another always fall inside it; read when first used.
const before = vi.hoisted(() => {
  const old = process.env.STATUS_EMAIL_DELAY_SECONDS;
  process.env.STATUS_EMAIL_DELAY_SECONDS = "8";
  return old;
});

import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor } from "../hiring/index.server.ts";
import { moveApplication, submitApplication } from "./index.server.ts";
import { STATUS_EMAIL_QUEUE } from "./queues.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() =>
  setMailer({
    async send(message) {
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  }),
);
afterAll(() => {
  setMailer(undefined);
  if (before === undefined) delete process.env.STATUS_EMAIL_DELAY_SECONDS;
  else process.env.STATUS_EMAIL_DELAY_SECONDS = before;
});

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
/** Waits until `n` status-email jobs of the application have run to their end. */
const emailJobsDone = (applicationId: string, n: number) =>
  expect
    .poll(
      async () => {
        const rows = await sql<{ state: string }>(
          `select state from pgboss.job where name = ? and data->>'applicationId' = ?`,
          [STATUS_EMAIL_QUEUE, applicationId],
        );
        return rows.map((r) => r.state);
      },
      { timeout: 90_000 },
    )
    .toEqual(Array(n).fill("completed"));

it(
  "Shortlist then Interview at once: one email, Interview's; a later move still sends its own",
  { timeout: 180_000 },
  async () => {
    const boss = await signUpOnPlan({
      email: "quick-boss@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
      full_name: "Ada",
    });
    const owner = await memberFor(boss.id);
    const jobId = await publishTestJob(boss.id, { title: "Quick Engineer" });
    const person = await signUpOnPlan({
      email: "quick-candidate@example.com",
      password: "correct horse",
      role: "candidate",
      plan: "essential",
      full_name: "Grace",
    });
    const { applicationId } = await submitApplication(person.id, jobId);
    const statusEmails = () =>
      sent
        .filter((m) => m.to === person.email && m.subject !== "We sent your application to Acme")
        .map((m) => m.subject);

    await moveApplication(owner, applicationId, "shortlisted", { jobId });
    // The employer's second click comes once a worker could have sent Shortlisted's email: it has
    // run its job, or the job waits for its time.
    await expect
      .poll(
        async () => {
          const rows = await sql<{ n: number }>(
            `select count(*)::int as n from pgboss.job where name = ? and data->>'applicationId' = ? and (state = 'completed' or start_after > now())`,
            [STATUS_EMAIL_QUEUE, applicationId],
          );
          return rows[0]!.n;
        },
        { timeout: 90_000 },
      )
      .toBe(1);
    await moveApplication(owner, applicationId, "interview", { jobId });
    await emailJobsDone(applicationId, 2);
    expect(statusEmails()).toEqual(["You're invited to interview for Quick Engineer"]);

    await moveApplication(owner, applicationId, "offer", { jobId });
    await emailJobsDone(applicationId, 3);
    expect(statusEmails()).toEqual([
      "You're invited to interview for Quick Engineer",
      "You have an offer for Quick Engineer",
    ]);
  },
);
