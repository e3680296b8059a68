// Candidate data that expires by policy (decision 089), with the clock moved: nothing before the
// reminder, one reminder 30 days before, the talent-pool link postponing by a period, then the
// application anonymised (its files gone from storage, the team's record with it) while the counts,
// the history, the hire and the candidate's account stay; the owner-only setting; the daily job.
import { createHash } from "node:crypto";
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { signLink } from "../../lib/signed-links.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { useLocalFilesAndMail } from "../../tests/support/local-files.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import {
  changeJobStatus,
  emptyQuestion,
  type HiringError,
  jobToApply,
  memberFor,
  retentionMonths,
  setRetentionMonths,
} from "../hiring/index.server.ts";
import { findAccount } from "../identity/index.server.ts";
import { enqueue } from "../../lib/queue.ts";
import {
  addNote,
  anonymiseDueApplications,
  attachUploadedResume,
  deleteResume,
  keepInTalentPool,
  moveApplication,
  postCompanyMessage,
  RETENTION_QUEUE,
  saveAnswers,
  saveScorecard,
  sendRetentionReminders,
  submitApplication,
  talentPoolOffer,
  type UploadedPdf,
} from "./index.server.ts";
import { applicationsAccountData } from "./account-data.ts";

useTestRuntime({ workers: true });
const local = useLocalFilesAndMail("retention");
afterEach(() => setClock(undefined));

const DAY = 86_400_000;
const CLOSED = new Date("2027-01-10T12:00:00Z");
const YEAR_AFTER = new Date("2028-01-10T12:00:00Z");
const attempt = { jobId: "00000000-0000-0000-0000-000000000089", retryCount: 0 };
const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const count = async (table: string, applicationId: string) =>
  (await sql<{ n: number }>(`select count(*)::int as n from ${table} where application_id = ?`, [applicationId]))[0]!.n;
const row = async (id: string) =>
  (
    await sql<{ candidate_id: string | null; status: string; resume_id: string | null }>(
      `select candidate_id, status, resume_id from applications where id = ?`,
      [id],
    )
  )[0]!;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const remindersTo = (email: string) => local.sent.filter((m) => m.to === email && /will remove/.test(m.subject));
const tokenIn = (text: string) => /\/talent-pool\/([^\s"<?]+)/.exec(text)![1]!;

let n = 0;
const person = (role: "employer" | "candidate") =>
  signUpOnPlan({
    email: `retention-${role}-${++n}@example.com`,
    password: "correct horse battery",
    role,
    full_name: role === "employer" ? `Olive ${n}` : `Cara ${n}`,
    company_name: role === "employer" ? `Keepers ${n}` : undefined,
    plan: role === "employer" ? "business" : "essential",
  });

async function pdf(): Promise<UploadedPdf> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Cara - SQL", { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  const file = path.join(local.scratch, `${++n}.pdf`);
  await writeFile(file, bytes);
  return {
    path: file,
    filename: "cara.pdf",
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/** An owner's job with one question, a candidate who applied with answers and a resume, and the job closed at CLOSED. */
async function closedApplication({ dropResume = true, withHire = false } = {}) {
  setClock(new Date(CLOSED.getTime() - 10 * DAY));
  const owner = await person("employer");
  const member = await memberFor(owner.id);
  const jobId = await publishTestJob(owner.id, {
    title: "Data Analyst",
    questions: [{ ...emptyQuestion(), question_text: "Which database do you know best?" }],
  });
  const question = (await jobToApply(jobId))!.questions[0]!.id;
  const candidate = await person("candidate");
  await saveAnswers(candidate.id, jobId, { [question]: "PostgreSQL, for years." });
  const resume = await attachUploadedResume(candidate.id, jobId, await pdf(), "Cara - SQL");
  const { applicationId } = await submitApplication(candidate.id, jobId);
  const [{ storage_key: key }] = await sql<{ storage_key: string }>(`select storage_key from resumes where id = ?`, [
    resume.id,
  ]);
  // Deleted from their library: the employer still holds it with the application.
  if (dropResume) expect(await deleteResume(candidate.id, resume.id)).toBe("kept");
  await moveApplication(member, applicationId, "reviewed");
  await addNote(member, applicationId, "Strong on SQL, weak on dashboards.");
  await saveScorecard(member, applicationId, { ratings: {}, takeaways: "Knows her joins.", recommendation: "" });
  await postCompanyMessage(member, applicationId, "Thanks, Cara. We'll be in touch.");
  // A colleague on the same job was hired: their application stays as it is.
  const hiredPerson = withHire ? await person("candidate") : null;
  let hired: string | null = null;
  if (hiredPerson) {
    await saveAnswers(hiredPerson.id, jobId, { [question]: "MySQL." });
    hired = (await submitApplication(hiredPerson.id, jobId)).applicationId;
    for (const step of ["interview", "offer", "hired"]) await moveApplication(member, hired, step);
  }
  setClock(CLOSED);
  if ((await sql<{ status: string }>(`select status from jobs where id = ?`, [jobId]))[0]!.status === "active")
    await changeJobStatus(member, jobId, "close");
  return { owner, member, jobId, candidate, applicationId, hired, hiredPerson, file: path.join(local.files, key!) };
}

describe("an application of a candidate not hired", () => {
  it("is left before its reminder, reminded once 30 days before, and anonymised after the period", async () => {
    const { jobId, candidate, applicationId, file, hired, hiredPerson } = await closedApplication({ withHire: true });
    const historyBefore = await count("application_status_changes", applicationId);
    await sql(
      `insert into eeo_self_identifications (application_id, gender, race_ethnicity, veteran_status, disability_status, created_at)
       values (?, 'female', 'declined', 'declined', 'declined', now())`,
      [applicationId],
    );

    const early = new Date(YEAR_AFTER.getTime() - 31 * DAY);
    setClock(early);
    expect(await anonymiseDueApplications(early)).toEqual({ anonymised: 0, filesErased: 0 });
    expect(await sendRetentionReminders(early, attempt)).toBe(0);
    expect(remindersTo(candidate.email)).toHaveLength(0);

    const soon = new Date(YEAR_AFTER.getTime() - 29 * DAY);
    setClock(soon);
    expect(await sendRetentionReminders(soon, attempt)).toBe(1);
    expect(await sendRetentionReminders(new Date(soon.getTime() + DAY), attempt)).toBe(0);
    expect(remindersTo(candidate.email)).toHaveLength(1);
    expect(remindersTo(candidate.email)[0]!.text).toContain("/talent-pool/");
    expect(await anonymiseDueApplications(soon)).toEqual({ anonymised: 0, filesErased: 0 });
    expect((await row(applicationId)).candidate_id).toBe(candidate.id);

    const after = new Date(YEAR_AFTER.getTime() + DAY);
    setClock(after);
    expect(await exists(file)).toBe(true);
    expect(await anonymiseDueApplications(after)).toEqual({ anonymised: 1, filesErased: 1 });
    expect(await exists(file)).toBe(false);
    expect(await row(applicationId)).toEqual({ candidate_id: null, status: "reviewed", resume_id: null });
    for (const table of [
      "application_answers",
      "application_notes",
      "scorecards",
      "application_messages",
      "application_scores",
      "eeo_self_identifications",
    ])
      expect(await count(table, applicationId), table).toBe(0);
    // The stage history stays, without the person's words; the company's counts stay true.
    expect(await count("application_status_changes", applicationId)).toBe(historyBefore);
    expect(
      (await sql<{ n: number }>(`select count(*)::int as n from applications where job_id = ?`, [jobId]))[0]!.n,
    ).toBe(2);
    // The hire, and the candidate's own account, are untouched.
    expect((await row(hired!)).candidate_id).toBe(hiredPerson!.id);
    expect(await count("application_answers", hired!)).toBe(1);
    expect(await findAccount(candidate.id)).not.toBeNull();
    // Again: nothing more to do.
    expect(await anonymiseDueApplications(after)).toEqual({ anonymised: 0, filesErased: 0 });
    // The link now names nothing.
    expect(await talentPoolOffer(tokenIn(remindersTo(candidate.email)[0]!.text))).toBeNull();
  });

  it("keeps a resume the candidate still has in their library, but the application no longer holds it", async () => {
    const { candidate, applicationId, file } = await closedApplication({ dropResume: false });
    const after = new Date(YEAR_AFTER.getTime() + DAY);
    setClock(after);
    expect(await anonymiseDueApplications(after)).toEqual({ anonymised: 1, filesErased: 0 });
    expect(await exists(file)).toBe(true);
    expect((await row(applicationId)).resume_id).toBeNull();
    expect(
      (await sql<{ n: number }>(`select count(*)::int as n from resumes where candidate_id = ?`, [candidate.id]))[0]!.n,
    ).toBe(1);
  });

  it("reminds a candidate who reads German in German, with a link that opens the page in German", async () => {
    const { candidate, applicationId } = await closedApplication();
    await sql(`update users set language = 'de' where id = ?`, [candidate.id]);
    const soon = new Date(YEAR_AFTER.getTime() - 29 * DAY);
    setClock(soon);
    const after = new Date(YEAR_AFTER.getTime() + DAY);
    try {
      expect(await sendRetentionReminders(soon, attempt)).toBe(1);
      // The confirmation of the application went to the same address: the reminder is the one with the link.
      const [reminder] = local.sent.filter((m) => m.to === candidate.email && m.text.includes("/talent-pool/"));
      expect(reminder!.subject).toMatch(/^\S.* entfernt Ihre Bewerbung am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}$/);
      expect(reminder!.text).toContain("Im Talent-Pool bleiben");
      expect(reminder!.text).toMatch(/\/talent-pool\/[^\s"<?]+\?lng=de/);
    } finally {
      // Left as the others are, whatever happened above: anonymised once due.
      setClock(after);
      await anonymiseDueApplications(after);
    }
    expect((await row(applicationId)).candidate_id).toBeNull();
  });

  it("is postponed by one period from the talent-pool link, reminded again, then anonymised", async () => {
    const { candidate, applicationId, file } = await closedApplication();
    const soon = new Date(YEAR_AFTER.getTime() - 29 * DAY);
    setClock(soon);
    await sendRetentionReminders(soon, attempt);
    const token = tokenIn(remindersTo(candidate.email)[0]!.text);
    expect(await talentPoolOffer(token)).toMatchObject({ jobTitles: ["Data Analyst"], months: 12 });
    // A GET changes nothing: still due a year after the closing.
    expect(
      (await sql<{ kept_until: Date | null }>(`select kept_until from applications where id = ?`, [applicationId]))[0]!
        .kept_until,
    ).toBeNull();
    await keepInTalentPool(token);
    // A second click keeps the same date.
    await keepInTalentPool(token);
    const [{ kept_until: kept }] = await sql<{ kept_until: Date }>(`select kept_until from applications where id = ?`, [
      applicationId,
    ]);
    const until = new Date("2028-12-12T12:00:00Z");
    expect(new Date(kept!).toISOString()).toBe(until.toISOString());

    const after = new Date(YEAR_AFTER.getTime() + DAY);
    setClock(after);
    expect(await anonymiseDueApplications(after)).toEqual({ anonymised: 0, filesErased: 0 });
    expect(await exists(file)).toBe(true);

    const again = new Date(until.getTime() - 29 * DAY);
    setClock(again);
    expect(await sendRetentionReminders(again, attempt)).toBe(1);
    expect(remindersTo(candidate.email)).toHaveLength(2);

    const later = new Date(until.getTime() + DAY);
    setClock(later);
    expect(await anonymiseDueApplications(later)).toEqual({ anonymised: 1, filesErased: 1 });
    expect(await exists(file)).toBe(false);
  });

  it("refuses a forged link, a link made for another purpose, and nonsense", async () => {
    const { applicationId } = await closedApplication();
    expect(await talentPoolOffer(`${applicationId}.forged`)).toBeNull();
    expect(await talentPoolOffer(await signLink("alert-unsubscribe", applicationId))).toBeNull();
    expect(await talentPoolOffer("nonsense")).toBeNull();
    expect(await keepInTalentPool(`${applicationId}.forged`)).toBeNull();
    expect(
      (await sql<{ kept_until: Date | null }>(`select kept_until from applications where id = ?`, [applicationId]))[0]!
        .kept_until,
    ).toBeNull();
  });

  it("says in the candidate's export when it is due", async () => {
    const { candidate } = await closedApplication();
    const part = await applicationsAccountData.exportData!({
      id: candidate.id,
      email: candidate.email,
      role: "candidate",
      fullName: null,
    });
    const json = part.json!["applications.json"] as { retention: string; applications: { anonymisedFrom: string }[] };
    expect(json.applications[0]!.anonymisedFrom).toBe(YEAR_AFTER.toISOString());
    expect(json.retention).toMatch(/6, 12 or 24 months/);
  });

  it("runs as the daily job, which logs and does the same", async () => {
    const { applicationId, file } = await closedApplication();
    setClock(new Date(YEAR_AFTER.getTime() + DAY));
    const run = `retention-${applicationId}`;
    await enqueue(RETENTION_QUEUE, { run });
    expect(await settledJob(RETENTION_QUEUE, { run })).toBe("completed");
    expect((await row(applicationId)).candidate_id).toBeNull();
    expect(await exists(file)).toBe(false);
  });
});

describe("when the period starts", () => {
  it("counts from the job's last closing: reopening clears it, archiving a closed job keeps it", async () => {
    const { member, jobId, applicationId } = await closedApplication();
    const closedAt = async () =>
      (await sql<{ closed_at: Date | null }>(`select closed_at from jobs where id = ?`, [jobId]))[0]!.closed_at;
    expect(new Date((await closedAt())!).toISOString()).toBe(CLOSED.toISOString());
    setClock(new Date(CLOSED.getTime() + 30 * DAY));
    await changeJobStatus(member, jobId, "reopen");
    expect(await closedAt()).toBeNull();
    const later = new Date(CLOSED.getTime() + 60 * DAY);
    setClock(later);
    await changeJobStatus(member, jobId, "close");
    setClock(new Date(CLOSED.getTime() + 90 * DAY));
    await changeJobStatus(member, jobId, "archive");
    expect(new Date((await closedAt())!).toISOString()).toBe(later.toISOString());
    // A year after the first closing is not yet a year after the last.
    const afterFirst = new Date(YEAR_AFTER.getTime() + DAY);
    setClock(afterFirst);
    expect(await anonymiseDueApplications(afterFirst)).toEqual({ anonymised: 0, filesErased: 0 });
    const afterLast = new Date(later.getTime() + 366 * DAY);
    setClock(afterLast);
    expect((await anonymiseDueApplications(afterLast)).anonymised).toBe(1);
    expect((await row(applicationId)).candidate_id).toBeNull();
  });
});

describe("the company's retention period", () => {
  it("is 12 months unless an owner changes it; others are refused as not found, a wrong value beside the field", async () => {
    const { owner, member, candidate, applicationId } = await closedApplication();
    expect(await retentionMonths(member.companyId)).toBe(12);
    const recruiter = await inviteAndJoin(
      (await findAccount(owner.id))!,
      `retention-recruiter-${++n}@example.com`,
      "recruiter",
    );
    const refused = await setRetentionMonths(await memberFor(recruiter.id), "6").catch((e: unknown) => e);
    expect((refused as HiringError).code).toBe("not-found");
    const wrong = await setRetentionMonths(member, "7").catch((e: unknown) => e);
    expect((wrong as HiringError).fieldErrors).toEqual({ retention_months: ["Choose 6, 12 or 24 months."] });
    expect(await retentionMonths(member.companyId)).toBe(12);

    expect(await setRetentionMonths(member, "6")).toBe(6);
    const halfYear = new Date("2027-07-11T12:00:00Z");
    setClock(halfYear);
    expect(await anonymiseDueApplications(halfYear)).toEqual({ anonymised: 1, filesErased: 1 });
    expect((await row(applicationId)).candidate_id).toBeNull();
    expect(await findAccount(candidate.id)).not.toBeNull();
  });
});
