// Messages on an application (decision 071), through the module: who writes and who only reads,
// the text's limits, the hourly quota, who is emailed and that each gets one email however often
// the job runs, the thread in the candidate's export and the CSV, and its erasure with the account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { config } from "../../lib/config.ts";
import { consumeQuota, QuotaExceededError } from "../../lib/quotas.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { readZip } from "../../tests/support/zip.ts";
import { importListing, memberFor, type Member } from "../hiring/index.server.ts";
import { deleteAccount, exportAccount } from "../identity/index.server.ts";
import {
  applicationsCsv,
  applicationsQueues,
  candidateThread,
  companyThread,
  moveApplication,
  postCandidateMessage,
  postCompanyMessage,
  submitApplication,
  MESSAGE_EMAIL_QUEUE,
} from "./index.server.ts";
import { globexListing } from "../../tests/fixtures/listings.ts";

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

let seq = 0;
const PASSWORD = "correct horse";

const account = (role: "employer" | "candidate", name: string) =>
  signUpOnPlan({
    email: `msg-${role}${++seq}@example.com`,
    password: PASSWORD,
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

/** Acme: owner Olivia (posted the job), recruiters Rami and Rita, interviewer Ivan (assigned); Cleo applied. */
async function world() {
  const owner = await account("employer", "Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Message Engineer" });
  const cleo = await account("candidate", "Cleo Candidate");
  const { applicationId } = await submitApplication(cleo.id, jobId);
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, (await account("employer", "Rami Recruiter")).id, "recruiter");
  const rita = await join(olivia, (await account("employer", "Rita Recruiter")).id, "recruiter");
  const ivan = await join(olivia, (await account("employer", "Ivan Interviewer")).id, "interviewer", jobId);
  return { jobId, applicationId, olivia, rami, rita, ivan, cleo };
}

const messagesOf = (applicationId: string) =>
  em().execute<{ author_side: string; body: string }[]>(
    `select author_side, body from application_messages where application_id = ? order by created_at, id`,
    [applicationId],
  );

const rejection = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

/** Runs the message's queued email job as a worker would (twice, in the once-only test). */
const emailJob = applicationsQueues.find((q) => q.name === MESSAGE_EMAIL_QUEUE) as QueueDefinition<{
  messageId: string;
}>;
async function runEmailJob(messageId: string) {
  const [job] = await em().execute<{ id: string }[]>(
    `select id from pgboss.job where name = ? and data->>'messageId' = ?`,
    [MESSAGE_EMAIL_QUEUE, messageId],
  );
  await emailJob.handle({ messageId }, { jobId: job!.id, retryCount: 0, signal: new AbortController().signal });
}

describe("the thread", () => {
  it("is written by owners, recruiters and the candidate, oldest first, and read by an assigned interviewer", async () => {
    const { jobId, applicationId, olivia, rami, ivan, cleo } = await world();
    await postCompanyMessage(olivia, applicationId, "  Hello Cleo, are you free Tuesday?  ", { jobId });
    await postCandidateMessage(cleo.id, applicationId, "Yes, after 2pm.");
    await postCompanyMessage(rami, applicationId, "Great: https://meet.example.com/acme", { jobId });

    const seenByRami = await companyThread(rami, applicationId, { jobId });
    expect(seenByRami.messages.map((m) => [m.side, m.authorName, m.mine, m.body])).toEqual([
      ["company", "Olivia Owner", false, "Hello Cleo, are you free Tuesday?"],
      ["candidate", "Cleo Candidate", false, "Yes, after 2pm."],
      ["company", "Rami Recruiter", true, "Great: https://meet.example.com/acme"],
    ]);
    expect(seenByRami.mayWrite).toBe(true);

    const seenByCleo = await candidateThread(cleo.id, applicationId);
    expect(seenByCleo.messages.map((m) => [m.authorName, m.mine])).toEqual([
      ["Olivia Owner · Acme", false],
      ["You", true],
      ["Rami Recruiter · Acme", false],
    ]);

    // The interviewer reads; their post is forbidden and saves nothing.
    const seenByIvan = await companyThread(ivan, applicationId, { jobId });
    expect([seenByIvan.messages.length, seenByIvan.mayWrite]).toEqual([3, false]);
    expect(await rejection(postCompanyMessage(ivan, applicationId, "Can I write?", { jobId }))).toMatchObject({
      code: "forbidden",
    });
    expect(await messagesOf(applicationId)).toHaveLength(3);
  });

  it("answers as not found for another company, an unassigned interviewer and another candidate", async () => {
    const { jobId, applicationId, olivia } = await world();
    const stranger = await memberFor((await account("employer", "Sam Stranger")).id);
    const unassigned = await join(olivia, (await account("employer", "Una Interviewer")).id, "interviewer");
    const otherCandidate = await account("candidate", "Otto Other");
    for (const attempt of [
      () => companyThread(stranger, applicationId, { jobId }),
      () => postCompanyMessage(stranger, applicationId, "Hi", { jobId }),
      () => companyThread(unassigned, applicationId, { jobId }),
      () => postCompanyMessage(unassigned, applicationId, "Hi", { jobId }),
      () => candidateThread(otherCandidate.id, applicationId),
      () => postCandidateMessage(otherCandidate.id, applicationId, "Hi"),
      () => postCandidateMessage(otherCandidate.id, "not-a-uuid", "Hi"),
    ])
      expect(await rejection(attempt())).toMatchObject({ code: "not-found" });
    expect(await messagesOf(applicationId)).toEqual([]);
  });

  it("refuses an empty message, one over 5,000 characters and NUL, beside the field, saving nothing", async () => {
    const { jobId, applicationId, olivia, cleo } = await world();
    const cases: [string, RegExp][] = [
      ["", /Please write your message/],
      ["   \n  ", /Please write your message/],
      ["x".repeat(5001), /up to 5,000 characters/],
      ["a\0b", /characters we can't store/],
    ];
    for (const [body, message] of cases) {
      const error = await rejection(postCompanyMessage(olivia, applicationId, body, { jobId }));
      expect(error).toMatchObject({ code: "invalid", fieldErrors: { body: expect.stringMatching(message) } });
      expect(await rejection(postCandidateMessage(cleo.id, applicationId, body))).toMatchObject({ code: "invalid" });
    }
    expect(await messagesOf(applicationId)).toEqual([]);
    await postCandidateMessage(cleo.id, applicationId, "y".repeat(5000));
    expect(await messagesOf(applicationId)).toHaveLength(1);
  });

  it("counts each account's messages for the hour: past 100, refused with when to try again", async () => {
    const { jobId, applicationId, olivia, cleo } = await world();
    const { limit } = config().quotas.messages;
    expect(limit).toBe(100);
    for (let i = 1; i < limit; i++) await consumeQuota("messages", olivia.userId);
    await postCompanyMessage(olivia, applicationId, "The hundredth.", { jobId });
    const refused = await rejection(postCompanyMessage(olivia, applicationId, "One too many.", { jobId }));
    expect(refused).toBeInstanceOf(QuotaExceededError);
    expect((refused as QuotaExceededError).message).toMatch(/limit of 100 messages per hour\. Try again in/);
    expect((refused as QuotaExceededError).retryAfterSeconds).toBeGreaterThan(0);
    // Another account's quota is its own.
    await postCandidateMessage(cleo.id, applicationId, "Still mine to send.");
    expect((await messagesOf(applicationId)).map((m) => m.body)).toEqual(["The hundredth.", "Still mine to send."]);
  });

  it("offers no thread on an imported listing, and says why", async () => {
    const cleo = await account("candidate", "Cleo Candidate");
    const jobId = (await importListing(globexListing(`msg-ext-${++seq}`)))!;
    await em().execute("update jobs set questions_generated_at = now() where id = ?", [jobId]);
    const { applicationId } = await submitApplication(cleo.id, jobId);
    const thread = await candidateThread(cleo.id, applicationId);
    expect(thread).toMatchObject({ messages: [], mayWrite: false });
    expect(thread.closedReason).toMatch(/applied on the company's own site/);
    expect(await rejection(postCandidateMessage(cleo.id, applicationId, "Hello?"))).toMatchObject({
      code: "invalid",
      fieldErrors: { body: expect.stringMatching(/own site/) },
    });
    expect(await messagesOf(applicationId)).toEqual([]);
  });
});

describe("the emails", () => {
  it("go to the other side with the text and a link back, once per recipient however often the job runs", async () => {
    const { jobId, applicationId, olivia, rami, rita, ivan, cleo } = await world();
    // Rami moved the application; Rita wrote in the thread; Ivan only reads; Olivia posted the job.
    await moveApplication(rami, applicationId, "reviewed", { jobId });
    const ritas = await postCompanyMessage(rita, applicationId, "Hi Cleo, a question: https://acme.example.com/q", {
      jobId,
    });
    const before = sent.length;
    await runEmailJob(ritas);
    await runEmailJob(ritas);
    const toCleo = sent.slice(before);
    expect(toCleo.map((m) => m.to)).toEqual([cleo.email]);
    expect(toCleo[0]!.subject).toBe("A message from Acme about Message Engineer");
    expect(toCleo[0]!.text).toContain("Hi Cleo, a question: https://acme.example.com/q");
    expect(toCleo[0]!.text).toContain(`/candidate/applications/${applicationId}#messages`);

    const cleos = await postCandidateMessage(cleo.id, applicationId, "Happy to <b>answer</b>.");
    const mark = sent.length;
    await runEmailJob(cleos);
    await runEmailJob(cleos);
    const toTeam = sent.slice(mark);
    const emails = async (...members: Member[]) =>
      (
        await em().execute<{ email: string }[]>(`select email from users where id = any(?::uuid[]) order by email`, [
          `{${members.map((m) => m.userId).join(",")}}`,
        ])
      ).map((r) => r.email);
    expect(toTeam.map((m) => m.to).sort()).toEqual(await emails(olivia, rami, rita));
    expect(toTeam.map((m) => m.to)).not.toContain((await emails(ivan))[0]);
    expect(toTeam[0]!.subject).toBe("Cleo Candidate wrote about Message Engineer");
    expect(toTeam[0]!.text).toContain("Happy to <b>answer</b>.");
    expect(toTeam[0]!.html).not.toContain("<b>answer</b>");
    expect(toTeam[0]!.text).toContain(`/employer/jobs/${jobId}/applications/${applicationId}#messages`);
  });

  it("skip the author, and send nothing once the message is gone", async () => {
    const { jobId, applicationId, rami, cleo } = await world();
    const ramis = await postCompanyMessage(rami, applicationId, "From Rami.", { jobId });
    const before = sent.length;
    await runEmailJob(ramis);
    expect(sent.slice(before).map((m) => m.to)).toEqual([cleo.email]);
    const gone = await postCandidateMessage(cleo.id, applicationId, "Erased before sending.");
    await em().execute(`delete from application_messages where id = ?`, [gone]);
    const mark = sent.length;
    await runEmailJob(gone);
    expect(sent.length).toBe(mark);
  });
});

describe("the candidate's data", () => {
  it("has the thread in the export and the count in the CSV, and is erased with the account", async () => {
    const { jobId, applicationId, olivia, cleo } = await world();
    await postCompanyMessage(olivia, applicationId, "Welcome aboard the process.", { jobId });
    await postCandidateMessage(cleo.id, applicationId, "Thank you!");

    const zip = readZip(Buffer.from(await new Response(await exportAccount(cleo.id)).arrayBuffer()));
    const applications = JSON.parse(zip.get("applications.json")!.toString("utf8")).applications;
    expect(applications[0].messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["The company", "Welcome aboard the process."],
      ["You", "Thank you!"],
    ]);
    const employerZip = readZip(Buffer.from(await new Response(await exportAccount(olivia.userId)).arrayBuffer()));
    const written = JSON.parse(employerZip.get("messages-written.json")!.toString("utf8"));
    expect(written.messages).toEqual([
      { job: "Message Engineer", text: "Welcome aboard the process.", sentAt: expect.any(String) },
    ]);

    const csv = async () =>
      (await new Response(await applicationsCsv(olivia, jobId, [])).text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n");
    const [header, row] = await csv();
    const column = header!.split(",").indexOf("Messages");
    expect(column).toBeGreaterThan(0);
    expect(row!.split(",")[column]).toBe("2");

    const here = { sessionToken: null, ip: "10.20.30.41" };
    expect(await deleteAccount(cleo.id, { password: PASSWORD, confirmation: "DELETE" }, here)).toBe("deleted");
    expect(await messagesOf(applicationId)).toEqual([]);
    const thread = await companyThread(olivia, applicationId, { jobId });
    expect(thread).toMatchObject({ messages: [], mayWrite: false });
    expect(thread.closedReason).toMatch(/deleted their account/);
    expect(await rejection(postCompanyMessage(olivia, applicationId, "Still there?", { jobId }))).toMatchObject({
      code: "invalid",
    });
    expect((await csv())[1]!.split(",")[column]).toBe("0");
  });
});
