// A rejection's private reason and its email's timing (decision 073): the reason and note are kept
// on the change and in the CSV, never in what the candidate reads; "later" holds the email a day
// and can be cancelled until then, after which its job sends nothing; "now" sends it at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { jobToApply, memberFor } from "../hiring/index.server.ts";
import {
  applicationsCsv,
  cancelRejectionEmail,
  candidateHistory,
  moveApplication,
  pendingRejectionEmail,
  sentApplication,
  submitApplication,
} from "./index.server.ts";
import { applicationsAccountData } from "./account-data.ts";
import { STATUS_EMAIL_QUEUE } from "./queues.ts";
import { rejectionReasons } from "./rejections.ts";

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
afterAll(() => setMailer(undefined));

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const emailJob = async (applicationId: string) =>
  (
    await sql<{ id: string; wait: number }>(
      `select id, extract(epoch from start_after - created_on)::int as wait from pgboss.job where name = ? and data->>'applicationId' = ?`,
      [STATUS_EMAIL_QUEUE, applicationId],
    )
  )[0];

let n = 0;
const person = (role: "employer" | "candidate") =>
  signUpOnPlan({
    email: `reject-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: `Person ${n}`,
    company_name: role === "employer" ? `Company ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

async function applied(title: string) {
  const owner = await person("employer");
  const candidate = await person("candidate");
  const jobId = await publishTestJob(owner.id, { title });
  const { applicationId } = await submitApplication(candidate.id, jobId);
  return { member: await memberFor(owner.id), candidate, applicationId, jobId };
}

describe("a rejection's reason and its email", () => {
  it("holds the email a day, keeps the reason private, and a cancel means nothing is sent", async () => {
    const { member, candidate, applicationId, jobId } = await applied("Held Engineer");
    await moveApplication(member, applicationId, "rejected", {
      rejection: { reason: "another-candidate", note: "Went with an internal move.", emailTiming: "later" },
    });
    const job = (await emailJob(applicationId))!;
    expect(job.wait).toBeGreaterThanOrEqual(24 * 60 * 60 - 5);
    expect(await pendingRejectionEmail(member, applicationId)).toMatch(/\d{4}/);
    expect(await rejectionReasons([applicationId])).toEqual(
      new Map([[applicationId, { reason: "Another candidate chosen", note: "Went with an internal move." }]]),
    );

    const questions = (await jobToApply(jobId))!.questions;
    const csv = await new Response(await applicationsCsv(member, jobId, questions)).text();
    expect(csv).toContain(",Another candidate chosen,Went with an internal move.,");

    // Nothing the candidate reads carries it: their pages' data and their export.
    const seen = JSON.stringify([
      await candidateHistory(candidate.id),
      await sentApplication(candidate.id, applicationId),
      (
        await applicationsAccountData.exportData!({
          id: candidate.id,
          email: candidate.email,
          role: "candidate",
          fullName: null,
        })
      ).json,
    ]);
    expect(seen).not.toContain("internal move");
    expect(seen).not.toContain("another-candidate");

    await cancelRejectionEmail(member, applicationId);
    expect(await pendingRejectionEmail(member, applicationId)).toBeNull();
    await expect(cancelRejectionEmail(member, applicationId)).rejects.toThrow("no rejection email waiting");
    // The day is up: the job runs, and sends nothing.
    await sql(`update pgboss.job set start_after = now() where id = ?`, [job.id]);
    expect(await settledJob(STATUS_EMAIL_QUEUE, { applicationId })).toBe("completed");
    expect(sent.filter((m) => m.to === candidate.email && m.subject.includes("Held Engineer"))).toEqual([]);
  });

  it("sends at once when asked, with nothing left to cancel", async () => {
    const { member, candidate, applicationId } = await applied("Prompt Engineer");
    await moveApplication(member, applicationId, "rejected", {
      rejection: { reason: "skills", note: null, emailTiming: "now" },
    });
    expect((await emailJob(applicationId))!.wait).toBeLessThan(60);
    expect(await settledJob(STATUS_EMAIL_QUEUE, { applicationId })).toBe("completed");
    expect(sent.filter((m) => m.to === candidate.email && m.subject.includes("Prompt Engineer"))).toHaveLength(1);
    expect(await pendingRejectionEmail(member, applicationId)).toBeNull();
  });
});
