// A member closes or archives a job and chooses to tell the applicants still waiting (decision 073):
// each undecided one is marked and gets one email saying the company closed the job; the decided
// ones, and everyone when the member chose not to tell, get nothing; reopening clears the mark.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { changeJobStatus, memberFor } from "../hiring/index.server.ts";
import { candidateHistory, submitApplication, undecidedToTell } from "./index.server.ts";
import { JOB_CLOSED_EMAIL_QUEUE } from "./queues.ts";

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
const queued = async (applicationId: string) =>
  (
    await sql<{ n: string }>(`select count(*) as n from pgboss.job where name = ? and data->>'applicationId' = ?`, [
      JOB_CLOSED_EMAIL_QUEUE,
      applicationId,
    ])
  )[0]!.n;

let n = 0;
const person = (role: "employer" | "candidate") =>
  signUpOnPlan({
    email: `closed-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: `Person ${n}`,
    company_name: role === "employer" ? `Company ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

describe("telling the undecided applicants that a job closed", () => {
  it("marks and emails each undecided applicant once, not the decided ones", async () => {
    const owner = await person("employer");
    const [waiting, decided] = [await person("candidate"), await person("candidate")];
    const jobId = await publishTestJob(owner.id, { title: "Told Engineer" });
    const open = (await submitApplication(waiting.id, jobId)).applicationId;
    const rejected = (await submitApplication(decided.id, jobId)).applicationId;
    await sql(`update applications set status = 'rejected' where id = ?`, [rejected]);
    expect(await undecidedToTell(jobId)).toBe(1);

    await changeJobStatus(await memberFor(owner.id), jobId, "close", { tellApplicants: true });
    expect(await settledJob(JOB_CLOSED_EMAIL_QUEUE, { applicationId: open })).toBe("completed");
    const closing = sent.filter((m) => m.subject === "Told Engineer is closed");
    expect(closing.map((m) => m.to)).toEqual([waiting.email]);
    expect(closing[0]!.text).toContain("has closed Told Engineer and is no longer reviewing applications");
    expect(await queued(rejected)).toBe("0");
    expect(await undecidedToTell(jobId)).toBe(0);
    const history = await candidateHistory(waiting.id);
    expect(history.applications[0]!.jobClosedAt).not.toBeNull();

    // Archived after: nobody is told twice.
    await changeJobStatus(await memberFor(owner.id), jobId, "archive", { tellApplicants: true });
    expect(await queued(open)).toBe("1");
  });

  it("tells nobody when the member chose not to, and reopening clears the mark", async () => {
    const owner = await person("employer");
    const candidate = await person("candidate");
    const jobId = await publishTestJob(owner.id, { title: "Quiet Engineer" });
    const applicationId = (await submitApplication(candidate.id, jobId)).applicationId;
    const member = await memberFor(owner.id);

    await changeJobStatus(member, jobId, "close");
    expect(await queued(applicationId)).toBe("0");
    expect(await undecidedToTell(jobId)).toBe(1);

    await changeJobStatus(member, jobId, "reopen");
    await changeJobStatus(member, jobId, "close", { tellApplicants: true });
    expect(await queued(applicationId)).toBe("1");
    await changeJobStatus(member, jobId, "reopen");
    expect((await candidateHistory(candidate.id)).applications[0]!.jobClosedAt).toBeNull();
  });
});
