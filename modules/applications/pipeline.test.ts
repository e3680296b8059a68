// The pipeline (decision 050): every move the table allows and every one it refuses, the emails a
// move sends (once per change, none when asked or turned off, the employer's message in them),
// bulk moves (all or nothing, other jobs' and companies' ids, the cap, two at once), and members
// who may not decide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor, type Member } from "../hiring/index.server.ts";
import { setEmailNotifications, type Account } from "../identity/index.server.ts";
import {
  ApplicationError,
  APPLICATION_STATUSES,
  moveApplication,
  moveApplications,
  submitApplication,
  type ApplicationStatus,
} from "./index.server.ts";
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
afterAll(() => setMailer(undefined));

let seq = 0;
const candidate = (name = "Grace Hopper") =>
  signUpOnPlan({
    email: `pipe-candidate${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: name,
  });
const employer = (company = "Acme") =>
  signUpOnPlan({
    email: `pipe-employer${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: company,
    plan: "business",
    full_name: "Ada",
  });

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const statusOf = async (id: string) =>
  (await sql<{ status: string }>(`select status from applications where id = ?`, [id]))[0]!.status;
const statusesOf = async (ids: string[]) => Promise.all(ids.map(statusOf));
const changesOf = async (id: string) =>
  (
    await sql<{ n: number }>(`select count(*)::int as n from application_status_changes where application_id = ?`, [id])
  )[0]!.n;
const setStatus = (id: string, status: ApplicationStatus) =>
  sql(`update applications set status = ? where id = ?`, [status, id]);
const emailJobs = async (id: string) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = ? and data->>'applicationId' = ?`,
      [STATUS_EMAIL_QUEUE, id],
    )
  )[0]!.n;
const lastChange = async (id: string) =>
  (
    await sql<{ id: number; message: string | null; to_status: string }>(
      `select id, message, to_status from application_status_changes where application_id = ? order by id desc limit 1`,
      [id],
    )
  )[0]!;

/** Waits for the status email of change `changeId` to run to its end. */
const settledChange = (changeId: number) =>
  expect
    .poll(
      async () => {
        const rows = await sql<{ state: string }>(
          `select state from pgboss.job where name = ? and (data->>'changeId')::int = ?`,
          [STATUS_EMAIL_QUEUE, changeId],
        );
        return rows.length > 0 && rows.every((r) => r.state === "completed");
      },
      { timeout: 30_000 },
    )
    .toBe(true);

async function refusal(promise: Promise<unknown>): Promise<ApplicationError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApplicationError);
  return error as ApplicationError;
}

/** An employer's job with `n` applicants (each a new candidate). */
async function jobWithApplicants(
  boss: Account,
  n: number,
  title = "Pipeline Engineer",
): Promise<{ jobId: string; ids: string[]; people: Account[] }> {
  const jobId = await publishTestJob(boss.id, { title });
  const people: Account[] = [];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const person = await candidate(`Person ${i + 1}`);
    people.push(person);
    ids.push((await submitApplication(person.id, jobId)).applicationId);
  }
  return { jobId, ids, people };
}

// The table as the product decided it, written out here so a change to it is a change to this test.
const ALLOWED: Record<ApplicationStatus, ApplicationStatus[]> = {
  submitted: ["reviewed", "shortlisted", "interview", "rejected"],
  reviewed: ["shortlisted", "interview", "rejected"],
  shortlisted: ["interview", "rejected"],
  interview: ["offer", "rejected"],
  offer: ["hired", "rejected"],
  rejected: ["shortlisted"],
  hired: [],
  withdrawn: [],
  applied_external: [],
};

let boss: Account;
let owner: Member;
beforeAll(async () => {
  boss = await employer();
  owner = await memberFor(boss.id);
});

describe("the table of moves", () => {
  it("allows exactly the listed moves, records each, and refuses every other with 409's code and a sentence", async () => {
    const { jobId, ids } = await jobWithApplicants(boss, 1);
    const id = ids[0]!;
    for (const from of APPLICATION_STATUSES) {
      for (const to of APPLICATION_STATUSES) {
        await setStatus(id, from);
        const before = await changesOf(id);
        const attempt = moveApplication(owner, id, to, { jobId, notify: false });
        if (from === to) {
          // Already there: nothing to do, nothing recorded (a double click).
          await expect(attempt, `${from} → ${to}`).resolves.toBe(to);
          expect(await changesOf(id)).toBe(before);
        } else if (ALLOWED[from].includes(to)) {
          await expect(attempt, `${from} → ${to}`).resolves.toBe(to);
          expect(await statusOf(id)).toBe(to);
          expect(await changesOf(id)).toBe(before + 1);
        } else {
          const error = await refusal(attempt);
          expect(error.code, `${from} → ${to}`).toBe("invalid-transition");
          expect(error.message).toMatch(/can('|’)?t|can no longer/);
          expect(await statusOf(id)).toBe(from);
          expect(await changesOf(id)).toBe(before);
        }
      }
    }
  });

  it("refuses a stage that does not exist, and a message over 1,000 characters, changing nothing", async () => {
    const { jobId, ids } = await jobWithApplicants(boss, 1);
    expect((await refusal(moveApplication(owner, ids[0]!, "promoted", { jobId }))).code).toBe("invalid");
    const long = await refusal(moveApplication(owner, ids[0]!, "interview", { jobId, message: "x".repeat(1001) }));
    expect([long.code, long.fieldErrors.message]).toEqual(["invalid", "A message can be up to 1,000 characters."]);
    expect([await statusOf(ids[0]!), await changesOf(ids[0]!)]).toEqual(["submitted", 1]);
  });
});

describe("the candidate's emails", () => {
  it("Interview, Offer, Hired: one email per change with the employer's message, even when its job runs twice", async () => {
    const { jobId, ids, people } = await jobWithApplicants(boss, 1, "Rust Engineer");
    const id = ids[0]!;
    const me = people[0]!;
    const steps: [ApplicationStatus, string, string | undefined][] = [
      ["interview", "You're invited to interview for Rust Engineer", "Could you do Tuesday at 10?\nBring a laptop."],
      ["offer", "You have an offer for Rust Engineer", undefined],
      ["hired", "You're hired for Rust Engineer", undefined],
    ];
    for (const [to, subject, message] of steps) {
      await moveApplication(owner, id, to, { jobId, message });
      const change = await lastChange(id);
      expect(change).toMatchObject({ to_status: to, message: message ?? null });
      await settledChange(change.id);
      // The queue runs the same change again (a retry): still one message.
      await enqueue(STATUS_EMAIL_QUEUE, { applicationId: id, status: to, changeId: change.id });
      await settledChange(change.id);
      const mine = sent.filter((m) => m.to === me.email && m.subject === subject);
      expect(mine, to).toHaveLength(1);
      if (message) {
        expect(mine[0]!.text).toContain("A message from Acme:");
        expect(mine[0]!.text).toContain("Could you do Tuesday at 10?");
        expect(mine[0]!.html).toContain("Bring a laptop.");
      } else expect(mine[0]!.text).not.toContain("A message from");
      const keys = await sql<{ n: number }>(`select count(*)::int as n from sent_emails where key = ?`, [
        `status-change:${change.id}`,
      ]);
      expect(keys).toEqual([{ n: 1 }]);
    }
  });

  it("Not Selected: emailed with the message when asked; without email, no email job at all and no message kept", async () => {
    const { jobId, ids, people } = await jobWithApplicants(boss, 2, "Go Engineer");
    await moveApplication(owner, ids[0]!, "rejected", {
      jobId,
      notify: true,
      message: "We went with someone closer to Berlin.",
    });
    const change = await lastChange(ids[0]!);
    await settledChange(change.id);
    const told = sent.filter(
      (m) => m.to === people[0]!.email && m.subject === "An update on your application for Go Engineer",
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("We went with someone closer to Berlin.");

    await moveApplication(owner, ids[1]!, "rejected", { jobId, notify: false, message: "Not sent" });
    expect(await statusOf(ids[1]!)).toBe("rejected");
    expect(await lastChange(ids[1]!)).toMatchObject({ to_status: "rejected", message: null });
    // The job is queued in the move's transaction: none there now means none ever.
    expect(await emailJobs(ids[1]!)).toBe(0);
  });

  it("none to a candidate who turned application emails off (the job runs and sends nothing)", async () => {
    const { jobId, ids, people } = await jobWithApplicants(boss, 1, "Quiet Engineer");
    await setEmailNotifications(people[0]!.id, false);
    await moveApplication(owner, ids[0]!, "interview", { jobId, message: "Hello" });
    await settledChange((await lastChange(ids[0]!)).id);
    expect(sent.filter((m) => m.to === people[0]!.email)).toEqual([]);
  });
});

describe("bulk moves", () => {
  it("move every chosen applicant, each recorded and emailed once with the message", async () => {
    const { jobId, ids, people } = await jobWithApplicants(boss, 3, "Bulk Engineer");
    await expect(
      moveApplications(owner, jobId, [...ids, ids[0]!], "interview", { notify: true, message: "See you soon" }),
    ).resolves.toEqual({ moved: 3, unchanged: 0 });
    expect(await statusesOf(ids)).toEqual(["interview", "interview", "interview"]);
    for (const [i, id] of ids.entries()) {
      const change = await lastChange(id);
      await settledChange(change.id);
      const mine = sent.filter(
        (m) => m.to === people[i]!.email && m.subject === "You're invited to interview for Bulk Engineer",
      );
      expect(mine).toHaveLength(1);
      expect(mine[0]!.text).toContain("See you soon");
    }
    // Again: they are there already, nothing changes.
    await expect(moveApplications(owner, jobId, ids, "interview", { notify: true })).resolves.toEqual({
      moved: 0,
      unchanged: 3,
    });
    expect(await Promise.all(ids.map(changesOf))).toEqual([2, 2, 2]);
  });

  it("all or nothing: one applicant who can't move refuses the move with how many, nothing changed", async () => {
    const { jobId, ids } = await jobWithApplicants(boss, 3);
    await setStatus(ids[2]!, "hired");
    await setStatus(ids[1]!, "withdrawn");
    const error = await refusal(moveApplications(owner, jobId, ids, "rejected", { notify: true }));
    expect([error.code, error.message]).toEqual([
      "invalid-transition",
      "2 of the chosen applicants can't move to Not Selected from where they are now. Nothing was moved.",
    ]);
    expect(await statusesOf(ids)).toEqual(["submitted", "withdrawn", "hired"]);
    expect(await Promise.all(ids.map(changesOf))).toEqual([1, 1, 1]);
    expect(await Promise.all(ids.map(emailJobs))).toEqual([0, 0, 0]);
  });

  it("ids of another job, another company or nobody, and a 101st id: refused, nothing changed", async () => {
    const { jobId, ids } = await jobWithApplicants(boss, 2);
    const otherJob = await jobWithApplicants(boss, 1, "Other job");
    const rival = await employer("Rival");
    const theirs = await jobWithApplicants(rival, 1, "Rival job");
    const everything = [...ids, otherJob.ids[0]!, theirs.ids[0]!];
    const before = await statusesOf(everything);
    for (const extra of [otherJob.ids[0]!, theirs.ids[0]!, crypto.randomUUID(), "not-a-uuid"]) {
      expect((await refusal(moveApplications(owner, jobId, [...ids, extra], "shortlisted"))).code).toBe("not-found");
    }
    // The rival's own job with the owner's applicants in it.
    expect(
      (
        await refusal(
          moveApplications(await memberFor(rival.id), theirs.jobId, [theirs.ids[0]!, ids[0]!], "shortlisted"),
        )
      ).code,
    ).toBe("not-found");
    const tooMany = [...ids, ...Array.from({ length: 99 }, () => crypto.randomUUID())];
    const cap = await refusal(moveApplications(owner, jobId, tooMany, "shortlisted"));
    expect([cap.code, cap.message]).toEqual(["invalid", "You can move up to 100 applicants at once: you chose 101."]);
    expect((await refusal(moveApplications(owner, jobId, [], "shortlisted"))).code).toBe("invalid");
    expect(await statusesOf(everything)).toEqual(before);
    expect(await Promise.all(everything.map(changesOf))).toEqual([1, 1, 1, 1]);
  });

  it("two bulk moves at once over the same applicants (in opposite orders) take turns and end consistent", async () => {
    for (let round = 0; round < 3; round++) {
      const { jobId, ids } = await jobWithApplicants(boss, 4, `Race ${round}`);
      for (const id of ids) await setStatus(id, "shortlisted");
      const results = await Promise.allSettled([
        moveApplications(owner, jobId, ids, "interview", { notify: false }),
        moveApplications(owner, jobId, [...ids].reverse(), "rejected", { notify: false }),
      ]);
      // Whichever went first, every applicant ends Not Selected: interview → rejected is allowed,
      // rejected → interview is not (that move is refused whole).
      for (const result of results)
        if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "invalid-transition" });
      expect(await statusesOf(ids)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      const history = await sql<{ application_id: string; from_status: string; to_status: string }>(
        `select application_id, from_status, to_status from application_status_changes where application_id = any(?::uuid[]) and from_status is not null order by id`,
        [`{${ids.join(",")}}`],
      );
      // Each applicant's history is one chain: every change starts where the last one ended.
      for (const id of ids) {
        const mine = history.filter((h) => h.application_id === id);
        expect(mine.at(-1)!.to_status).toBe("rejected");
        for (let i = 1; i < mine.length; i++) expect(mine[i]!.from_status).toBe(mine[i - 1]!.to_status);
      }
      // Two identical moves at once: each applicant moves once.
      const same = await jobWithApplicants(boss, 3, `Same ${round}`);
      const twice = await Promise.all([
        moveApplications(owner, same.jobId, same.ids, "interview", { notify: false }),
        moveApplications(owner, same.jobId, same.ids, "interview", { notify: false }),
      ]);
      expect(twice.map((r) => r.moved).sort()).toEqual([0, 3]);
      expect(await Promise.all(same.ids.map(changesOf))).toEqual([2, 2, 2]);
    }
  });
});

describe("members who may not decide", () => {
  it("an interviewer assigned to the job and another company's owner: not found for one move and for bulk, nothing changed", async () => {
    const { jobId, ids } = await jobWithApplicants(boss, 2);
    const interviewerAccount = await employer();
    await sql(
      `insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'interviewer', now())`,
      [owner.companyId, interviewerAccount.id],
    );
    await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
      jobId,
      interviewerAccount.id,
    ]);
    const interviewer = await memberFor(interviewerAccount.id);
    expect(interviewer.role).toBe("interviewer");
    const rival = await memberFor((await employer("Rival")).id);
    for (const who of [interviewer, rival]) {
      expect((await refusal(moveApplication(who, ids[0]!, "interview", { jobId }))).code).toBe("not-found");
      expect((await refusal(moveApplication(who, ids[0]!, "interview"))).code).toBe("not-found");
      expect((await refusal(moveApplications(who, jobId, ids, "rejected"))).code).toBe("not-found");
    }
    expect(await statusesOf(ids)).toEqual(["submitted", "submitted"]);
    expect(await Promise.all(ids.map(changesOf))).toEqual([1, 1]);
  });
});
