import { describe, expect, it, vi } from "vitest";
import { WAIT } from "../../tests/support/wait.ts";
import { memberFor } from "../hiring/index.server.ts";
import { createHash } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { em, transaction } from "../../lib/db.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { useLocalFilesAndMail } from "../../tests/support/local-files.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { setEmailNotifications } from "../identity/index.server.ts";
import {
  changeJobStatus,
  emptyQuestion,
  employerDashboard,
  importListing,
  jobToApply,
} from "../hiring/index.server.ts";
import {
  ApplicationError,
  applicationsCsv,
  applyState,
  attachUploadedResume,
  candidateApplicationForJob,
  candidateHistory,
  chooseResume,
  countResumeUpload,
  decideApplication,
  discardApplyDraft,
  jobApplications,
  moveApplication,
  openApplication,
  readableResume,
  removeDraftResume,
  scoreOne,
  saveAnswers,
  submitApplication,
  rateApplication,
  withdrawApplication,
  type UploadedPdf,
} from "./index.server.ts";
import { ApplicationDraft } from "./entities.ts";
import { scoresFor } from "./scoring.ts";
import { anonymiseApplications } from "./anonymise.ts";
import { NEW_APPLICATION_EMAIL_QUEUE } from "./queues.ts";
import { globexListing } from "../../tests/fixtures/listings.ts";

const runtime = useTestRuntime({ workers: true });

const local = useLocalFilesAndMail("app");
const sent = local.sent;

let seq = 0;
const candidate = (plan = "essential", name: string | undefined = "Grace Hopper") =>
  signUpOnPlan({
    email: `candidate${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan,
    full_name: name,
  });
const employer = (plan = "startup") =>
  signUpOnPlan({
    email: `employer${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan,
    full_name: "Ada",
  });

/** A job with one question of each type. */
async function jobWithQuestions(
  employerId: string,
): Promise<{ jobId: string; ids: { text: string; choice: string; rating: string } }> {
  const jobId = await publishTestJob(employerId, {
    title: "Platform Engineer",
    questions: [
      { ...emptyQuestion(), question_text: "Tell us about a system you scaled.", category: "practical-experience" },
      {
        ...emptyQuestion(),
        question_text: "Which queue have you run?",
        question_type: "multiple_choice",
        options: "Kafka, RabbitMQ, SQS",
      },
      { ...emptyQuestion(), question_text: "Rate your SQL.", question_type: "rating", category: "technical-deep" },
    ],
  });
  const job = (await jobToApply(jobId))!;
  const [text, choice, rating] = job.questions.map((q) => q.id);
  return { jobId, ids: { text: text!, choice: choice!, rating: rating! } };
}

const RESUME_TEXT = "Grace Hopper\nBuilt compilers and scaled an event log with Kafka.";

/** An acceptable answer to every question, whatever its type. */
function answerAll(
  questions: { id: string; questionType: string; options: string[] | null }[],
): Record<string, string> {
  return Object.fromEntries(
    questions.map((q) => [
      q.id,
      q.questionType === "rating"
        ? "4"
        : q.questionType === "multiple_choice"
          ? q.options![0]!
          : "I built reporting in SQL.",
    ]),
  );
}

const goodAnswers = (ids: { text: string; choice: string; rating: string }) => ({
  [ids.text]: "I moved our billing to an event log and cut latency by half.",
  [ids.choice]: "Kafka",
  [ids.rating]: "4",
});

async function pdfUpload(name = "resume.pdf", line = "Grace Hopper - COBOL, compilers"): Promise<UploadedPdf> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(line, { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  const file = path.join(local.scratch, `${++seq}.pdf`);
  await writeFile(file, bytes);
  return { path: file, filename: name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(local.files, full));
    }
  }
  await walk(local.files);
  return out;
}

describe("applying", () => {
  it("submits answers of every type and a resume in one go, and records the first status", async () => {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);

    expect(await saveAnswers(me.id, jobId, goodAnswers(ids))).toEqual({});
    const resume = await attachUploadedResume(me.id, jobId, await pdfUpload("Grace CV.pdf"), RESUME_TEXT);
    expect(resume.name).toBe("Grace CV.pdf");
    const state = await applyState(me.id, jobId);
    expect(state.answered).toBe(3);
    expect(state.resume?.id).toBe(resume.id);

    const { applicationId, created } = await submitApplication(me.id, jobId);
    expect(created).toBe(true);
    const mine = await candidateApplicationForJob(me.id, jobId);
    expect(mine).toMatchObject({ id: applicationId, status: "submitted", resumeId: resume.id });
    // The draft is gone; the stored key is the spec's: candidate, job, timestamp, extension.
    expect(
      await em()
        .getConnection()
        .execute("select count(*)::int as n from application_drafts where candidate_id = ?", [me.id]),
    ).toEqual([{ n: 0 }]);
    const [stored] = await storedFiles();
    expect(stored).toMatch(new RegExp(`^resumes/${me.id}/${jobId}-\\d+\\.pdf$`));

    const history = await candidateHistory(me.id);
    expect(history.counts).toMatchObject({ total: 1, submitted: 1 });
    expect(history.applications[0]!.history.map((h) => h.to)).toEqual(["submitted"]);
  });

  it("names each missing or wrong answer and saves nothing", async () => {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    const errors = await saveAnswers(me.id, jobId, { [ids.text]: "  ", [ids.choice]: "Carrier pigeon" });
    expect(errors).toEqual({
      [ids.text]: "Please answer this question.",
      [ids.choice]: "Please choose one of the options.",
      [ids.rating]: "Please answer this question.",
    });
    // What was typed is kept in the draft.
    expect((await applyState(me.id, jobId)).answers[ids.choice]).toBe("Carrier pigeon");
    const refused = await submitApplication(me.id, jobId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApplicationError);
    expect((refused as ApplicationError).code).toBe("invalid");
    expect(await candidateApplicationForJob(me.id, jobId)).toBeNull();
  });

  it("gives back the existing application on a second submit, and one application when 20 submits race", async () => {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    await saveAnswers(me.id, jobId, goodAnswers(ids));
    const results = await Promise.all(Array.from({ length: 20 }, () => submitApplication(me.id, jobId)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.applicationId)).size).toBe(1);
    expect((await candidateHistory(me.id)).counts.total).toBe(1);
    const again = await submitApplication(me.id, jobId);
    expect(again).toEqual({ applicationId: results[0]!.applicationId, created: false, companySite: null });
  });

  it("takes 200 candidates applying to one job at once, losing none", async () => {
    const boss = await employer();
    const jobId = await publishTestJob(boss.id, { title: "Popular job" });
    const people = await Promise.all(Array.from({ length: 200 }, () => candidate("essential")));
    const results = await Promise.allSettled(people.map((p) => submitApplication(p.id, jobId)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await jobApplications(await memberFor(boss.id), jobId)).toHaveLength(200);
  }, 60_000);

  it("holds the candidate's trial to 3 applications and the employer's trial to 10", async () => {
    const boss = await employer("startup");
    const trial = await candidate("free-trial");
    const jobs = await Promise.all([1, 2, 3, 4].map((n) => publishTestJob(boss.id, { title: `Job ${n}` })));
    for (const jobId of jobs.slice(0, 3)) await submitApplication(trial.id, jobId);
    const fourth = await submitApplication(trial.id, jobs[3]!).catch((e: unknown) => e);
    expect((fourth as ApplicationError).code).toBe("plan-limit");
    expect((fourth as ApplicationError).message).toMatch(/includes 3 applications/);
    expect((fourth as ApplicationError).upgradeUrl).toBe("/pricing?audience=job-seekers");

    const trialEmployer = await employer("free-trial");
    const small = await publishTestJob(trialEmployer.id, { title: "Small team" });
    const applicants = await Promise.all(Array.from({ length: 11 }, () => candidate()));
    const outcomes = await Promise.allSettled(applicants.map((p) => submitApplication(p.id, small)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(
      "This job isn't accepting more applications right now. Please try again later.",
    );
  });

  it("takes no answer or resume past the candidate's trial; a withdrawn application gives its place back", async () => {
    const boss = await employer("startup");
    const trial = await candidate("free-trial");
    const jobs = await Promise.all([1, 2, 3, 4].map((n) => publishTestJob(boss.id, { title: `Job ${n}` })));
    const sentIds: string[] = [];
    for (const jobId of jobs.slice(0, 3)) sentIds.push((await submitApplication(trial.id, jobId)).applicationId);
    const fourth = jobs[3]!;
    const refusals = await Promise.all([
      saveAnswers(trial.id, fourth, {}).catch((e: unknown) => e),
      attachUploadedResume(trial.id, fourth, await pdfUpload(), RESUME_TEXT).catch((e: unknown) => e),
      countResumeUpload(trial.id).catch((e: unknown) => e),
      removeDraftResume(trial.id, fourth).catch((e: unknown) => e),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(ApplicationError);
      expect((refusal as ApplicationError).code).toBe("plan-limit");
      expect((refusal as ApplicationError).message).toMatch(/includes 3 applications/);
      expect((refusal as ApplicationError).upgradeUrl).toBe("/pricing?audience=job-seekers");
    }
    expect(await em().count(ApplicationDraft, { candidateId: trial.id })).toBe(0);

    await withdrawApplication(trial.id, sentIds[0]!);
    expect(await saveAnswers(trial.id, fourth, {})).toEqual({});
    expect((await submitApplication(trial.id, fourth)).created).toBe(true);
  });

  it("refuses a job that is closed or not there", async () => {
    const boss = await employer();
    const me = await candidate();
    const jobId = await publishTestJob(boss.id);
    await changeJobStatus(await memberFor(boss.id), jobId, "close");
    await expect(submitApplication(me.id, jobId)).rejects.toMatchObject({ code: "not-found" });
    await expect(applyState(me.id, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("applies to an imported listing once its 12 questions are made in the background, once", async () => {
    const me = await candidate();
    const jobId = (await importListing(
      globexListing(`ext-${++seq}`, { description: "SQL all day, dashboards in Looker.", skills: ["SQL", "Looker"] }),
    ))!;
    // Two candidates opening the form at once get one set of questions.
    const [first] = await Promise.all([applyState(me.id, jobId), applyState((await candidate()).id, jobId)]);
    expect(first.preparingQuestions).toBe(true);
    await expect(submitApplication(me.id, jobId)).rejects.toMatchObject({ code: "invalid" });
    const job = await vi.waitFor(async () => {
      const loaded = await jobToApply(jobId);
      expect(loaded?.questionsPending, "questions still being made").toBe(false);
      return loaded!;
    }, WAIT);
    expect(job.questions).toHaveLength(12);
    expect(job.questions.map((q) => q.questionText).join(" ")).toMatch(/SQL|Looker/);
    // A second request sent after the first job finished runs as a no-op: once every job has
    // settled, the listing still has one set of questions.
    await expect
      .poll(async () => {
        const [row] = await em()
          .getConnection()
          .execute(
            "select count(*) filter (where state not in ('completed', 'failed', 'cancelled'))::int as open from pgboss.job where name = 'applications.prepare-questions' and data->>'jobId' = ?",
            [jobId],
          );
        return row.open;
      })
      .toBe(0);
    expect((await jobToApply(jobId))!.questions).toHaveLength(12);

    await saveAnswers(me.id, jobId, answerAll(job.questions));
    const { created } = await submitApplication(me.id, jobId);
    expect(created).toBe(true);
    expect(sent.filter((m) => m.subject.includes("Data Analyst"))).toEqual([]);
  });
});

describe("resumes", () => {
  it("lets a candidate reuse an earlier resume; an upload set aside stays in their library", async () => {
    const boss = await employer();
    const me = await candidate();
    const first = await publishTestJob(boss.id, { title: "First" });
    const second = await publishTestJob(boss.id, { title: "Second" });
    const used = await attachUploadedResume(me.id, first, await pdfUpload("used.pdf"), RESUME_TEXT);
    await submitApplication(me.id, first);

    const spare = await attachUploadedResume(me.id, second, await pdfUpload("spare.pdf"), RESUME_TEXT);
    // Choosing the earlier resume keeps the spare upload: it is the candidate's, in their library.
    await chooseResume(me.id, second, used.id);
    expect((await applyState(me.id, second)).resume?.id).toBe(used.id);
    expect(await readableResume({ id: me.id, role: "candidate" }, spare.id)).not.toBeNull();
    // Removing a resume an application uses keeps it.
    await removeDraftResume(me.id, second);
    expect(await readableResume({ id: me.id, role: "candidate" }, used.id)).not.toBeNull();

    const other = await candidate();
    await expect(chooseResume(other.id, second, used.id)).rejects.toMatchObject({ code: "invalid" });
  });

  it("keeps the upload of a discarded draft in the candidate's library", async () => {
    const boss = await employer();
    const me = await candidate();
    const jobId = await publishTestJob(boss.id);
    const before = (await storedFiles()).length;
    const resume = await attachUploadedResume(me.id, jobId, await pdfUpload(), RESUME_TEXT);
    expect((await storedFiles()).length).toBe(before + 1);
    await discardApplyDraft(me.id, jobId);
    expect((await storedFiles()).length).toBe(before + 1);
    expect(await readableResume({ id: me.id, role: "candidate" }, resume.id)).not.toBeNull();
  });

  it("is readable by its candidate and the employer it was sent to, and by nobody else", async () => {
    const boss = await employer();
    const otherBoss = await employer();
    const me = await candidate();
    const other = await candidate();
    const jobId = await publishTestJob(boss.id);
    const resume = await attachUploadedResume(me.id, jobId, await pdfUpload(), RESUME_TEXT);
    // Before the application is sent, the employer can't read it.
    expect(await readableResume({ id: boss.id, role: "employer" }, resume.id)).toBeNull();
    await submitApplication(me.id, jobId);
    expect(await readableResume({ id: me.id, role: "candidate" }, resume.id)).not.toBeNull();
    expect(await readableResume({ id: boss.id, role: "employer" }, resume.id)).not.toBeNull();
    expect(await readableResume({ id: other.id, role: "candidate" }, resume.id)).toBeNull();
    expect(await readableResume({ id: otherBoss.id, role: "employer" }, resume.id)).toBeNull();
    expect(await readableResume({ id: me.id, role: "candidate" }, "not-a-uuid")).toBeNull();
  });
});

describe("scoring", () => {
  it("scores each application in the background with three figures, an overall match and reasons", async () => {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    await saveAnswers(me.id, jobId, goodAnswers(ids));
    await attachUploadedResume(me.id, jobId, await pdfUpload(), RESUME_TEXT);
    const { applicationId } = await submitApplication(me.id, jobId);
    const [row] = await vi.waitFor(async () => {
      const rows = await jobApplications(await memberFor(boss.id), jobId);
      expect(rows[0]?.score, "the application's score").toBeTruthy();
      return rows;
    }, WAIT);
    const score = row!.score!;
    for (const figure of [score.technical, score.communication, score.cultureFit, score.overall]) {
      expect(Number.isInteger(figure) && figure >= 0 && figure <= 100).toBe(true);
    }
    expect(score.withResume).toBe(true);
    expect(score.source).toBe("builtin");
    for (const reason of Object.values(score.reasons)) expect(reason).toMatch(/\S/);
    // Scoring again replaces the score: one row per application.
    await scoreOne(applicationId);
    const rows = await em()
      .getConnection()
      .execute("select count(*)::int as n from application_scores where application_id = ?", [applicationId]);
    expect(rows).toEqual([{ n: 1 }]);
    expect((await openApplication(await memberFor(boss.id), applicationId)).score?.overall).toBe(score.overall);
  });

  it("writes no score once the candidate's account is erased while the score was being worked out", async () => {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    await saveAnswers(me.id, jobId, goodAnswers(ids));
    const { applicationId } = await submitApplication(me.id, jobId);
    const scores = async () =>
      (
        await em().execute<{ n: number }[]>(
          `select count(*)::int as n from application_scores where application_id = ?`,
          [applicationId],
        )
      )[0]!.n;
    await expect.poll(scores).toBe(1);
    // The erasure holds the application while the rerun's score is ready to be written.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let erased = () => {};
    const anonymised = new Promise<void>((resolve) => (erased = resolve));
    const erasing = transaction(async () => {
      await anonymiseApplications([applicationId], { teamRecord: "keep" });
      erased();
      await held;
    });
    await anonymised;
    const scoring = scoreOne(applicationId);
    await expect
      .poll(
        async () =>
          (
            await em().execute<{ n: number }[]>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          )[0]!.n,
      )
      .toBeGreaterThan(0);
    release();
    await Promise.all([erasing, scoring]);
    expect(await scores()).toBe(0);
  });

  it("sorts a job's applications by overall match", async () => {
    const boss = await employer();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    const weak = await candidate();
    await saveAnswers(weak.id, jobId, { [ids.text]: "No.", [ids.choice]: "SQS", [ids.rating]: "1" });
    await submitApplication(weak.id, jobId);
    const strong = await candidate();
    await saveAnswers(strong.id, jobId, goodAnswers(ids));
    await attachUploadedResume(
      strong.id,
      jobId,
      await pdfUpload(),
      "Scaled systems with Kafka and SQL; wrote about experience shipping software.",
    );
    await submitApplication(strong.id, jobId);
    await expect
      .poll(async () => (await jobApplications(await memberFor(boss.id), jobId)).every((a) => a.score))
      .toBe(true);
    const byMatch = await jobApplications(await memberFor(boss.id), jobId, "all", "match");
    expect(byMatch[0]!.score!.overall).toBeGreaterThanOrEqual(byMatch[1]!.score!.overall);
    expect(byMatch.map((a) => a.score!.overall)).toEqual(
      [...byMatch.map((a) => a.score!.overall)].sort((a, b) => b - a),
    );
  });
});

describe("reviewing", () => {
  async function applied() {
    const boss = await employer();
    const me = await candidate();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    await saveAnswers(me.id, jobId, goodAnswers(ids));
    const { applicationId } = await submitApplication(me.id, jobId);
    return { boss, me, jobId, applicationId };
  }

  it("shows the answers to its employer without changing anything; Mark as under review is a move they make", async () => {
    const { boss, me, applicationId } = await applied();
    const detail = await openApplication(await memberFor(boss.id), applicationId);
    expect(detail.status).toBe("submitted");
    expect(detail.moves[0]).toBe("reviewed");
    expect(detail.candidateName).toBe("Grace Hopper");
    expect(detail.answers.map((a) => [a.type, a.rating ?? a.answer])).toEqual([
      ["text", "I moved our billing to an event log and cut latency by half."],
      ["multiple_choice", "Kafka"],
      ["rating", 4],
    ]);
    expect(detail.history.map((h) => [h.to, h.by])).toEqual([["submitted", "candidate"]]);
    expect((await candidateHistory(me.id)).counts).toMatchObject({ reviewed: 0, submitted: 1 });
    await moveApplication(await memberFor(boss.id), applicationId, "reviewed");
    expect((await openApplication(await memberFor(boss.id), applicationId)).history.map((h) => [h.to, h.by])).toEqual([
      ["submitted", "candidate"],
      ["reviewed", "employer"],
    ]);
    expect((await candidateHistory(me.id)).counts).toMatchObject({ reviewed: 1, submitted: 0 });
  });

  it("shortlists and rejects, records each move, emails the candidate and counts on the dashboard", async () => {
    const { boss, me, jobId, applicationId } = await applied();
    await decideApplication(await memberFor(boss.id), applicationId, "shortlist");
    const board = await employerDashboard(await memberFor(boss.id));
    expect(board.stats).toMatchObject({ totalApplications: 1, shortlisted: 1 });
    const shortlisted = () =>
      sent.find(
        (m) => m.to === me.email && m.subject.includes("shortlisted") && m.subject.includes("Platform Engineer"),
      );
    await expect.poll(shortlisted).toBeDefined();
    expect(shortlisted()!.text).toContain("Congratulations! You've been shortlisted");

    await decideApplication(await memberFor(boss.id), applicationId, "reject");
    const [row] = await jobApplications(await memberFor(boss.id), jobId);
    expect(row).toMatchObject({ status: "rejected", decisions: ["shortlist"] });
    const history = await candidateHistory(me.id);
    expect(history.applications[0]!.history.map((h) => h.to)).toEqual(["submitted", "shortlisted", "rejected"]);
    await expect
      .poll(() => sent.some((m) => m.to === me.email && m.text.includes("Not selected for this role")))
      .toBe(true);
    expect(await jobApplications(await memberFor(boss.id), jobId, "shortlisted")).toEqual([]);
  });

  it("tells the employer of a new application, unless they turned these emails off", async () => {
    const boss = await employer();
    const jobId = await publishTestJob(boss.id, { title: "Notified role" });
    await submitApplication((await candidate()).id, jobId);
    await expect.poll(() => sent.some((m) => m.to === boss.email && m.subject.includes("Notified role"))).toBe(true);

    const quiet = await employer();
    await setEmailNotifications(quiet.id, false);
    const quietJob = await publishTestJob(quiet.id, { title: "Quiet role" });
    const { applicationId } = await submitApplication((await candidate()).id, quietJob);
    // The email job has run and finished without sending: only then is "no email" a fact.
    expect(await settledJob(NEW_APPLICATION_EMAIL_QUEUE, { applicationId })).toBe("completed");
    expect(sent.filter((m) => m.to === quiet.email)).toEqual([]);
  });

  it("answers another employer as if the application did not exist", async () => {
    const { jobId, applicationId } = await applied();
    const stranger = await employer();
    await expect(openApplication(await memberFor(stranger.id), applicationId)).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(decideApplication(await memberFor(stranger.id), applicationId, "shortlist")).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(jobApplications(await memberFor(stranger.id), jobId)).rejects.toMatchObject({ code: "not-found" });
  });

  it("answers the employer's own application under another of their jobs as not found, and leaves it as it was", async () => {
    const { boss, me, applicationId } = await applied();
    const otherJob = await publishTestJob(boss.id, { title: "Another job" });
    await expect(openApplication(await memberFor(boss.id), applicationId, otherJob)).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(decideApplication(await memberFor(boss.id), applicationId, "reject", otherJob)).rejects.toMatchObject({
      code: "not-found",
    });
    expect((await candidateHistory(me.id)).applications[0]!.status).toBe("submitted");
  });

  it("exports a job's applications as CSV, one column per question, formulas neutralised", async () => {
    const boss = await employer();
    const { jobId, ids } = await jobWithQuestions(boss.id);
    const sly = await candidate("essential", '=HYPERLINK("http://evil")');
    await saveAnswers(sly.id, jobId, { ...goodAnswers(ids), [ids.text]: "@SUM(A1:A9)" });
    await attachUploadedResume(sly.id, jobId, await pdfUpload(), RESUME_TEXT);
    await submitApplication(sly.id, jobId);
    const job = (await jobToApply(jobId))!;
    const csv = await new Response(await applicationsCsv(await memberFor(boss.id), jobId, job.questions)).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "Name,Email,Stage,Applied,Stage last updated,Rejection reason (private),Rejection note (private),Overall match (%),Technical,Communication,Collaboration (from the answers),Average rating,Ratings,Messages,Scorecard: Core skills for the role (mean of 4),Scorecard: Problem solving (mean of 4),Scorecard: Relevant experience (mean of 4),Scorecard: Communication (mean of 4),Scorecard: Motivation for the role (mean of 4),Scorecard: Overall recommendation (mean of 4),Scorecards submitted,Tell us about a system you scaled.,Which queue have you run?,Rate your SQL.,Resume",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain("'@SUM(A1:A9)");
    expect(lines[1]).toContain(",Kafka,4/5,");
    expect(lines[1]).toMatch(/\/resumes\/[0-9a-f-]{36}$/);
    // Another employer can't export the same job.
    const stranger = await employer();
    await expect(applicationsCsv(await memberFor(stranger.id), jobId, job.questions)).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("writes the CSV's dates in the company's time zone, with the stage, the AI's scores and the team's average rating", async () => {
    const { boss, jobId, applicationId } = await applied();
    const unrated = await applied();
    await scoreOne(applicationId);
    const boss2 = await memberFor(boss.id);
    // A colleague (a recruiter) rates too: the average is the two members'.
    const colleague = await employer();
    await em().execute(
      `insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'recruiter', now())`,
      [boss2.companyId, colleague.id],
    );
    await rateApplication(boss2, applicationId, { stars: "4", reason: "Clear answers" });
    await rateApplication(await memberFor(colleague.id), applicationId, { stars: "3" });
    await decideApplication(boss2, applicationId, "shortlist");
    // 13:05 UTC in November is 14:05 in Berlin (CET); 10:00 UTC in July is 12:00 (CEST).
    await em().execute(
      `update applications set created_at = '2026-11-24T13:05:00Z', updated_at = '2026-07-01T10:00:00Z' where id = ?`,
      [applicationId],
    );
    const job = (await jobToApply(jobId))!;
    const rowsOf = async () => {
      const csv = await new Response(await applicationsCsv(await memberFor(boss.id), jobId, job.questions)).text();
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n");
      const columns = header!.split(",");
      return rows.map((line) => Object.fromEntries(line.split(",").map((cell, i) => [columns[i], cell])));
    };

    // Its first job (in Austin) set the company's zone to Chicago's; this part reads UTC.
    await em().execute(`update companies set time_zone = 'UTC' where id = ?`, [boss2.companyId]);
    const utc = (await rowsOf())[0]!;
    expect(utc).toMatchObject({
      Applied: "2026-11-24 13:05 UTC",
      "Stage last updated": "2026-07-01 10:00 UTC",
      Stage: "Shortlisted",
    });

    await em().execute(`update companies set time_zone = 'Europe/Berlin' where id = ?`, [boss2.companyId]);
    const [berlin] = await rowsOf();
    const score = (await scoresFor([applicationId])).get(applicationId)!;
    expect(berlin).toMatchObject({
      Applied: "2026-11-24 14:05 Europe/Berlin",
      "Stage last updated": "2026-07-01 12:00 Europe/Berlin",
      Stage: "Shortlisted",
      "Overall match (%)": String(score.overall),
      Technical: String(score.technical),
      Communication: String(score.communication),
      "Collaboration (from the answers)": String(score.cultureFit),
      "Average rating": "3.5",
      Ratings: "2",
    });
    // Another job's application is not in this file; an unrated, unscored one has empty cells.
    expect((await rowsOf()).length).toBe(1);
    // Its background score lands first (so it can't land after), then goes: the cells are empty.
    await expect.poll(async () => (await scoresFor([unrated.applicationId])).has(unrated.applicationId)).toBe(true);
    await em().execute(`delete from application_scores where application_id = ?`, [unrated.applicationId]);
    const other = (await jobToApply(unrated.jobId))!;
    const csv = await new Response(
      await applicationsCsv(await memberFor(unrated.boss.id), unrated.jobId, other.questions),
    ).text();
    // That company's zone came from its first job, in Austin.
    expect(csv).toMatch(
      /,Submitted,\d{4}-\d\d-\d\d \d\d:\d\d America\/Chicago,\d{4}-\d\d-\d\d \d\d:\d\d America\/Chicago,,,,,,,,0,/,
    );
  });
});

void runtime;
