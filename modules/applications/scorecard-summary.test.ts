// The team's scorecards summed up (issue 34 item 4, decision 085), through the modules: the
// spread of ratings, the list's average recommendation and count and its sort (none last, across
// pages), what a member who has not submitted reads there, the CSV's columns per attribute, and
// reminders to a colleague (once per reminder, one a day per member, the sender's hourly quota,
// owners and recruiters only, nobody else's).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { consumeQuota, QuotaExceededError } from "../../lib/quotas.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import {
  jobScorecard,
  memberFor,
  saveJobScorecard,
  setAttributeRetired,
  setBlindScorecards,
  type Member,
} from "../hiring/index.server.ts";
import {
  applicantList,
  applicationsCsv,
  applicationsQueues,
  ratingSpread,
  remindScorecard,
  saveScorecard,
  scorecardReminders,
  submitApplication,
  SCORECARD_REMINDER_QUEUE,
  type ApplicantListView,
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

let seq = 0;
const account = (role: "employer" | "candidate", name: string) =>
  signUpOnPlan({
    email: `summary-${role}${++seq}@example.com`,
    password: "correct horse",
    role,
    ...(role === "employer" ? { company_name: "Acme", plan: "business" } : { plan: "essential" }),
    full_name: name,
  });

async function join(owner: Member, name: string, role: "recruiter" | "interviewer", jobId?: string): Promise<Member> {
  const { id } = await account("employer", name);
  await em().execute(`delete from company_members where user_id = ?`, [id]);
  await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    owner.companyId,
    id,
    role,
  ]);
  if (jobId)
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, id]);
  return memberFor(id);
}

/** Owner Olivia, recruiter Rami, interviewer Ines (assigned), interviewer Ivo (not), three applications A, B, C (C newest). */
async function world() {
  const owner = await account("employer", "Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Summary Engineer" });
  const apps: string[] = [];
  for (const name of ["Ada Applicant", "Ben Applicant", "Cy Applicant"]) {
    const candidate = await account("candidate", name);
    apps.push((await submitApplication(candidate.id, jobId)).applicationId);
  }
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, "Rami Recruiter", "recruiter");
  const ines = await join(olivia, "Ines Interviewer", "interviewer", jobId);
  const ivo = await join(olivia, "Ivo Unassigned", "interviewer");
  const [a, b, c] = apps as [string, string, string];
  return { jobId, a, b, c, olivia, rami, ines, ivo };
}

/** Submits a scorecard rating every active attribute `points[i]` (the last attribute's `last`), recommending `recommendation`. */
async function submit(
  member: Member,
  jobId: string,
  applicationId: string,
  recommendation: number,
  points: (number | "na")[] = [],
) {
  const { attributes } = await jobScorecard(member, jobId);
  const active = attributes.filter((x) => !x.retired);
  const ratings = Object.fromEntries(active.map((x, i) => [x.id, String(points[i] ?? recommendation)]));
  await saveScorecard(
    member,
    applicationId,
    { ratings, takeaways: "Seen.", recommendation: String(recommendation) },
    { jobId, submit: true },
  );
}

const ofRecommendation: ApplicantListView = { show: "all", sort: "recommendation" };
const tallies = async (member: Member, jobId: string, view = ofRecommendation) =>
  (await applicantList(member, jobId, view)).applicants.map((r) => [r.id, r.scorecards.count, r.scorecards.average]);

const rejection = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe("the spread of ratings", () => {
  it("counts each point, the lowest and highest, and the mean without the not assessed", () => {
    expect(ratingSpread([4, 2, null, 4])).toEqual({
      counts: { 1: 0, 2: 1, 3: 0, 4: 2 },
      notAssessed: 1,
      lowest: 2,
      highest: 4,
      mean: 3.33,
    });
    expect(ratingSpread([null])).toMatchObject({ lowest: null, highest: null, mean: null, notAssessed: 1 });
  });
});

describe("the applicant list", () => {
  it("gives each row the average recommendation of the submitted scorecards and their count, and sorts by it (none last)", async () => {
    const { jobId, a, b, c, olivia, rami, ines } = await world();
    await submit(olivia, jobId, a, 4);
    await submit(rami, jobId, a, 3);
    await submit(rami, jobId, b, 2);
    // A draft is not in.
    await saveScorecard(ines, c, { ratings: {}, takeaways: "", recommendation: "4" }, { jobId });

    expect(await tallies(olivia, jobId)).toEqual([
      [a, 2, 3.5],
      [b, 1, 2],
      [c, 0, null],
    ]);
    // Newest first keeps its order and still carries the tallies.
    expect(await tallies(olivia, jobId, { show: "all", sort: "newest" })).toEqual([
      [c, 0, null],
      [b, 1, 2],
      [a, 2, 3.5],
    ]);
    // One a page: the keyset follows the averages across pages, and back.
    const first = await applicantList(olivia, jobId, ofRecommendation, null, 1);
    const second = await applicantList(olivia, jobId, ofRecommendation, first.next, 1);
    const third = await applicantList(olivia, jobId, ofRecommendation, second.next, 1);
    expect([first, second, third].map((p) => p.applicants[0]!.id)).toEqual([a, b, c]);
    expect(third.next).toBeNull();
    const back = await applicantList(olivia, jobId, ofRecommendation, third.previous, 1);
    expect(back.applicants[0]!.id).toBe(b);
  });

  it("shows a member who is not an owner the average only where their own scorecard is in, and sorts by what they see", async () => {
    const { jobId, a, b, c, olivia, rami, ines } = await world();
    await submit(olivia, jobId, a, 4);
    await submit(rami, jobId, a, 4);
    await submit(olivia, jobId, b, 1);

    // Ines has submitted nothing: counts only, and the sort gives nothing away (newest first among equals).
    expect(await tallies(ines, jobId)).toEqual([
      [c, 0, null],
      [b, 1, null],
      [a, 2, null],
    ]);
    const row = (await applicantList(ines, jobId, ofRecommendation)).applicants.find((r) => r.id === a)!;
    expect(row.scorecards.visible).toBe(false);
    // Rami sees A's (his is in), not B's.
    expect(await tallies(rami, jobId)).toEqual([
      [a, 2, 4],
      [c, 0, null],
      [b, 1, null],
    ]);
    await submit(ines, jobId, b, 3);
    expect(await tallies(ines, jobId)).toEqual([
      [b, 2, 2],
      [c, 0, null],
      [a, 2, null],
    ]);
    // With the company's blindness turned off, Ines reads A's too, and it sorts first.
    await setBlindScorecards(olivia, false);
    expect(await tallies(ines, jobId)).toEqual([
      [a, 2, 4],
      [b, 2, 2],
      [c, 0, null],
    ]);
  });
});

describe("the CSV", () => {
  const csv = async (member: Member, jobId: string) => {
    const lines = (await new Response(await applicationsCsv(member, jobId, [])).text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n")
      .map((l) => l.split(","));
    const [header, ...rows] = lines;
    return { header: header!, rows };
  };

  it("has a mean per active or rated attribute (not assessed left out), the mean recommendation and the count", async () => {
    const { jobId, a, b, olivia, rami } = await world();
    const { attributes } = await jobScorecard(olivia, jobId);
    await submit(olivia, jobId, a, 4, [4, 3, "na", 2, 1]);
    await submit(rami, jobId, a, 3, [3, 3, 2, "na", 4]);
    await submit(rami, jobId, b, 2);
    // The fifth is retired after being rated: it keeps its column. A sixth, added and retired unrated, has none.
    await setAttributeRetired(olivia, jobId, attributes[4]!.id, true);
    const rows = (await jobScorecard(olivia, jobId)).attributes
      .filter((x) => !x.retired)
      .map((x) => ({ id: x.id, name: x.name, guidance: x.guidance, group: x.group }));
    await saveJobScorecard(olivia, jobId, [...rows, { name: "Unrated extra", guidance: "", group: "skills" }]);
    const extra = (await jobScorecard(olivia, jobId)).attributes.find((x) => x.name === "Unrated extra")!;
    await setAttributeRetired(olivia, jobId, extra.id, true);

    const { header, rows: lines } = await csv(olivia, jobId);
    const names = attributes.map((x) => `Scorecard: ${x.name} (mean of 4)`);
    for (const name of names) expect(header).toContain(name);
    expect(header).not.toContain("Scorecard: Unrated extra (mean of 4)");
    const at = (name: string) => header.indexOf(name);
    // Oldest first: A, B, C.
    const [rowA, rowB, rowC] = lines as [string[], string[], string[]];
    expect(names.map((n) => rowA[at(n)])).toEqual(["3.5", "3", "2", "2", "2.5"]);
    expect(rowA[at("Scorecard: Overall recommendation (mean of 4)")]).toBe("3.5");
    expect(rowA[at("Scorecards submitted")]).toBe("2");
    expect(rowB[at("Scorecard: Overall recommendation (mean of 4)")]).toBe("2");
    expect(rowC[at("Scorecards submitted")]).toBe("0");
    expect(rowC[at(names[0]!)]).toBe("");

    // A recruiter reads the means only where their own is in; elsewhere the count.
    const rita = await join(olivia, "Rita Recruiter", "recruiter");
    await submit(rita, jobId, b, 4);
    const seen = await csv(rita, jobId);
    const [ritaA, ritaB] = seen.rows as [string[], string[]];
    expect([ritaA[at(names[0]!)], ritaA[at("Scorecards submitted")]]).toEqual(["", "2"]);
    expect(ritaA[at("Scorecard: Overall recommendation (mean of 4)")]).toBe("");
    expect(ritaB[at("Scorecard: Overall recommendation (mean of 4)")]).toBe("3");
  });
});

describe("reminders", () => {
  const reminderJob = applicationsQueues.find((q) => q.name === SCORECARD_REMINDER_QUEUE) as QueueDefinition<{
    reminderId: string;
  }>;
  /** Runs the latest reminder's queued email job as a worker would. */
  async function runReminderJob(applicationId?: string) {
    const [reminder] = await em().execute<{ id: string }[]>(
      `select id from scorecard_reminders where application_id = coalesce(?::uuid, application_id)
        order by created_at desc, id limit 1`,
      [applicationId ?? null],
    );
    const [job] = await em().execute<{ id: string }[]>(
      `select id from pgboss.job where name = ? and data->>'reminderId' = ?`,
      [SCORECARD_REMINDER_QUEUE, reminder!.id],
    );
    await reminderJob.handle(
      { reminderId: reminder!.id },
      { jobId: job!.id, retryCount: 0, signal: new AbortController().signal },
    );
  }
  const emailOf = async (member: Member) =>
    (await em().execute<{ email: string }[]>(`select email from users where id = ?`, [member.userId]))[0]!.email;

  it("email a pending member once, with a link to their scorecard, one a day per member and application", async () => {
    const { jobId, a, olivia, rami, ines } = await world();
    const before = await scorecardReminders(olivia, a, { jobId });
    expect(before.maySend).toBe(true);
    expect(before.pending.map((p) => [p.name, p.mayRemind])).toEqual([
      ["Olivia Owner", false],
      ["Rami Recruiter", true],
      ["Ines Interviewer", true],
    ]);

    expect(await remindScorecard(olivia, a, ines.userId, { jobId })).toBe("Ines Interviewer");
    const mark = sent.length;
    await runReminderJob();
    await runReminderJob();
    const mails = sent.slice(mark);
    expect(mails.map((m) => m.to)).toEqual([await emailOf(ines)]);
    expect(mails[0]!.subject).toBe("Your scorecard on Ada Applicant for Summary Engineer");
    expect(mails[0]!.text).toContain("Olivia Owner asks for your scorecard on Ada Applicant");
    expect(mails[0]!.text).toContain(`/employer/jobs/${jobId}/applications/${a}/scorecard`);

    // A second within the day, from anyone, is refused with when it may go.
    const again = await rejection(remindScorecard(rami, a, ines.userId, { jobId }));
    expect(again).toMatchObject({ code: "invalid" });
    expect((again as Error).message).toMatch(/^Ines Interviewer was reminded .*: the next reminder can go /);
    const listed = (await scorecardReminders(rami, a, { jobId })).pending.find((p) => p.userId === ines.userId)!;
    expect([listed.mayRemind, Boolean(listed.remindedAt)]).toEqual([false, true]);

    // A day later it may go again; once she has submitted, no more, and a queued one sends nothing.
    setClock(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await remindScorecard(rami, a, ines.userId, { jobId })).toBe("Ines Interviewer");
    await submit(ines, jobId, a, 3);
    const quiet = sent.length;
    await runReminderJob();
    expect(sent.length).toBe(quiet);
    expect(await rejection(remindScorecard(olivia, a, ines.userId, { jobId }))).toMatchObject({
      code: "invalid",
      message: "Ines Interviewer has already submitted their scorecard.",
    });
  });

  it("reach a member who reads German in German", async () => {
    const { jobId, a, olivia, ines } = await world();
    await em().execute(`update users set language = 'de' where id = ?`, [ines.userId]);
    await remindScorecard(olivia, a, ines.userId, { jobId });
    const mark = sent.length;
    await runReminderJob(a);
    const [mail] = sent.slice(mark).filter((m) => m.text.includes(`/applications/${a}/scorecard`));
    expect(mail!.subject).toBe("Ihre Bewertung zu Ada Applicant für Summary Engineer");
    expect(mail!.text).toContain(
      "Olivia Owner bittet um Ihre Bewertung zu Ada Applicant, beworben auf Summary Engineer.",
    );
  });

  it("are the sender's quota for the hour", async () => {
    const { jobId, a, olivia, ines } = await world();
    for (let i = 0; i < 30; i++) await consumeQuota("scorecard-reminders", olivia.userId);
    expect(await rejection(remindScorecard(olivia, a, ines.userId, { jobId }))).toBeInstanceOf(QuotaExceededError);
    expect(await em().execute(`select 1 from scorecard_reminders where application_id = ?`, [a])).toHaveLength(0);
  });

  it("are sent by owners and recruiters only, to the job's team, on the company's own applications", async () => {
    const { jobId, a, olivia, rami, ines, ivo } = await world();
    expect(await rejection(remindScorecard(ines, a, rami.userId, { jobId }))).toMatchObject({ code: "forbidden" });
    expect((await scorecardReminders(ines, a, { jobId })).pending.every((p) => !p.mayRemind)).toBe(true);
    expect(await rejection(remindScorecard(ivo, a, rami.userId, { jobId }))).toMatchObject({ code: "not-found" });
    // Ivo does not review this job: not on its team.
    expect(await rejection(remindScorecard(olivia, a, ivo.userId, { jobId }))).toMatchObject({ code: "not-found" });
    expect(await rejection(remindScorecard(olivia, a, olivia.userId, { jobId }))).toMatchObject({ code: "invalid" });

    const stranger = await memberFor((await account("employer", "Sam Stranger")).id);
    expect(await rejection(remindScorecard(stranger, a, ines.userId, { jobId }))).toMatchObject({
      code: "not-found",
    });
    expect(await rejection(remindScorecard(olivia, a, stranger.userId, { jobId }))).toMatchObject({
      code: "not-found",
    });
    expect(await rejection(scorecardReminders(stranger, a, { jobId }))).toMatchObject({ code: "not-found" });
    expect(await em().execute(`select 1 from scorecard_reminders where application_id = ?`, [a])).toHaveLength(0);
  });
});
