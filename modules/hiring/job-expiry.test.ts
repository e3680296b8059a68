// Jobs that expire (decision 078): the default closing date, a past date refused, the hourly run
// closing exactly the expired jobs and telling their undecided applicants once, and the reminder
// sent once per closing date.
import { afterEach, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { submitApplication } from "../applications/index.server.ts";
import {
  activeJob,
  closeExpiredJobs,
  CLOSING_DAYS,
  HiringError,
  memberFor,
  parseClosingDate,
  sendClosingReminders,
  setJobClosingDate,
} from "./index.server.ts";

useTestRuntime({ workers: true });
afterEach(() => setClock(undefined));

const DAY = 86_400_000;
const attempt = { jobId: "00000000-0000-0000-0000-000000000002", retryCount: 0 };
const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const closesAt = async (jobId: string) =>
  new Date((await sql<{ closes_at: Date }>(`select closes_at from jobs where id = ?`, [jobId]))[0]!.closes_at);
const sentTo = async (email: string) =>
  (await sql<{ subject: string }>(`select subject from sent_emails where recipient = ? order by sent_at`, [email])).map(
    (r) => r.subject,
  );

let n = 0;
const person = (role: "employer" | "candidate") =>
  signUpOnPlan({
    email: `expiry-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: `Person ${n}`,
    company_name: role === "employer" ? `Expiring ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

describe("a job's closing date", () => {
  it("is 60 days after publishing, shown as validThrough's source", async () => {
    const start = new Date("2027-03-01T12:00:00Z");
    setClock(start);
    const owner = await person("employer");
    const jobId = await publishTestJob(owner.id);
    expect((await closesAt(jobId)).getTime()).toBe(start.getTime() + CLOSING_DAYS * DAY);
    expect((await activeJob(jobId))!.closesAt).toBe(new Date(start.getTime() + CLOSING_DAYS * DAY).toISOString());
  });

  it("is never in the past, and a typed date means the end of that day in the company's zone", () => {
    const at = new Date("2027-03-01T12:00:00Z");
    expect(parseClosingDate("2027-02-28", "UTC", at)).toEqual({
      ok: false,
      error: "The closing date can't be in the past.",
    });
    expect(parseClosingDate("next week", "UTC", at)).toMatchObject({ ok: false });
    expect(parseClosingDate("2027-03-10", "America/New_York", at)).toEqual({
      ok: true,
      closesAt: new Date("2027-03-11T04:59:00Z"),
    });
  });

  it("refuses a past date from the owner with the message beside the field", async () => {
    setClock(new Date("2027-03-01T12:00:00Z"));
    const owner = await person("employer");
    const jobId = await publishTestJob(owner.id);
    const error = await setJobClosingDate(await memberFor(owner.id), jobId, "2027-01-01").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiringError);
    expect((error as HiringError).fieldErrors).toEqual({ closes_at: ["The closing date can't be in the past."] });
  });
});

describe("the expiry run", () => {
  it("closes exactly the expired jobs and tells their undecided applicants once", async () => {
    const start = new Date("2027-04-01T12:00:00Z");
    setClock(start);
    const owner = await person("employer");
    const candidate = await person("candidate");
    const member = await memberFor(owner.id);
    const expiring = await publishTestJob(owner.id, { title: "Expiring Engineer" });
    const lasting = await publishTestJob(owner.id, { title: "Lasting Engineer" });
    await setJobClosingDate(member, expiring, "2027-04-10");
    const applicationId = (await submitApplication(candidate.id, expiring)).applicationId;

    expect(await closeExpiredJobs(new Date("2027-04-10T23:00:00Z"))).toEqual([]);
    const after = new Date("2027-04-11T00:30:00Z");
    setClock(after);
    expect(await closeExpiredJobs(after)).toEqual([expiring]);
    expect(await closeExpiredJobs(after)).toEqual([]);
    expect(await activeJob(expiring)).toBeNull();
    expect(await activeJob(lasting)).not.toBeNull();

    expect(await settledJob("applications.job-closed-email", { applicationId })).toBe("completed");
    expect(await sentTo(candidate.email)).toContain("Expiring Engineer is closed");
    expect((await sentTo(candidate.email)).filter((s) => s === "Expiring Engineer is closed")).toHaveLength(1);
  });
});

describe("the closing reminder", () => {
  it("goes once, seven days before, and again for a date moved later", async () => {
    setClock(new Date("2027-05-01T12:00:00Z"));
    const owner = await person("employer");
    const jobId = await publishTestJob(owner.id, { title: "Reminded Engineer" });
    const member = await memberFor(owner.id);
    await setJobClosingDate(member, jobId, "2027-05-20");

    expect(await sendClosingReminders(new Date("2027-05-10T12:00:00Z"), attempt)).toBe(0);
    expect(await sendClosingReminders(new Date("2027-05-14T12:00:00Z"), attempt)).toBe(1);
    expect(await sendClosingReminders(new Date("2027-05-15T12:00:00Z"), attempt)).toBe(0);
    expect(await sentTo(owner.email)).toEqual(["Reminded Engineer closes in 7 days"]);

    // Extended: the date moves, and its reminder goes when that date is seven days off.
    setClock(new Date("2027-05-15T12:00:00Z"));
    await setJobClosingDate(member, jobId, "2027-06-30");
    expect(await sendClosingReminders(new Date("2027-05-16T12:00:00Z"), attempt)).toBe(0);
    expect(await sendClosingReminders(new Date("2027-06-25T12:00:00Z"), attempt)).toBe(1);
    expect(await sentTo(owner.email)).toHaveLength(2);
  });
});

describe("the closing reminder in German", () => {
  it("goes in each contact's language, the date as they write it", async () => {
    setClock(new Date("2027-07-01T12:00:00Z"));
    const owner = await person("employer");
    await sql(`update users set language = 'de' where id = ?`, [owner.id]);
    const jobId = await publishTestJob(owner.id, { title: "Erinnerte Entwicklerin" });
    await setJobClosingDate(await memberFor(owner.id), jobId, "2027-07-20");
    expect(await sendClosingReminders(new Date("2027-07-14T12:00:00Z"), attempt)).toBe(1);
    expect(await sentTo(owner.email)).toEqual(["Erinnerte Entwicklerin endet in 7 Tagen"]);
  });
});
