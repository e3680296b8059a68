// The hire that fills a job's last opening (decision 075): computed on the server, it closes the
// job when the member left the box checked, and the undecided applicants are told once each by
// the close's own path; hires before the last, an unchecked box and a second hire close nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { checkDetails, closingRule, emptyWizardForm, memberFor } from "../hiring/index.server.ts";
import { hireApplication, lastOpeningFor, submitApplication } from "./index.server.ts";
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
const jobStatus = async (jobId: string) =>
  (await sql<{ status: string }>(`select status from jobs where id = ?`, [jobId]))[0]!.status;
const closedEmailsQueued = async (jobId: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from pgboss.job j join applications a on a.id::text = j.data->>'applicationId'
          where j.name = ? and a.job_id = ?`,
        [JOB_CLOSED_EMAIL_QUEUE, jobId],
      )
    )[0]!.n,
  );

let n = 0;
const person = (role: "employer" | "candidate") =>
  signUpOnPlan({
    email: `opening-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: `Person ${n}`,
    company_name: role === "employer" ? `Company ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

/** A job with `openings`, and one application per status given. */
async function jobWith(openings: string, statuses: string[]) {
  const owner = await person("employer");
  const title = `Role ${n}`;
  const jobId = await publishTestJob(owner.id, { title, openings });
  const ids: string[] = [];
  const emails: string[] = [];
  for (const status of statuses) {
    const candidate = await person("candidate");
    const { applicationId } = await submitApplication(candidate.id, jobId);
    await sql(`update applications set status = ? where id = ?`, [status, applicationId]);
    ids.push(applicationId);
    emails.push(candidate.email);
  }
  return { member: await memberFor(owner.id), jobId, title, ids, emails };
}

describe("openings", () => {
  it("are a whole number from 1 to 100, one when left empty", () => {
    const details = (openings: string) =>
      checkDetails({ ...emptyWizardForm("Acme"), openings }, closingRule("UTC", "draft"));
    for (const bad of ["0", "101", "two", "1.5", "-1"])
      expect(details(bad)).toMatchObject({ ok: false, errors: { openings: ["Enter a whole number from 1 to 100"] } });
    const empty = details("");
    expect(empty.ok || !("openings" in empty.errors)).toBe(true);
  });
});

describe("the hire that fills the last opening", () => {
  it("is offered only for the last opening, and closing tells each undecided applicant once", async () => {
    const { member, jobId, title, ids, emails } = await jobWith("2", ["offer", "offer", "submitted", "rejected"]);
    const [first, last, waiting] = ids as [string, string, string, string];
    expect(await lastOpeningFor(member, first, jobId)).toBeNull();
    expect(await hireApplication(member, first, jobId, { closeJob: true })).toEqual({ status: "hired", closed: null });
    expect(await jobStatus(jobId)).toBe("active");

    expect(await lastOpeningFor(member, last, jobId)).toEqual({ openings: 2, undecidedOthers: 1 });
    expect(await hireApplication(member, last, jobId, { closeJob: true })).toEqual({
      status: "hired",
      closed: { told: 1 },
    });
    expect(await jobStatus(jobId)).toBe("closed");
    expect(await settledJob(JOB_CLOSED_EMAIL_QUEUE, { applicationId: waiting })).toBe("completed");
    expect(sent.filter((m) => m.subject === `${title} is closed`).map((m) => m.to)).toEqual([emails[2]]);

    // The same hire posted again (a double click): nothing more closes or is sent.
    expect(await hireApplication(member, last, jobId, { closeJob: true })).toEqual({ status: "hired", closed: null });
    expect(await closedEmailsQueued(jobId)).toBe(1);
  });

  it("leaves the job open when the member unticked the box", async () => {
    const { member, jobId, ids } = await jobWith("1", ["offer", "interview"]);
    expect(await lastOpeningFor(member, ids[0]!, jobId)).toEqual({ openings: 1, undecidedOthers: 1 });
    expect(await hireApplication(member, ids[0]!, jobId, { closeJob: false })).toEqual({
      status: "hired",
      closed: null,
    });
    expect(await jobStatus(jobId)).toBe("active");
    expect(await closedEmailsQueued(jobId)).toBe(0);
  });

  it("two last hires at once close the job once, and each undecided applicant hears once", async () => {
    const { member, jobId, title, ids, emails } = await jobWith("1", ["offer", "offer", "submitted", "shortlisted"]);
    const results = await Promise.all(
      [ids[0]!, ids[1]!].map((id) => hireApplication(member, id, jobId, { closeJob: true })),
    );
    // The first to take the job's lock closes it, telling the other offer too; the second only hires.
    expect(results.filter((r) => r.closed).map((r) => r.closed)).toEqual([{ told: 3 }]);
    expect(await jobStatus(jobId)).toBe("closed");
    expect(await closedEmailsQueued(jobId)).toBe(3);
    const told = await sql<{ id: string }>(
      `select id from applications where job_id = ? and job_closed_at is not null`,
      [jobId],
    );
    for (const { id } of told) await settledJob(JOB_CLOSED_EMAIL_QUEUE, { applicationId: id });
    // Hired since, the other offer hears of that instead.
    expect(
      sent
        .filter((m) => m.subject === `${title} is closed`)
        .map((m) => m.to)
        .sort(),
    ).toEqual([emails[2], emails[3]].sort());
  });
});
