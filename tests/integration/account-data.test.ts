// Export my data and Delete my account, through the modules: a full candidate and a full employer
// are exported (the zip read back and checked for what must and must not be inside), then deleted;
// afterwards every table of the database and the storage folder are searched for them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { em } from "../../lib/db.ts";
import { QuotaExceededError } from "../../lib/quotas.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import S3rver from "s3rver";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { S3Storage } from "../../lib/storage-s3.ts";
import {
  deleteAccount,
  DeletionRefused,
  exportAccount,
  findAccount,
  issueAccountToken,
  MAX_FAILURES_PER_ACCOUNT,
  signIn,
  signInResponse,
  TooManySignIns,
  updateAvatar,
  type Account,
} from "../../modules/identity/index.server.ts";
import {
  emptyQuestion,
  jobCards,
  jobToApply,
  saveDraft,
  startDraft,
  emptyWizardForm,
  updateCompanyLogo,
  memberFor,
} from "../../modules/hiring/index.server.ts";
import {
  applicationsCsv,
  attachUploadedResume,
  candidateHistory,
  decideApplication,
  jobApplications,
  moveApplication,
  openApplication,
  addNote,
  applicationNotes,
  applicationRatings,
  rateApplication,
  saveAnswers,
  scoreOne,
  submitApplication,
  type UploadedPdf,
} from "../../modules/applications/index.server.ts";
import { requestGeneration } from "../../modules/ai/index.server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { filesUnder, findInDatabase, findInFolder } from "../support/personal-data.ts";
import { readZip } from "../support/zip.ts";

useTestRuntime({ workers: true });

let files: string;
let scratch: string;
const sent: MailMessage[] = [];
beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), "hirewise-export-files-"));
  scratch = await mkdtemp(path.join(tmpdir(), "hirewise-export-scratch-"));
  setStorage(new LocalDiskStorage(files));
  setMailer({
    async send(message) {
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  });
});
afterAll(async () => {
  setStorage(undefined);
  setMailer(undefined);
  await rm(files, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const PASSWORD = "correct horse battery";
let seq = 0;
const image = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function pdf(line: string): Promise<UploadedPdf> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(line, { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  const file = path.join(scratch, `${++seq}.pdf`);
  await writeFile(file, bytes);
  return {
    path: file,
    filename: `CV ${seq}.pdf`,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

async function exported(userId: string): Promise<Map<string, Buffer>> {
  const stream = await exportAccount(userId);
  return readZip(Buffer.from(await new Response(stream).arrayBuffer()));
}
const json = (zip: Map<string, Buffer>, name: string) => JSON.parse(zip.get(name)!.toString("utf8"));
const allText = (zip: Map<string, Buffer>) =>
  [...zip.values()]
    .map((b) => b.toString("latin1"))
    .join("\n")
    .toLowerCase();

interface World {
  employer: Account;
  candidate: Account;
  other: Account;
  jobId: string;
  secondJobId: string;
  applicationId: string;
  otherApplicationId: string;
  resumeBytes: Buffer;
}

/** A full employer (logo, jobs, a draft, an AI request) and a full candidate, plus another candidate. */
async function world(): Promise<World> {
  const n = ++seq;
  const employer = await signUpOnPlan({
    email: `boss${n}@example.com`,
    password: PASSWORD,
    role: "employer",
    company_name: "Quillstone Labs",
    full_name: `Ottoline Brandquist${n}`,
    plan: "startup",
  });
  const candidate = await signUpOnPlan({
    email: `zelda${n}@example.com`,
    password: PASSWORD,
    role: "candidate",
    full_name: `Zelda Quiggly${n}`,
    plan: "essential",
  });
  const other = await signUpOnPlan({
    email: `other${n}@example.com`,
    password: PASSWORD,
    role: "candidate",
    full_name: `Morwenna Tallis${n}`,
    plan: "essential",
  });

  await updateCompanyLogo(employer.id, await image());
  const jobId = await publishTestJob(employer.id, {
    title: "Compiler Engineer",
    company_name: "Quillstone Labs",
    questions: [
      { ...emptyQuestion(), question_text: "Which compiler did you build?", category: "practical-experience" },
    ],
  });
  const secondJobId = await publishTestJob(employer.id, { title: "Second Role", company_name: "Quillstone Labs" });
  const draftId = await startDraft(await memberFor(employer.id), {
    ...emptyWizardForm("Quillstone Labs"),
    title: "Secret future role",
  });
  await saveDraft(await memberFor(employer.id), draftId, {
    ...emptyWizardForm("Quillstone Labs"),
    title: "Secret future role",
  });
  await requestGeneration(employer.id, draftId, {
    kind: "description",
    input: { title: "Secret future role", company: "Quillstone Labs", requirements: "Rust" },
  });

  await updateAvatar(candidate.id, await image());
  const question = (await jobToApply(jobId))!.questions[0]!;
  await saveAnswers(candidate.id, jobId, { [question.id]: "A COBOL compiler named Flowmatic" });
  const resume = await pdf("Zelda's resume");
  const resumeBytes = await readFile(resume.path);
  await attachUploadedResume(candidate.id, jobId, resume, "Zelda built compilers");
  const { applicationId } = await submitApplication(candidate.id, jobId);
  await scoreOne(applicationId);
  await moveApplication(await memberFor(employer.id), applicationId, "reviewed", { jobId });
  await decideApplication(await memberFor(employer.id), applicationId, "shortlist", jobId);
  // A draft on the second job, with another resume.
  await attachUploadedResume(candidate.id, secondJobId, await pdf("Another resume"), null);
  await saveAnswers(candidate.id, secondJobId, {});
  // Sessions, a sign-in, a token.
  await signInResponse(candidate, "/", { ip: "203.0.113.9", userAgent: "Test Browser" });
  await signIn({ email: candidate.email, password: PASSWORD }, "203.0.113.9");
  await issueAccountToken(candidate.id, "password-reset", candidate.email, { validMinutes: 30 });
  await signInResponse(employer, "/", { ip: "203.0.113.10", userAgent: "Test Browser" });

  const otherQuestion = question.id;
  await saveAnswers(other.id, jobId, { [otherQuestion]: "Morwenna's own answer" });
  const { applicationId: otherApplicationId } = await submitApplication(other.id, jobId);
  // The employer's notes and ratings on both applications (candidates never read them).
  const boss = await memberFor(employer.id);
  await addNote(boss, applicationId, "NOTE-ON-FIRST: strong compiler background");
  await rateApplication(boss, applicationId, { stars: "5", reason: "RATING-ON-FIRST" });
  await addNote(boss, otherApplicationId, "NOTE-ON-SECOND: ask about testing");
  await rateApplication(boss, otherApplicationId, { stars: "3", reason: "RATING-ON-SECOND" });

  // The emails of the shortlist and the new applications went out (sent_emails holds them).
  const count = async (sql: string, params: unknown[]) => (await em().execute<{ n: number }[]>(sql, params))[0]!.n;
  await expect.poll(() => sent.some((m) => m.to === candidate.email && /shortlisted/i.test(m.subject))).toBe(true);
  await expect
    .poll(() => count(`select count(*)::int n from sent_emails where recipient = ?`, [employer.email]))
    .toBeGreaterThanOrEqual(2);
  // The account-created audit entries are written by a job.
  await expect.poll(() => count(`select count(*)::int n from audit_entries where user_id = ?`, [candidate.id])).toBe(1);
  return { employer, candidate, other, jobId, secondJobId, applicationId, otherApplicationId, resumeBytes };
}

const traces = (a: Account) => [a.id, a.email, a.fullName!];

describe("export my data", () => {
  it("gives a candidate their account, applications with answers, statuses and scores, emails and files, and nothing else", async () => {
    const w = await world();
    const zip = await exported(w.candidate.id);
    expect([...zip.keys()].sort()).toEqual(
      expect.arrayContaining([
        "README.txt",
        "account.json",
        "profile.json",
        "applications.json",
        "resumes.json",
        "emails.json",
        "images/photo.webp",
      ]),
    );
    const account = json(zip, "account.json");
    expect(account.account).toMatchObject({ id: w.candidate.id, email: w.candidate.email, role: "candidate" });
    expect(account.plan.plan).toBeTruthy();
    expect(account.sessions).toEqual([expect.objectContaining({ address: "203.0.113.9", userAgent: "Test Browser" })]);
    expect(account.auditTrail.map((e: { action: string }) => e.action)).toContain("account.created");
    expect(json(zip, "profile.json").fullName).toBe(w.candidate.fullName);

    const { applications, drafts } = json(zip, "applications.json");
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({
      job: { title: "Compiler Engineer", company: "Quillstone Labs" },
      status: "Shortlisted",
    });
    expect(applications[0].answers).toEqual([
      { question: "Which compiler did you build?", answer: "A COBOL compiler named Flowmatic", rating: null },
    ]);
    expect(applications[0].history.map((h: { to: string }) => h.to)).toEqual(["submitted", "reviewed", "shortlisted"]);
    expect(applications[0].score.overall).toEqual(expect.any(Number));
    expect(drafts).toHaveLength(1);
    const resumeFiles = [...zip.keys()].filter((k) => k.startsWith("resumes/"));
    expect(resumeFiles).toHaveLength(2);
    expect(zip.get(applications[0].resume)!.equals(w.resumeBytes)).toBe(true);
    expect(
      json(zip, "emails.json")
        .emails.map((e: { subject: string }) => e.subject)
        .join(" "),
    ).toMatch(/shortlisted/i);

    const text = allText(zip);
    expect(text).not.toContain("$argon2");
    for (const trace of traces(w.other)) expect(text).not.toContain(trace.toLowerCase());
    expect(text).not.toContain("morwenna's own answer");
    expect(text).not.toContain(w.employer.email);
    // The team's notes and ratings about her are not hers to read (decision 051).
    for (const secret of [
      "note-on-first",
      "rating-on-first",
      "note-on-second",
      "rating-on-second",
      w.employer.fullName!.toLowerCase(),
    ])
      expect(text).not.toContain(secret);
    expect(applications[0]).not.toHaveProperty("notes");
    // No session or token digest (64 hex characters) is inside.
    const digests = await em().execute<{ id: string }[]>(
      `select id from sessions union all select id from account_tokens`,
    );
    for (const { id } of digests) expect(text).not.toContain(id);
  });

  it("gives an employer their jobs, questions, drafts and counts, but no candidate's data", async () => {
    const w = await world();
    const zip = await exported(w.employer.id);
    expect(zip.has("images/company-logo.webp")).toBe(true);
    const { jobs } = json(zip, "jobs.json");
    expect(
      jobs
        .map((j: { title: string | null; unsavedDraft: { title: string } | null }) => j.title ?? j.unsavedDraft?.title)
        .sort(),
    ).toEqual(["Compiler Engineer", "Second Role", "Secret future role"].sort());
    expect(jobs.find((j: { title: string }) => j.title === "Compiler Engineer").questions[0].question).toBe(
      "Which compiler did you build?",
    );
    const received = json(zip, "applications-received.json").jobs;
    expect(received).toEqual([
      expect.objectContaining({
        title: "Compiler Engineer",
        total: 2,
        byStatus: expect.objectContaining({ Shortlisted: 1, Submitted: 1 }),
      }),
    ]);
    expect(json(zip, "ai-generations.json").generations).toHaveLength(1);
    const text = allText(zip);
    for (const person of [w.candidate, w.other])
      for (const trace of traces(person)) expect(text).not.toContain(trace.toLowerCase());
    expect(text).not.toContain("flowmatic");
    expect(text).not.toContain("$argon2");
    // The notes and ratings they wrote, with the job, without who the applicant was.
    const written = json(zip, "notes-and-ratings.json");
    expect(written.notes.map((n: { job: string; text: string }) => [n.job, n.text]).sort()).toEqual([
      ["Compiler Engineer", "NOTE-ON-FIRST: strong compiler background"],
      ["Compiler Engineer", "NOTE-ON-SECOND: ask about testing"],
    ]);
    expect(written.ratings.map((r: { stars: number; reason: string }) => [r.stars, r.reason]).sort()).toEqual([
      [3, "RATING-ON-SECOND"],
      [5, "RATING-ON-FIRST"],
    ]);
  });
});

// Where a deletion comes from: no session (these accounts confirm with their password).
const here = { sessionToken: null, ip: "10.20.30.40" };

describe("delete my account", () => {
  it("refuses a wrong password or confirmation and changes nothing", async () => {
    const w = await world();
    const wrongPassword = await deleteAccount(
      w.candidate.id,
      { password: "not it at all", confirmation: "DELETE" },
      here,
    ).catch((e: unknown) => e);
    expect(wrongPassword).toBeInstanceOf(DeletionRefused);
    expect((wrongPassword as DeletionRefused).fieldErrors).toEqual({ password: ["That password is not right."] });
    const wrongWord = await deleteAccount(
      w.candidate.id,
      { password: PASSWORD, confirmation: "delete me" },
      here,
    ).catch((e: unknown) => e);
    expect((wrongWord as DeletionRefused).fieldErrors).toEqual({
      confirmation: ["Type DELETE or your email address to confirm."],
    });
    expect(await findAccount(w.candidate.id)).not.toBeNull();
    expect((await candidateHistory(w.candidate.id)).counts.total).toBe(1);
    // The email address confirms as well as the word, in any case.
    expect(
      await deleteAccount(
        w.candidate.id,
        { password: PASSWORD, confirmation: ` ${w.candidate.email.toUpperCase()} ` },
        here,
      ),
    ).toBe("deleted");
  });

  it("stops password guesses at the sign-in limit, and any tries after 10 in an hour, even the right one", async () => {
    const n = ++seq;
    const me = await signUpOnPlan({
      email: `guessed${n}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: "Guessed",
      plan: "essential",
    });
    // Each password checked counts as a sign-in attempt: after 5 wrong ones, the right one is not checked.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await expect(
        deleteAccount(me.id, { password: `guess ${i}`, confirmation: "DELETE" }, here),
      ).rejects.toBeInstanceOf(DeletionRefused);
    }
    await expect(deleteAccount(me.id, { password: PASSWORD, confirmation: "DELETE" }, here)).rejects.toBeInstanceOf(
      TooManySignIns,
    );
    for (let i = MAX_FAILURES_PER_ACCOUNT + 1; i < 10; i++) {
      await expect(
        deleteAccount(me.id, { password: PASSWORD, confirmation: "not the word" }, here),
      ).rejects.toBeInstanceOf(DeletionRefused);
    }
    await expect(deleteAccount(me.id, { password: PASSWORD, confirmation: "DELETE" }, here)).rejects.toBeInstanceOf(
      QuotaExceededError,
    );
    expect(await findAccount(me.id)).not.toBeNull();
  });

  it("erases a candidate and then an employer so that nothing of them remains in any table or in storage", async () => {
    const w = await world();
    const storedBefore = await filesUnder(files);
    expect(storedBefore.some((f) => f.includes(w.candidate.id))).toBe(true);
    // The scan finds them while they exist (so an empty answer later means something).
    const before = (await findInDatabase(traces(w.candidate))).join("\n");
    for (const place of [
      "public.users.email",
      "public.users.full_name",
      "public.applications.candidate_id",
      "public.sent_emails.recipient",
      "public.sessions.user_id",
      "public.resumes.storage_key",
      "public.quota_counters.key",
      "public.sign_in_attempts.email",
    ]) {
      expect(before).toContain(place);
    }

    // Two submits at once: one deletes, the other finds the account gone.
    const outcomes = await Promise.all(
      [1, 2].map(() => deleteAccount(w.candidate.id, { password: PASSWORD, confirmation: "DELETE" }, here)),
    );
    expect(outcomes.sort()).toEqual(["deleted", "gone"]);
    expect(await findAccount(w.candidate.id)).toBeNull();
    await expect(signIn({ email: w.candidate.email, password: PASSWORD }, "203.0.113.9")).rejects.toThrow(
      "The email or password is incorrect.",
    );
    await em().execute(`delete from sign_in_attempts where email = ?`, [w.candidate.email]); // that attempt was ours, just now

    // The employer's pipeline stays true, without the person.
    const applicants = await jobApplications(await memberFor(w.employer.id), w.jobId);
    expect(applicants).toHaveLength(2);
    const gone = applicants.find((a) => a.id === w.applicationId)!;
    expect(gone).toMatchObject({
      candidateName: "Deleted candidate",
      candidateDeleted: true,
      avatarUrl: null,
      resumeId: null,
      score: null,
      status: "shortlisted",
    });
    const detail = await openApplication(await memberFor(w.employer.id), w.applicationId, w.jobId);
    expect(detail).toMatchObject({ candidateName: "Deleted candidate", candidateEmail: "", answers: [], resume: null });
    const csv = await new Response(await applicationsCsv(await memberFor(w.employer.id), w.jobId, [])).text();
    expect(csv).toContain("Deleted candidate");
    expect(csv.toLowerCase()).not.toContain(w.candidate.email);
    // The team's notes and ratings stay with the anonymised application, as the other applicant's do.
    const boss = await memberFor(w.employer.id);
    expect((await applicationNotes(boss, w.applicationId)).map((n) => n.body)).toEqual([
      "NOTE-ON-FIRST: strong compiler background",
    ]);
    expect((await applicationRatings(boss, w.applicationId)).count).toBe(1);
    expect((await applicationNotes(boss, w.otherApplicationId)).map((n) => n.body)).toEqual([
      "NOTE-ON-SECOND: ask about testing",
    ]);

    // The notice went out, and then its record and job were forgotten.
    await expect
      .poll(() => sent.some((m) => m.to === w.candidate.email && m.subject === "Your Hirewise account was deleted"))
      .toBe(true);
    await expect.poll(() => findInDatabase(traces(w.candidate))).toEqual([]);
    expect(await findInFolder(files, traces(w.candidate))).toEqual([]);

    // Now the employer: their jobs close, the remaining applicant hears so once.
    expect(await deleteAccount(w.employer.id, { password: PASSWORD, confirmation: "DELETE" }, here)).toBe("deleted");
    await expect
      .poll(() => sent.filter((m) => m.to === w.other.email && m.subject === "Compiler Engineer is closed"))
      .toHaveLength(1);
    const history = await candidateHistory(w.other.id);
    expect(history.applications.map((a) => a.job.status)).toEqual(["closed"]);
    expect((await jobCards([w.jobId, w.secondJobId])).get(w.secondJobId)?.status).toBe("closed");
    expect(await jobToApply(w.jobId)).toBeNull();
    await expect
      .poll(() => sent.some((m) => m.to === w.employer.email && m.subject === "Your Hirewise account was deleted"))
      .toBe(true);
    await expect.poll(() => findInDatabase(traces(w.employer))).toEqual([]);
    expect(await findInDatabase(traces(w.candidate))).toEqual([]);
    // What the employer wrote stays the company's record, by "Former member" (decision 051).
    expect(
      await em().execute(`select body, author_id from application_notes where application_id = ?`, [
        w.otherApplicationId,
      ]),
    ).toEqual([{ body: "NOTE-ON-SECOND: ask about testing", author_id: null }]);
    expect(
      await em().execute(`select stars, reason, rater_id from application_ratings where application_id = ?`, [
        w.otherApplicationId,
      ]),
    ).toEqual([{ stars: 3, reason: "RATING-ON-SECOND", rater_id: null }]);
    expect(await findInFolder(files, [...traces(w.employer), ...traces(w.candidate)])).toEqual([]);
    // Their photo, resumes and logo (files and content types) are gone; other tests' files stay.
    const theirs = storedBefore.filter((f) => f.includes(w.candidate.id) || f.includes(w.employer.id));
    expect(theirs.length).toBeGreaterThanOrEqual(8);
    const after = await filesUnder(files);
    expect(theirs.filter((f) => after.includes(f))).toEqual([]);
    // The other candidate's data is untouched.
    expect(await findAccount(w.other.id)).not.toBeNull();
  }, 120_000);
});

describe("with files in an S3 bucket", () => {
  let bucketDir: string;
  let server: S3rver;
  beforeAll(async () => {
    bucketDir = await mkdtemp(path.join(tmpdir(), "hirewise-export-s3-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "hirewise-files", configs: [] }],
    });
    const { port } = await server.run();
    setStorage(
      new S3Storage({
        bucket: "hirewise-files",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        forcePathStyle: true,
      }),
    );
  });
  afterAll(async () => {
    setStorage(new LocalDiskStorage(files));
    await server.close();
    await rm(bucketDir, { recursive: true, force: true });
  });

  it("exports files streamed from the bucket and leaves none of them there after deletion", async () => {
    const w = await world();
    const zip = await exported(w.candidate.id);
    const { applications } = json(zip, "applications.json");
    expect(zip.get(applications[0].resume)!.equals(w.resumeBytes)).toBe(true);
    expect(zip.get("images/photo.webp")!.length).toBeGreaterThan(0);
    expect((await exported(w.employer.id)).get("images/company-logo.webp")!.length).toBeGreaterThan(0);
    expect((await findInFolder(bucketDir, [w.candidate.id])).length).toBeGreaterThan(0);

    expect(await deleteAccount(w.candidate.id, { password: PASSWORD, confirmation: "DELETE" }, here)).toBe("deleted");
    expect(await deleteAccount(w.employer.id, { password: PASSWORD, confirmation: "DELETE" }, here)).toBe("deleted");
    expect(await findInFolder(bucketDir, [...traces(w.candidate), ...traces(w.employer)])).toEqual([]);
  }, 120_000);
});
