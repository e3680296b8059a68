// Interviews through the module (decision 074): who may offer, what an offer must hold, the
// candidate's booking (one of twenty at once wins), moving and cancelling with the calendar
// invitations each change sends (parsed with an iCalendar parser), reminders, the dashboard's list,
// and the candidate's export and erasure.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor, type Member } from "../hiring/index.server.ts";
import { deleteAccount, exportAccount } from "../identity/index.server.ts";
import { candidateTimeline, moveApplication, submitApplication } from "../applications/index.server.ts";
import { readZip } from "../../tests/support/zip.ts";
import { readInvitation } from "../../tests/support/invitations.ts";
import {
  bookInterview,
  cancelInterviewForCandidate,
  cancelInterviewForCompany,
  candidateCalendarFile,
  candidateInterview,
  companyInterview,
  INTERVIEW_EMAIL_QUEUE,
  interviewsQueues,
  offerInterview,
  PICK_AGAIN,
  sendInterviewReminders,
  upcomingInterviews,
  type OfferInput,
} from "./index.server.ts";

useTestRuntime();

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
afterEach(() => setClock(undefined));

// 1 Dec 2026, 12:00 UTC: 06:00 in Chicago.
const NOW = new Date("2026-12-01T12:00:00Z");
let seq = 0;

const account = (role: "employer" | "candidate", name: string) =>
  signUpOnPlan({
    email: `iv-${role}${++seq}@example.com`,
    password: "correct horse",
    role,
    company_name: "Acme",
    plan: role === "employer" ? "business" : "essential",
    full_name: name,
  });

async function join(owner: Member, userId: string, role: "recruiter" | "interviewer", jobId?: string) {
  await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    owner.companyId,
    userId,
    role,
  ]);
  if (jobId)
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
      jobId,
      userId,
    ]);
  return memberFor(userId);
}

/** Acme (Chicago time): owner Olivia, interviewer Ivan (assigned), unassigned Una; Cleo applied and is in Interview. */
async function world() {
  setClock(NOW);
  const owner = await account("employer", "Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Interview Engineer" });
  const cleo = await account("candidate", "Cleo Candidate");
  const { applicationId } = await submitApplication(cleo.id, jobId);
  let olivia = await memberFor(owner.id);
  await em().execute(`update companies set time_zone = 'America/Chicago' where id = ?`, [olivia.companyId]);
  olivia = await memberFor(owner.id);
  const ivanAccount = await account("employer", "Ivan Interviewer");
  const ivan = await join(olivia, ivanAccount.id, "interviewer", jobId);
  const una = await join(olivia, (await account("employer", "Una Unassigned")).id, "interviewer");
  await moveApplication(olivia, applicationId, "interview", { jobId });
  return { jobId, applicationId, olivia, ivan, una, cleo, ivanEmail: ivanAccount.email };
}

const offer = (
  interviewers: string[],
  times = [
    ["2026-12-03", "10:00"],
    ["2026-12-04", "15:30"],
  ],
): OfferInput => ({
  times: times.map(([date, time]) => ({ date: date!, time: time! })),
  length: "45",
  location: "",
  videoUrl: "https://meet.example.com/acme",
  interviewers,
});

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

const emailQueue = interviewsQueues.find((q) => q.name === INTERVIEW_EMAIL_QUEUE) as QueueDefinition<object>;
/** Runs every queued interview email job of the interview, oldest first, as a worker would. */
async function runEmails(interviewId: string): Promise<MailMessage[]> {
  const before = sent.length;
  const jobs = await em().execute<{ id: string; data: object }[]>(
    `select id, data from pgboss.job where name = ? and data->>'interviewId' = ? and state = 'created' order by created_on, id`,
    [INTERVIEW_EMAIL_QUEUE, interviewId],
  );
  for (const job of jobs) {
    await emailQueue.handle(job.data, { jobId: job.id, retryCount: 0, signal: new AbortController().signal });
    await em().execute(`update pgboss.job set state = 'completed' where id = ?`, [job.id]);
  }
  return sent.slice(before);
}

const eventOf = (message: MailMessage) => readInvitation(message.icalEvent!.content);

it("is offered by owners and recruiters only, with 2 to 10 real times to come, a place or a link, and the job's team", async () => {
  const { jobId, applicationId, olivia, ivan, una } = await world();
  expect(await refusal(offerInterview(ivan, applicationId, jobId, offer([ivan.userId])))).toMatchObject({
    code: "not-found",
  });
  const invalid = async (input: OfferInput) =>
    ((await refusal(offerInterview(olivia, applicationId, jobId, input))) as { fieldErrors: Record<string, string> })
      .fieldErrors;
  expect(await invalid(offer([olivia.userId], [["2026-12-03", "10:00"]]))).toMatchObject({
    times: "Offer at least 2 times, so the candidate can choose.",
  });
  expect(
    await invalid(
      offer(
        [olivia.userId],
        [
          ["2026-11-30", "10:00"],
          ["2027-03-14", "02:30"],
          ["2026-12-03", ""],
        ],
      ),
    ),
  ).toEqual({
    "time-0": "This time has passed. Offer a time to come.",
    "time-1": "This time doesn't exist in America/Chicago: the clocks go forward then.",
    "time-2": "Give both a date and a start time.",
  });
  expect(
    await invalid(
      offer(
        [olivia.userId],
        [
          ["2026-12-03", "10:00"],
          ["2026-12-03", "10:00"],
        ],
      ),
    ),
  ).toMatchObject({
    "time-1": "You offered this time already.",
  });
  expect(await invalid({ ...offer([]), videoUrl: "" })).toMatchObject({
    interviewers: "Choose who interviews.",
    location: "Give a place or a video link.",
  });
  expect(await invalid(offer([una.userId]))).toMatchObject({
    interviewers: "Choose interviewers from the people who can see this job.",
  });
  expect(await invalid({ ...offer([olivia.userId]), videoUrl: "javascript:alert(1)" })).toMatchObject({
    videoUrl: "Enter a video link that starts with https://.",
  });
  expect((await em().execute(`select 1 from interviews where application_id = ?`, [applicationId])).length).toBe(0);

  await offerInterview(olivia, applicationId, jobId, offer([olivia.userId, ivan.userId]));
  const seen = await companyInterview(ivan, applicationId, jobId);
  expect(seen).toMatchObject({ status: "offered", mayChange: false, lengthMinutes: 45 });
  expect(seen!.options.map((s) => s.label)).toEqual([
    "Thu, Dec 3, 2026, 10:00 AM CST",
    "Fri, Dec 4, 2026, 3:30 PM CST",
  ]);
  expect(seen!.options[0]!.startsAt).toBe("2026-12-03T16:00:00.000Z");
});

it("puts each person's calendar entry in their language", async () => {
  const { jobId, applicationId, olivia, ivan, cleo, ivanEmail } = await world();
  await em().execute(`update users set language = 'de' where id = ?`, [cleo.id]);
  const id = await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  await runEmails(id);
  const mine = (await candidateInterview(cleo.id, applicationId))!;
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) });
  const invites = await runEmails(id);
  // Lines of an iCalendar file fold at 75 octets: unfolded, each property is one line.
  const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
  const to = (email: string) => unfolded(invites.find((m) => m.to === email && m.icalEvent)!.icalEvent!.content);
  expect(to(cleo.email)).toMatch(/^SUMMARY:Vorstellungsgespräch: Interview Engineer bei Acme \(/m);
  expect(to(cleo.email)).toMatch(/^DESCRIPTION:Wann: Do\..*\(45 Minuten\)/m);
  expect(to(ivanEmail!)).toMatch(/^SUMMARY:Interview: Interview Engineer at Acme \(/m);
  expect(to(ivanEmail!)).toMatch(/^DESCRIPTION:When: Thu.*\(45 minutes\)/m);
  expect(unfolded((await candidateCalendarFile(cleo.id, applicationId))!)).toMatch(/^SUMMARY:Vorstellungsgespräch: /m);
});

it("is booked, moved and cancelled by the candidate, each change sending one invitation to each person", async () => {
  const { jobId, applicationId, olivia, ivan, cleo, ivanEmail } = await world();
  const id = await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  const [offerMail] = await runEmails(id);
  expect(offerMail).toMatchObject({
    to: cleo.email,
    subject: "Acme invites you to an interview for Interview Engineer",
  });
  expect(offerMail!.text).toContain("Thu, Dec 3, 2026, 10:00 AM CST");
  expect(offerMail!.text).toContain(`/candidate/applications/${applicationId}/interview`);

  let mine = (await candidateInterview(cleo.id, applicationId))!;
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) });
  const invites = await runEmails(id);
  expect(invites.map((m) => m.to).sort()).toEqual([cleo.email, ivanEmail].sort());
  const first = eventOf(invites[0]!);
  expect(first.method).toBe("REQUEST");
  expect(first.uid).toBe(`interview-${id}@${new URL(process.env.PUBLIC_URL ?? "http://localhost:3000").hostname}`);
  expect(first.sequence).toBe(0);
  expect(first.start).toBe("2026-12-03T16:00:00.000Z");
  expect(first.end).toBe("2026-12-03T16:45:00.000Z");
  expect(first.attendees).toEqual([cleo.email, ivanEmail].map((e) => e!.toLowerCase()).sort());
  expect(invites[0]!.icalEvent!.method).toBe("REQUEST");
  expect(await candidateCalendarFile(cleo.id, applicationId)).toContain(`UID:interview-${id}@`);

  // Moving keeps the UID and raises SEQUENCE; a booking from the old page is told to pick again.
  const stale = String(mine.version);
  mine = (await candidateInterview(cleo.id, applicationId))!;
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) });
  expect(
    await refusal(bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: stale })),
  ).toMatchObject({
    code: "invalid-transition",
    message: PICK_AGAIN,
  });
  const moved = await runEmails(id);
  expect(moved).toHaveLength(2);
  const second = eventOf(moved[0]!);
  expect([second.method, second.uid, second.sequence]).toEqual(["REQUEST", first.uid, 1]);
  expect(second.start).toBe("2026-12-04T21:30:00.000Z");
  expect(moved[0]!.subject).toMatch(/^Interview moved/);

  await cancelInterviewForCandidate(cleo.id, applicationId);
  const cancelled = await runEmails(id);
  expect(cancelled).toHaveLength(2);
  const third = eventOf(cancelled[0]!);
  expect([third.method, third.uid, third.sequence]).toEqual(["CANCEL", first.uid, 2]);
  expect(cancelled[0]!.icalEvent!.method).toBe("CANCEL");
  expect(await runEmails(id)).toEqual([]);
  expect((await candidateTimeline(cleo.id, applicationId)).entries.filter((e) => e.kind === "interview")).toMatchObject(
    [{ state: "cancelled", summary: expect.stringContaining("Cancelled by you") }],
  );
});

it("lets one of twenty bookings pressed at once win; the others are told to pick again", async () => {
  const { jobId, applicationId, olivia, ivan, cleo } = await world();
  const id = await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  const mine = (await candidateInterview(cleo.id, applicationId))!;
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      bookInterview(cleo.id, applicationId, { slotId: mine.options[i % 2]!.id, version: String(mine.version) }),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(new Set(failures.map((f) => (f.reason as Error).message))).toEqual(new Set([PICK_AGAIN]));
  const [row] = await em().execute<{ version: number; sequence: number; status: string }[]>(
    `select version, sequence, status from interviews where id = ?`,
    [id],
  );
  expect(row).toMatchObject({ version: 1, sequence: 0, status: "booked" });
  const invites = await em().execute(
    `select 1 from pgboss.job where name = ? and data->>'interviewId' = ? and data->>'kind' = 'invite'`,
    [INTERVIEW_EMAIL_QUEUE, id],
  );
  expect(invites).toHaveLength(1);
});

it("refuses a time that has passed, someone else's interview, and cancelling once it started", async () => {
  const { jobId, applicationId, olivia, ivan, cleo } = await world();
  await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  const mine = (await candidateInterview(cleo.id, applicationId))!;
  const other = await account("candidate", "Otto Other");
  expect(await refusal(candidateInterview(other.id, applicationId))).toMatchObject({ code: "not-found" });
  expect(
    await refusal(
      bookInterview(other.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) }),
    ),
  ).toMatchObject({ code: "not-found" });
  setClock(new Date("2026-12-03T16:30:00Z"));
  expect(
    await refusal(
      bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) }),
    ),
  ).toMatchObject({ code: "invalid", message: "That time has passed. Please pick another." });
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[1]!.id, version: String(mine.version) });
  setClock(new Date("2026-12-04T21:31:00Z"));
  expect(await refusal(cancelInterviewForCompany(olivia, applicationId, jobId))).toMatchObject({
    code: "invalid",
    message: "The interview has started, so it can no longer be cancelled.",
  });
  expect(await refusal(cancelInterviewForCompany(ivan, applicationId, jobId))).toMatchObject({ code: "forbidden" });
});

it("reminds both sides once, a day before, and lists the next seven days on the dashboard", async () => {
  const { jobId, applicationId, olivia, ivan, una, cleo, ivanEmail } = await world();
  const id = await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  const mine = (await candidateInterview(cleo.id, applicationId))!;
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) });
  await runEmails(id);
  const run = { jobId: "00000000-0000-4000-8000-000000000000", retryCount: 0 };

  expect(await upcomingInterviews(olivia)).toMatchObject([
    {
      applicationId,
      candidateName: "Cleo Candidate",
      label: "Thu, Dec 3, 2026, 10:00 AM CST",
      interviewers: ["Ivan Interviewer"],
    },
  ]);
  expect(await upcomingInterviews(ivan)).toHaveLength(1);
  expect(await upcomingInterviews(una)).toEqual([]);

  // Other tests' interviews share the table: count this one's people only.
  const ours = (from: number) => sent.slice(from).filter((m) => m.to === cleo.email || m.to === ivanEmail);
  const before = sent.length;
  await sendInterviewReminders(new Date("2026-12-02T15:00:00Z"), run);
  expect(ours(before)).toEqual([]);
  await sendInterviewReminders(new Date("2026-12-02T17:00:00Z"), run);
  const reminders = ours(before);
  expect(reminders.map((m) => m.to).sort()).toEqual([cleo.email, ivanEmail].sort());
  expect(reminders[0]!.subject).toMatch(/^Reminder: interview/);
  await sendInterviewReminders(new Date("2026-12-02T18:00:00Z"), run);
  expect(ours(before)).toHaveLength(2);
});

it("is in the candidate's export, and a deleted candidate's interview to come is cancelled for the interviewers", async () => {
  const { jobId, applicationId, olivia, ivan, cleo, ivanEmail } = await world();
  const id = await offerInterview(olivia, applicationId, jobId, offer([ivan.userId]));
  const mine = (await candidateInterview(cleo.id, applicationId))!;
  await bookInterview(cleo.id, applicationId, { slotId: mine.options[0]!.id, version: String(mine.version) });
  await runEmails(id);
  const zip = readZip(Buffer.from(await new Response(await exportAccount(cleo.id)).arrayBuffer()));
  const exported = JSON.parse(zip.get("interviews.json")!.toString("utf8"));
  expect(exported.interviews).toMatchObject([
    { job: "Interview Engineer", company: "Acme", status: "booked", booked: "2026-12-03T16:00:00.000Z" },
  ]);

  const here = { sessionToken: null, ip: "10.20.30.42" };
  expect(await deleteAccount(cleo.id, { password: "correct horse", confirmation: "DELETE" }, here)).toBe("deleted");
  const [row] = await em().execute<{ status: string; candidate_id: string | null; cancelled_by: string }[]>(
    `select status, candidate_id, cancelled_by from interviews where id = ?`,
    [id],
  );
  expect(row).toEqual({ status: "cancelled", candidate_id: null, cancelled_by: "candidate" });
  const cancels = await runEmails(id);
  expect(cancels.map((m) => [m.to, m.icalEvent?.method])).toEqual([[ivanEmail, "CANCEL"]]);
});
