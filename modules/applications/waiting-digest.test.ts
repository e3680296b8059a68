// The weekly digest of applicants waiting 14+ days (decision 075), run through the real queue with
// time moved by lib/clock.ts: each recruiter of an open job (owners, the recruiter who posted it)
// gets one email a week naming the waiting applicants; interviewers, members who turned it off,
// members with nothing waiting and a second run in the same week get nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { enqueue } from "../../lib/queue.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import { assignJobs, changeJobStatus, memberFor } from "../hiring/index.server.ts";
import { contactFor, setWaitingDigest } from "../identity/index.server.ts";
import { isoWeek, submitApplication, unsubscribeWaitingDigest, WAITING_DIGEST_QUEUE } from "./index.server.ts";

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

const DAY = 24 * 60 * 60 * 1000;
// A Monday, 08:00 UTC, as the schedule runs.
const T0 = new Date("2026-11-02T08:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let runs = 0;
async function runDigest(when: Date): Promise<MailMessage[]> {
  setClock(when);
  const before = sent.length;
  const id = String(++runs);
  await enqueue(WAITING_DIGEST_QUEUE, { run: id });
  expect(await settledJob(WAITING_DIGEST_QUEUE, { run: id })).toBe("completed");
  return sent.slice(before).filter((m) => m.subject.includes("waiting 14+ days"));
}

let n = 0;
const person = (role: "employer" | "candidate", name = `Person ${n + 1}`) =>
  signUpOnPlan({
    email: `digest-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: name,
    company_name: role === "employer" ? `Company ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

describe("the weekly digest of waiting applicants", () => {
  it("isoWeek names the ISO week, across a year's end", () => {
    expect(isoWeek(new Date("2026-11-02T08:00:00Z"))).toBe("2026-W45");
    expect(isoWeek(new Date("2026-12-31T23:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2027-01-04T00:00:00Z"))).toBe("2027-W01");
    expect(isoWeek(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01");
  });

  it("emails each recruiter once a week, only what waits on their open jobs", async () => {
    setClock(T0);
    const owner = await person("employer", "Olive Owner");
    const recruiter = await inviteAndJoin(owner, "digest-recruiter@example.com", "recruiter");
    const quiet = await inviteAndJoin(owner, "digest-quiet@example.com", "recruiter");
    const interviewer = await inviteAndJoin(owner, "digest-interviewer@example.com", "interviewer");
    const rival = await person("employer", "Rita Rival");

    const backend = await publishTestJob(recruiter.id, { title: "Backend Engineer" });
    const design = await publishTestJob(quiet.id, { title: "Designer" });
    const closed = await publishTestJob(owner.id, { title: "Closed Role" });
    const fresh = await publishTestJob(rival.id, { title: "Fresh Role" });
    await assignJobs(await memberFor(owner.id), interviewer.id, [backend]);
    await setWaitingDigest(quiet.id, false);

    const apply = async (name: string, jobId: string) => {
      const candidate = await person("candidate", name);
      return (await submitApplication(candidate.id, jobId)).applicationId;
    };
    await apply("Ada Oldest", backend);
    setClock(at(0.5));
    await apply("Ben Second", backend);
    await apply("Dee Designer", design);
    setClock(at(1));
    const decided = await apply("Cy Decided", backend);
    await em().execute(`update applications set status = 'rejected' where id = ?`, [decided]);
    await apply("Eve Closed", closed);
    await changeJobStatus(await memberFor(owner.id), closed, "close");
    setClock(at(10));
    await apply("Fay Recent", backend);
    await apply("Gus Fresh", fresh);

    // Day 15: Ada (15 days), Ben and Dee (14 and a half) wait; Cy is decided, Fay applied 5 days ago.
    const first = await runDigest(at(15));
    expect(first.map((m) => m.to).sort()).toEqual([owner.email, recruiter.email].sort());
    const toOwner = first.find((m) => m.to === owner.email)!;
    expect(toOwner.subject).toBe("3 applicants waiting 14+ days for a decision");
    expect(toOwner.text).toContain("Backend Engineer");
    expect(toOwner.text).toContain("2 applicants waiting 14+ days");
    expect(toOwner.text).toMatch(
      new RegExp(`Ada Oldest <http[^>]*/employer/jobs/${backend}/applications/[^>]+> · waiting 15 days`),
    );
    expect(toOwner.text).toMatch(/Ben Second <[^>]+> · waiting 14 days/);
    expect(toOwner.text).toContain(`/employer/jobs/${backend}?sort=oldest#applications`);
    // The quiet recruiter turned it off, but owners see every job: the designer's applicant is listed.
    expect(toOwner.text).toContain("Dee Designer");
    for (const absent of ["Cy Decided", "Fay Recent", "Eve Closed", "Closed Role", "Gus Fresh"])
      expect(toOwner.text).not.toContain(absent);
    const toRecruiter = first.find((m) => m.to === recruiter.email)!;
    expect(toRecruiter.subject).toBe("2 applicants waiting 14+ days for a decision");
    expect(toRecruiter.text).not.toContain("Designer");
    // Rita's applicant applied 5 days ago: she hears nothing yet.
    expect(first.map((m) => m.to)).not.toContain(rival.email);
    expect(toRecruiter.headers?.["List-Unsubscribe"]).toMatch(/^<http.*\/digest\/unsubscribe\/[^>]+>$/);

    // Later the same week: nothing new.
    expect(await runDigest(at(18))).toEqual([]);

    // The next week, after the recruiter unsubscribed from the email's link: only the owner.
    const token = toRecruiter.headers!["List-Unsubscribe"]!.match(/unsubscribe\/([^>]+)>/)![1]!;
    expect(await unsubscribeWaitingDigest(`${token}x`)).toBe(false);
    expect(await unsubscribeWaitingDigest(token)).toBe(true);
    expect(await contactFor(recruiter.id)).toMatchObject({ waitingDigest: false });
    const second = await runDigest(at(22));
    expect(second.map((m) => m.to)).toEqual([owner.email]);
    // Fay has waited 12 days: still not listed.
    expect(second[0]!.subject).toBe("3 applicants waiting 14+ days for a decision");

    // Nobody waiting any more: no email at all.
    await em().execute(`update applications set status = 'rejected'`);
    expect(await runDigest(at(29))).toEqual([]);
  });

  it("writes to a recruiter who reads German in German, with an unsubscribe page in German", async () => {
    setClock(at(42));
    const owner = await person("employer", "Olga Ohm");
    await em().execute(`update users set language = 'de' where id = ?`, [owner.id]);
    const jobId = await publishTestJob(owner.id, { title: "Lagerist (m/w/d)" });
    const candidate = await person("candidate", "Udo Uhl");
    await submitApplication(candidate.id, jobId);
    const before = sent.length;
    await runDigest(at(57));
    // The new application's email went to the same address: the digest is the one with its unsubscribe link.
    const [digest] = sent.slice(before).filter((m) => m.to === owner.email && m.text.includes("/digest/unsubscribe/"));
    expect(digest!.subject).toBe("1 bewerbende Person wartet seit über 14 Tagen auf eine Entscheidung");
    expect(digest!.html).toMatch(/<html[^>]* lang="de"/);
    expect(digest!.text).toContain("1 bewerbende Person wartet seit über 14 Tagen");
    expect(digest!.text).toMatch(/Udo Uhl <[^>]+> · wartet seit 15 Tagen/);
    expect(digest!.text).toMatch(/\/digest\/unsubscribe\/[^\s>?]+\?lng=de/);
    // The header's one-click address is the plain one.
    expect(digest!.headers?.["List-Unsubscribe"]).not.toContain("lng=");
  });
});
