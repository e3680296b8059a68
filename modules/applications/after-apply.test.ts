// Issue 17 items 3, 6, 7, 8 at the module: the resume library (rename, default, delete with the
// retention rule, the cap), withdrawing (decided ones refused, races), the confirmation email,
// the plan's allowance, and imported listings applied to on the company's site.
import { describe, expect, it } from "vitest";
import { memberFor } from "../hiring/index.server.ts";
import { createHash } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { em } from "../../lib/db.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { useLocalFilesAndMail } from "../../tests/support/local-files.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { setEmailNotifications } from "../identity/index.server.ts";
import { importListing } from "../hiring/index.server.ts";
import {
  addToLibrary,
  applicationAllowance,
  applyState,
  candidateHistory,
  countApplicationsSent,
  decideApplication,
  deleteResume,
  jobApplications,
  MAX_LIBRARY_RESUMES,
  moveApplication,
  openApplication,
  readableResume,
  removeDraftResume,
  renameResume,
  resumeLibrary,
  saveAnswers,
  sentApplication,
  setDefaultResume,
  submitApplication,
  withdrawApplication,
  type UploadedPdf,
} from "./index.server.ts";
import { CONFIRMATION_EMAIL_QUEUE } from "./queues.ts";
import { globexListing } from "../../tests/fixtures/listings.ts";

useTestRuntime({ workers: true });

const local = useLocalFilesAndMail("lib");
const sent = local.sent;

let seq = 0;
const candidate = (plan = "essential", name = "Grace Hopper") =>
  signUpOnPlan({
    email: `lib-candidate${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan,
    full_name: name,
  });
const employer = (plan = "startup") =>
  signUpOnPlan({
    email: `lib-employer${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan,
    full_name: "Ada",
  });

async function pdf(name = "resume.pdf"): Promise<UploadedPdf> {
  const doc = await PDFDocument.create();
  doc
    .addPage()
    .drawText(`Grace Hopper ${name}`, { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  const file = path.join(local.scratch, `${++seq}.pdf`);
  await writeFile(file, bytes);
  return { path: file, filename: name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

async function filesOf(candidateId: string): Promise<string[]> {
  return readdir(path.join(local.files, "resumes", candidateId)).catch(() => []);
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; message: string },
  );

describe("the resume library", () => {
  it("lists uploads with size and date, makes the first the default, renames and moves the default", async () => {
    const me = await candidate();
    const first = await addToLibrary(me.id, await pdf("First.pdf"), "text");
    const second = await addToLibrary(me.id, await pdf("Second.pdf"), null);
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);

    await renameResume(me.id, second.id, "  Design CV 2026  ");
    await Promise.all([
      setDefaultResume(me.id, second.id),
      setDefaultResume(me.id, first.id),
      setDefaultResume(me.id, second.id),
    ]);
    const library = await resumeLibrary(me.id);
    expect(library.resumes.filter((r) => r.isDefault)).toHaveLength(1);
    const renamed = library.resumes.find((r) => r.id === second.id)!;
    expect(renamed).toMatchObject({ name: "Design CV 2026", textStatus: "unreadable", sentWith: [] });
    expect(renamed.sizeKb).toBeGreaterThan(0);

    for (const bad of ["", "   ", "x".repeat(201), "tab\tname"]) {
      expect(await rejection(renameResume(me.id, second.id, bad))).toMatchObject({ code: "invalid" });
    }
  });

  it("answers another candidate's resume as not found for rename, default and delete", async () => {
    const owner = await candidate();
    const other = await candidate();
    const resume = await addToLibrary(owner.id, await pdf(), "text");
    const attempts = [
      () => renameResume(other.id, resume.id, "Mine"),
      () => setDefaultResume(other.id, resume.id),
      () => deleteResume(other.id, resume.id),
      () => deleteResume(other.id, "not-a-uuid"),
    ];
    for (const attempt of attempts) expect(await rejection(attempt())).toMatchObject({ code: "not-found" });
    expect((await resumeLibrary(owner.id)).resumes.map((r) => r.name)).toEqual(["resume.pdf"]);
  });

  it("erases an unsent resume at once; keeps a sent one for its employer until the application is withdrawn", async () => {
    const boss = await employer();
    const me = await candidate();
    const spare = await addToLibrary(me.id, await pdf("Spare.pdf"), "text");
    const jobId = await publishTestJob(boss.id, { title: "Retention job" });
    const sentOne = await addToLibrary(me.id, await pdf("Sent.pdf"), "text");
    await setDefaultResume(me.id, sentOne.id);
    const { applicationId } = await submitApplication(me.id, jobId);
    expect((await resumeLibrary(me.id)).resumes.find((r) => r.id === sentOne.id)!.sentWith).toEqual([
      { applicationId, jobTitle: "Retention job", companyName: "Acme", status: "submitted" },
    ]);

    expect(await deleteResume(me.id, spare.id)).toBe("erased");
    expect(await readableResume({ id: me.id, role: "candidate" }, spare.id)).toBeNull();
    expect(await filesOf(me.id)).toHaveLength(1);

    expect(await deleteResume(me.id, sentOne.id)).toBe("kept");
    expect((await resumeLibrary(me.id)).resumes).toEqual([]);
    expect(await readableResume({ id: boss.id, role: "employer" }, sentOne.id)).not.toBeNull();
    expect(await filesOf(me.id)).toHaveLength(1);
    // Deleted from the library, it can't be picked for a new application.
    expect((await applyState(me.id, await publishTestJob(boss.id))).resume).toBeNull();

    await withdrawApplication(me.id, applicationId);
    expect(await readableResume({ id: boss.id, role: "employer" }, sentOne.id)).toBeNull();
    expect(await filesOf(me.id)).toEqual([]);
    expect((await sentApplication(me.id, applicationId)).resume).toBeNull();
  });

  it(`holds at most ${MAX_LIBRARY_RESUMES} resumes, with a message, also when the last places are raced for`, async () => {
    const me = await candidate();
    for (let i = 0; i < MAX_LIBRARY_RESUMES - 2; i++) await addToLibrary(me.id, await pdf(`cv-${i}.pdf`), "text");
    const uploads = await Promise.all([1, 2, 3, 4, 5].map((n) => pdf(`race-${n}.pdf`)));
    const outcomes = await Promise.allSettled(uploads.map((u) => addToLibrary(me.id, u, "text")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "invalid", message: expect.stringMatching(/holds up to 20 resumes/) });
    const library = await resumeLibrary(me.id);
    expect([library.resumes.length, library.full]).toEqual([MAX_LIBRARY_RESUMES, true]);
    expect(await filesOf(me.id)).toHaveLength(MAX_LIBRARY_RESUMES);
  });

  it("preselects the default resume in the apply wizard until the candidate removes it", async () => {
    const boss = await employer();
    const me = await candidate();
    await addToLibrary(me.id, await pdf("Old.pdf"), "text");
    const preferred = await addToLibrary(me.id, await pdf("Preferred.pdf"), "text");
    await setDefaultResume(me.id, preferred.id);
    const jobId = await publishTestJob(boss.id);
    expect((await applyState(me.id, jobId)).resume?.id).toBe(preferred.id);
    await saveAnswers(me.id, jobId, {});
    expect((await applyState(me.id, jobId)).resume?.id).toBe(preferred.id);
    await removeDraftResume(me.id, jobId);
    expect((await applyState(me.id, jobId)).resume).toBeNull();

    // Submitted without ever opening a step, the application carries the default.
    const other = await publishTestJob(boss.id);
    const { applicationId } = await submitApplication(me.id, other);
    expect((await sentApplication(me.id, applicationId)).resume?.id).toBe(preferred.id);
  });
});

describe("withdrawing", () => {
  it("withdraws an undecided application, records it, and shows Withdrawn to the employer, who can't decide it", async () => {
    const boss = await employer();
    const me = await candidate();
    const jobId = await publishTestJob(boss.id, { title: "Withdrawable" });
    const { applicationId } = await submitApplication(me.id, jobId);
    await moveApplication(await memberFor(boss.id), applicationId, "reviewed");
    expect((await sentApplication(me.id, applicationId)).withdrawable).toBe(true);

    expect(await withdrawApplication(me.id, applicationId)).toBe("withdrawn");
    const mine = await sentApplication(me.id, applicationId);
    expect(mine.history.map((h) => [h.to, h.by])).toEqual([
      ["submitted", "candidate"],
      ["reviewed", "employer"],
      ["withdrawn", "candidate"],
    ]);
    expect(mine.withdrawable).toBe(false);
    const [row] = await jobApplications(await memberFor(boss.id), jobId);
    expect([row!.status, row!.decisions, row!.resumeId]).toEqual(["withdrawn", [], null]);
    expect((await openApplication(await memberFor(boss.id), applicationId)).resume).toBeNull();
    expect(await rejection(decideApplication(await memberFor(boss.id), applicationId, "shortlist"))).toMatchObject({
      code: "invalid-transition",
      message: "The candidate withdrew this application, so it can no longer be moved.",
    });
    expect((await candidateHistory(me.id)).counts.withdrawn).toBe(1);
  });

  it("refuses a decided application, and another candidate's (not found)", async () => {
    const boss = await employer();
    const me = await candidate();
    const { applicationId } = await submitApplication(me.id, await publishTestJob(boss.id));
    await decideApplication(await memberFor(boss.id), applicationId, "reject");
    expect(await rejection(withdrawApplication(me.id, applicationId))).toMatchObject({ code: "invalid-transition" });
    const other = await candidate();
    expect(await rejection(withdrawApplication(other.id, applicationId))).toMatchObject({ code: "not-found" });
    expect(await rejection(sentApplication(other.id, applicationId))).toMatchObject({ code: "not-found" });
    expect(await rejection(sentApplication(me.id, "nope"))).toMatchObject({ code: "not-found" });
  });

  it("a double withdraw racing the employer's decision ends in one consistent state", async () => {
    const boss = await employer("business");
    for (let round = 0; round < 6; round++) {
      const me = await candidate();
      const { applicationId } = await submitApplication(me.id, await publishTestJob(boss.id));
      const results = await Promise.allSettled([
        withdrawApplication(me.id, applicationId),
        decideApplication(await memberFor(boss.id), applicationId, "shortlist"),
        withdrawApplication(me.id, applicationId),
      ]);
      const history = (await sentApplication(me.id, applicationId)).history.map((h) => h.to);
      const [status] = history.slice(-1);
      expect(history).toHaveLength(2);
      if (status === "withdrawn") {
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      } else {
        expect(status).toBe("shortlisted");
        expect(results[1]!.status).toBe("fulfilled");
        // A withdraw that ran before the decision made it withdrawn; so both withdraws were refused.
        expect([results[0]!.status, results[2]!.status]).toEqual(["rejected", "rejected"]);
      }
    }
  });
});

describe("the confirmation email", () => {
  it("goes once per application, and not to a candidate who turned application emails off", async () => {
    const boss = await employer();
    const me = await candidate("essential", "Grace Hopper");
    const { applicationId } = await submitApplication(me.id, await publishTestJob(boss.id, { title: "Email job" }));
    expect(await settledJob(CONFIRMATION_EMAIL_QUEUE, { applicationId })).toBe("completed");
    const mine = sent.filter((m) => m.to === me.email && m.subject === "We sent your application to Acme");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain(`/candidate/applications/${applicationId}`);
    const keys = await em().execute<{ n: number }[]>(`select count(*)::int as n from sent_emails where key = ?`, [
      `application:${applicationId}:confirmation`,
    ]);
    expect(keys).toEqual([{ n: 1 }]);

    const quiet = await candidate();
    await setEmailNotifications(quiet.id, false);
    const second = await submitApplication(quiet.id, await publishTestJob(boss.id, { title: "Quiet job" }));
    expect(await settledJob(CONFIRMATION_EMAIL_QUEUE, { applicationId: second.applicationId })).toBe("completed");
    expect(sent.filter((m) => m.to === quiet.email)).toEqual([]);
  });
});

describe("the plan's allowance", () => {
  it("counts down a trial's 3 applications and says why at the limit, before the wizard asks anything", async () => {
    const boss = await employer("business");
    const trial = await candidate("free-trial");
    expect(await applicationAllowance(trial.id)).toMatchObject({ allowed: true, remaining: 3, limit: 3 });
    for (let n = 0; n < 3; n++) await submitApplication(trial.id, await publishTestJob(boss.id));
    const at = await applicationAllowance(trial.id);
    expect(at).toMatchObject({ allowed: false, remaining: 0, upgradeUrl: "/pricing?audience=job-seekers" });
    expect(at.reason).toMatch(/includes 3 applications/);
    // An imported listing opened at the limit asks for no questions.
    const jobId = (await importListing({ ...LISTING, externalId: `limit-${++seq}` }))!;
    const state = await applyState(trial.id, jobId);
    expect(state.allowance.allowed).toBe(false);
    const asked = await em().execute<{ n: number }[]>(
      "select count(*)::int as n from pgboss.job where name = 'applications.prepare-questions' and data->>'jobId' = ?",
      [jobId],
    );
    expect(asked).toEqual([{ n: 0 }]);
    expect((await applicationAllowance((await candidate("professional")).id)).remaining).toBeNull();
  });

  it("gives a withdrawn application's place back: the allowance, the account's usage and submit all agree", async () => {
    const boss = await employer("business");
    const trial = await candidate("free-trial");
    const sent: string[] = [];
    for (let n = 0; n < 3; n++)
      sent.push((await submitApplication(trial.id, await publishTestJob(boss.id))).applicationId);
    expect(await applicationAllowance(trial.id)).toMatchObject({ allowed: false, remaining: 0 });
    await withdrawApplication(trial.id, sent[0]!);
    expect(await applicationAllowance(trial.id)).toMatchObject({ allowed: true, sent: 2, remaining: 1 });
    expect(await countApplicationsSent(trial.id)).toBe(2);
    // The place is really free: the submit under the plan's lock agrees, and then the limit holds again.
    expect((await submitApplication(trial.id, await publishTestJob(boss.id))).created).toBe(true);
    expect(await rejection(submitApplication(trial.id, await publishTestJob(boss.id)))).toMatchObject({
      code: "plan-limit",
    });
  });
});

const LISTING = globexListing("x");

describe("imported listings", () => {
  it("records the application as made on the company's site: no employer, no emails, the link kept", async () => {
    const me = await candidate();
    const jobId = (await importListing({ ...LISTING, externalId: `ext-${++seq}` }))!;
    // Questions are made in the background; answer-free submit waits for them, so give them directly.
    await em().execute("update jobs set questions_generated_at = now() where id = ?", [jobId]);
    const state = await applyState(me.id, jobId);
    expect(state.external).toEqual({ applyLink: LISTING.applyLink });
    const { applicationId } = await submitApplication(me.id, jobId);
    const mine = await sentApplication(me.id, applicationId);
    expect([mine.status, mine.companySite, mine.withdrawable]).toEqual(["applied_external", LISTING.applyLink, false]);
    expect(await rejection(withdrawApplication(me.id, applicationId))).toMatchObject({ code: "invalid-transition" });
    const queued = await em().execute<{ name: string }[]>(
      "select name from pgboss.job where data->>'applicationId' = ? order by name",
      [applicationId],
    );
    expect(queued.map((q) => q.name)).toEqual(["applications.score"]);
    expect((await candidateHistory(me.id)).counts.applied_external).toBe(1);
  });

  it("can't be applied to without a link to the company's site", async () => {
    const me = await candidate();
    const jobId = (await importListing({ ...LISTING, externalId: `nolink-${++seq}`, applyLink: null }))!;
    expect(await rejection(applyState(me.id, jobId))).toMatchObject({ code: "not-found" });
    expect(await rejection(submitApplication(me.id, jobId))).toMatchObject({ code: "not-found" });
  });
});
