// The candidate's timeline (decision 076), through the module: what they were told, in order, and
// nothing else: a rejection waiting for its email or cancelled, a move made without email and a
// move overtaken before its email went stay out, and the private reason is never in it.
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor } from "../hiring/index.server.ts";
import {
  cancelRejectionEmail,
  candidateHistory,
  candidateTimeline,
  moveApplication,
  postCandidateMessage,
  postCompanyMessage,
  sentApplication,
  submitApplication,
  withdrawApplication,
  type TimelineEntry,
} from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const T0 = new Date("2026-11-02T09:00:00Z");
const at = (hours: number) => setClock(new Date(T0.getTime() + hours * 3_600_000));

let n = 0;
const person = (role: "employer" | "candidate", name: string) =>
  signUpOnPlan({
    email: `timeline-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: name,
    company_name: role === "employer" ? "Northwind" : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

async function applied(title: string) {
  at(0);
  const owner = await person("employer", "Olive Owner");
  const candidate = await person("candidate", "Cara Candidate");
  const jobId = await publishTestJob(owner.id, { title, company_name: "Northwind" });
  const { applicationId } = await submitApplication(candidate.id, jobId);
  return { member: await memberFor(owner.id), candidateId: candidate.id, applicationId, jobId };
}

/** The stage the application page and My Applications show, and whether Not Selected is in their history. */
async function toldStatus(candidateId: string, applicationId: string) {
  const sent = await sentApplication(candidateId, applicationId);
  const listed = (await candidateHistory(candidateId)).applications.find((a) => a.id === applicationId)!;
  expect([...sent.history, ...listed.history].some((c) => c.to === "rejected")).toBe(sent.status === "rejected");
  return [sent.status, listed.status];
}

/** Each entry in one line: its kind and what it says. */
const lines = (entries: TimelineEntry[]) =>
  entries.map((e) => {
    if (e.kind === "stage") return `stage ${e.from}→${e.to}${e.words ? `: ${e.words}` : ""}`;
    if (e.kind === "decision") return `decision ${e.decision}${e.words ? `: ${e.words}` : ""}`;
    if (e.kind === "message") return `message ${e.who}: ${e.message.body}`;
    return e.kind;
  });

describe("the candidate's timeline", () => {
  it("reads submitted, messages both ways, the interview and the rejection in order, never the private reason", async () => {
    const { member, candidateId, applicationId } = await applied("Timeline Engineer");
    at(1);
    await postCompanyMessage(member, applicationId, "Hello Cara, free on Tuesday?");
    at(2);
    await postCandidateMessage(candidateId, applicationId, "Yes, after 2pm.");
    at(3);
    await moveApplication(member, applicationId, "interview", { message: "See you Tuesday." });
    at(4);
    await moveApplication(member, applicationId, "rejected", {
      message: "Thank you for your time.",
      rejection: { reason: "another-candidate", note: "Went with an internal move.", emailTiming: "now" },
    });
    at(5);
    const timeline = await candidateTimeline(candidateId, applicationId);
    expect(lines(timeline.entries)).toEqual([
      "submitted",
      "message Olive Owner · Northwind: Hello Cara, free on Tuesday?",
      "message You: Yes, after 2pm.",
      "stage submitted→interview: See you Tuesday.",
      "decision rejected: Thank you for your time.",
    ]);
    expect(timeline.entries.map((e) => e.who)).toEqual([
      "You",
      "Olive Owner · Northwind",
      "You",
      "Northwind",
      "Northwind",
    ]);
    expect(timeline.entries[0]!.when).toBe("Nov 2, 2026, 9:00 AM UTC");
    expect(timeline.reply).toEqual({ mayWrite: true, closedReason: null });
    const text = JSON.stringify(timeline);
    expect(text).not.toContain("internal move");
    expect(text).not.toContain("another-candidate");
  });

  it("leaves out a rejection until its email is due, and for good once it is cancelled", async () => {
    const { member, candidateId, applicationId } = await applied("Held Engineer");
    at(1);
    await moveApplication(member, applicationId, "shortlisted");
    at(2);
    await moveApplication(member, applicationId, "rejected", {
      message: "We went another way.",
      rejection: { reason: "skills", note: null, emailTiming: "later" },
    });
    at(3);
    let timeline = await candidateTimeline(candidateId, applicationId);
    expect(lines(timeline.entries)).toEqual(["submitted", "stage submitted→shortlisted"]);
    // Their pages' stage too: still Shortlisted, as far as the candidate knows.
    expect(await toldStatus(candidateId, applicationId)).toEqual(["shortlisted", "shortlisted"]);
    at(26);
    timeline = await candidateTimeline(candidateId, applicationId);
    expect(lines(timeline.entries)).toEqual([
      "submitted",
      "stage submitted→shortlisted",
      "decision rejected: We went another way.",
    ]);
    // Told when the email went, a day after the move.
    expect(timeline.entries[2]!.at).toBe(new Date(T0.getTime() + 26 * 3_600_000).toISOString());
    expect(await toldStatus(candidateId, applicationId)).toEqual(["rejected", "rejected"]);

    const other = await applied("Cancelled Engineer");
    at(1);
    await moveApplication(other.member, other.applicationId, "rejected", {
      rejection: { reason: null, note: null, emailTiming: "later" },
    });
    at(2);
    await cancelRejectionEmail(other.member, other.applicationId);
    at(48);
    timeline = await candidateTimeline(other.candidateId, other.applicationId);
    expect(lines(timeline.entries)).toEqual(["submitted"]);
    expect(await toldStatus(other.candidateId, other.applicationId)).toEqual(["submitted", "submitted"]);
  });

  it("leaves out a move made without email and one overtaken before its email went", async () => {
    const { member, candidateId, applicationId } = await applied("Quiet Engineer");
    at(1);
    await moveApplication(member, applicationId, "reviewed");
    await moveApplication(member, applicationId, "shortlisted", { notify: false, message: "Unsent words." });
    at(2);
    await moveApplication(member, applicationId, "interview");
    // An offer whose email was still waiting when the next move came: the email job skipped it.
    at(3);
    await moveApplication(member, applicationId, "offer", { message: "An offer!" });
    await em().execute(
      `update application_status_changes set email_due_at = ? where application_id = ? and to_status = 'offer'`,
      [new Date(T0.getTime() + 4 * 3_600_000), applicationId],
    );
    at(3.5);
    await moveApplication(member, applicationId, "hired", { message: "Welcome aboard." });
    at(5);
    const timeline = await candidateTimeline(candidateId, applicationId);
    expect(lines(timeline.entries)).toEqual([
      "submitted",
      "stage submitted→interview",
      "decision hired: Welcome aboard.",
    ]);
    expect(JSON.stringify(timeline)).not.toContain("Unsent words.");

    // Rejected "without email": not in the timeline, but the stage reads Not Selected as before.
    const quiet = await applied("Unsaid Engineer");
    at(1);
    await moveApplication(quiet.member, quiet.applicationId, "rejected", { notify: false });
    expect(lines((await candidateTimeline(quiet.candidateId, quiet.applicationId)).entries)).toEqual(["submitted"]);
    expect(await toldStatus(quiet.candidateId, quiet.applicationId)).toEqual(["rejected", "rejected"]);
  });

  it("shows their withdrawal and the job closing", async () => {
    const { candidateId, applicationId } = await applied("Closing Engineer");
    at(1);
    await em().execute(`update applications set job_closed_at = ? where id = ?`, [
      new Date(T0.getTime() + 3_600_000),
      applicationId,
    ]);
    at(2);
    await withdrawApplication(candidateId, applicationId);
    const timeline = await candidateTimeline(candidateId, applicationId);
    expect(lines(timeline.entries)).toEqual(["submitted", "job-closed", "withdrawn"]);
    expect(timeline.entries.map((e) => e.who)).toEqual(["You", "Northwind", "You"]);
  });

  it("answers not found for someone else's application and a bad id", async () => {
    const { applicationId } = await applied("Private Engineer");
    const stranger = await person("candidate", "Sam Stranger");
    await expect(candidateTimeline(stranger.id, applicationId)).rejects.toMatchObject({ code: "not-found" });
    await expect(candidateTimeline(stranger.id, "not-a-uuid")).rejects.toMatchObject({ code: "not-found" });
  });
});
