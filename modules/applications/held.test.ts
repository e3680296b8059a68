// Applying before making an account: a visitor's answers, resume, name and email are held (the
// employer sees nothing) until the emailed link is opened; the link confirms once however many
// open it at once; one per address and job; an address with an account signs in; the sign-up quota
// of the client address applies; what waits past seven days goes with its file.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { useLocalFilesAndMail } from "../../tests/support/local-files.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { goodPdf } from "../../tests/fixtures/files.ts";
import { WAIT } from "../../tests/support/wait.ts";
import { emptyQuestion, jobToApply, memberFor } from "../hiring/index.server.ts";
import { findAccountByEmail } from "../identity/index.server.ts";
import {
  attachGuestResume,
  confirmHeldApplication,
  guestApplyState,
  holdApplication,
  jobApplications,
  newBrowserKey,
  removeExpiredHeld,
  saveGuestAnswers,
  ApplicationError,
  type UploadedPdf,
} from "./index.server.ts";
import { HeldApplication, Resume } from "./entities.ts";
import { HELD_EMAIL_QUEUE } from "./held.ts";
import { QuotaExceededError } from "../../lib/quotas.ts";

const runtime = useTestRuntime({ workers: true });
const ADDRESS = "203.0.113.7";

const local = useLocalFilesAndMail("held");
const sent = local.sent;

let seq = 0;
let boss: Awaited<ReturnType<typeof signUpOnPlan>>;
let jobId: string;
let questionId: string;
beforeAll(async () => {
  boss = await signUpOnPlan({
    email: "held-boss@example.com",
    password: "correct horse battery",
    role: "employer",
    company_name: "Acme",
    full_name: "Ada",
    plan: "business",
  });
  jobId = await publishTestJob(boss.id, {
    title: "Platform Engineer",
    questions: [{ ...emptyQuestion(), question_text: "Tell us about a system you scaled." }],
  });
  questionId = (await jobToApply(jobId))!.questions[0]!.id;
});

async function pdfUpload(): Promise<UploadedPdf> {
  const bytes = await goodPdf("Vera Visitor - Kafka, PostgreSQL");
  const file = path.join(local.scratch, `${++seq}.pdf`);
  await writeFile(file, bytes);
  return {
    path: file,
    filename: "Vera CV.pdf",
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
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

/** A visitor's browser that answered and added a resume. */
async function preparedVisitor(): Promise<string> {
  const key = newBrowserKey();
  expect(await saveGuestAnswers(key, jobId, { [questionId]: "I moved billing to an event log." })).toEqual({});
  await attachGuestResume(key, jobId, await pdfUpload(), "Vera Visitor - Kafka, PostgreSQL");
  return key;
}

/** The token in the last email to `to`, once its job ran. */
async function linkTokenFor(to: string): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = sent.findLast((m) => m.to === to);
      const token = /\/apply\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
      expect(token, `a link emailed to ${to}`).toBeTruthy();
      return token!;
    },
    { ...WAIT, timeout: 30_000 },
  );
}

const applicants = async () => jobApplications(await memberFor(boss.id), jobId);

describe("holding a visitor's application", () => {
  it("keeps answers, resume and details, tells the employer nothing, and emails a link", async () => {
    const key = await preparedVisitor();
    expect(
      await holdApplication(key, jobId, { full_name: "Vera Visitor", email: "Vera@Example.com" }, ADDRESS),
    ).toEqual({
      email: "vera@example.com",
    });
    const state = await guestApplyState(key, jobId);
    expect(state.heldEmail).toBe("vera@example.com");
    expect(state.resume?.name).toBe("Vera CV.pdf");
    const token = await linkTokenFor("vera@example.com");
    expect(sent.findLast((m) => m.to === "vera@example.com")?.subject).toBe(
      "Confirm your application: Platform Engineer",
    );
    // Only the hash of the link is kept.
    const row = await em().findOneOrFail(HeldApplication, { email: "vera@example.com" });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(await applicants()).toHaveLength(0);
    expect(await findAccountByEmail("vera@example.com")).toBeNull();
  });

  it("names the missing answer, name and email beside their fields", async () => {
    const key = newBrowserKey();
    await saveGuestAnswers(key, jobId, { [questionId]: "" });
    const refused = await holdApplication(key, jobId, { full_name: "", email: "nope" }, ADDRESS).catch((e) => e);
    expect(refused).toBeInstanceOf(ApplicationError);
    expect(Object.keys((refused as ApplicationError).fieldErrors).sort()).toEqual(
      ["email", "full_name", questionId].sort(),
    );
    // What was typed is kept for the page.
    expect((await guestApplyState(key, jobId)).details).toEqual({ fullName: "", email: "nope" });
  });

  it("holds one application per address and job, whichever browser asks", async () => {
    const first = await preparedVisitor();
    const second = await preparedVisitor();
    await holdApplication(first, jobId, { full_name: "Dee Double", email: "dee@example.com" }, ADDRESS);
    await expect(
      holdApplication(second, jobId, { full_name: "Dee Double", email: "dee@example.com" }, ADDRESS),
    ).rejects.toThrow(/waiting for you to confirm it: open the link we emailed to dee@example.com/);
    expect(await em().count(HeldApplication, { email: "dee@example.com", heldAt: { $ne: null } })).toBe(1);
  });

  it("counts against the client address's sign-ups", async () => {
    const key = await preparedVisitor();
    await em().execute(
      `insert into quota_counters (quota, key, window_start, window_end, used)
       values ('signups', '198.51.100.9', date_trunc('hour', now()), date_trunc('hour', now()) + interval '1 hour', 1000)`,
    );
    await expect(
      holdApplication(key, jobId, { full_name: "Quinn", email: "quinn@example.com" }, "198.51.100.9"),
    ).rejects.toBeInstanceOf(QuotaExceededError);
  });
});

describe("in the visitor's language", () => {
  it("writes the link's email in the language applied in, and the account the link makes keeps it", async () => {
    const key = await preparedVisitor();
    await holdApplication(key, jobId, { full_name: "Greta Gast", email: "greta@example.com" }, ADDRESS, "de");
    const token = await linkTokenFor("greta@example.com");
    const mail = sent.findLast((m) => m.to === "greta@example.com")!;
    expect(mail.subject).toBe("Bestätigen Sie Ihre Bewerbung: Platform Engineer");
    expect(mail.text).toContain("Hallo Greta,");
    expect(mail.html).toContain('lang="de"');
    expect(await confirmHeldApplication(token, null, null)).toMatchObject({ outcome: "confirmed" });
    const [row] = await em().execute<{ language: string | null }[]>("select language from users where email = ?", [
      "greta@example.com",
    ]);
    expect(row?.language).toBe("de");
  });
});

describe("opening the link", () => {
  it("confirms once under parallel opens: one account, one application, the resume theirs", async () => {
    const key = await preparedVisitor();
    await holdApplication(key, jobId, { full_name: "Pat Parallel", email: "pat@example.com" }, ADDRESS);
    const token = await linkTokenFor("pat@example.com");
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => confirmHeldApplication(token, null, null)));
    const confirmed = outcomes.filter((o) => o.outcome === "confirmed");
    expect(confirmed).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "gone")).toHaveLength(4);
    const account = (await findAccountByEmail("pat@example.com"))!;
    expect(account).toMatchObject({
      role: "candidate",
      fullName: "Pat Parallel",
      emailVerified: true,
      hasPassword: false,
    });
    const mine = (await applicants()).filter((a) => a.candidateName === "Pat Parallel");
    expect(mine).toHaveLength(1);
    const resume = await em().findOneOrFail(Resume, { candidateId: account.id });
    expect(resume).toMatchObject({ originalName: "Vera CV.pdf", isDefault: true });
    expect(await storedFiles()).toContain(resume.storageKey);
    expect(await em().count(HeldApplication, { email: "pat@example.com" })).toBe(0);
    // Used up: a later open finds nothing.
    expect(await confirmHeldApplication(token, null, null)).toEqual({ outcome: "gone" });
  });

  it("asks an address that has an account to sign in, then sends from that account", async () => {
    const owner = await signUpOnPlan({
      email: "olive@example.com",
      password: "correct horse battery",
      role: "candidate",
      full_name: "Olive Owner",
      plan: "essential",
    });
    const key = await preparedVisitor();
    await holdApplication(key, jobId, { full_name: "Olive", email: "olive@example.com" }, ADDRESS);
    const token = await linkTokenFor("olive@example.com");
    expect(sent.findLast((m) => m.to === "olive@example.com")?.subject).toBe(
      "Sign in to send your application: Platform Engineer",
    );
    expect(await confirmHeldApplication(token, null, null)).toEqual({ outcome: "sign-in", email: "olive@example.com" });
    expect(await confirmHeldApplication(token, boss, null)).toEqual({ outcome: "sign-in", email: "olive@example.com" });
    const done = await confirmHeldApplication(token, owner, null);
    expect(done).toMatchObject({ outcome: "confirmed", newAccount: false, refusal: null });
    expect((await applicants()).filter((a) => a.candidateName === "Olive Owner")).toHaveLength(1);
  });

  it("tells an account that applied already, and holds nothing", async () => {
    const key = await preparedVisitor();
    await holdApplication(key, jobId, { full_name: "Olive", email: "olive@example.com" }, ADDRESS);
    const heldId = (await em().findOneOrFail(HeldApplication, { email: "olive@example.com" })).id;
    await settledJob(HELD_EMAIL_QUEUE, { heldId });
    // Olive's earlier application has emails of its own in flight: look for this one by its subject.
    const told = sent.filter((m) => m.to === "olive@example.com" && m.subject.startsWith("You have applied already"));
    expect(told.map((m) => m.subject)).toEqual(["You have applied already: Platform Engineer"]);
    expect(await em().count(HeldApplication, { email: "olive@example.com" })).toBe(0);
  });
});

describe("unconfirmed applications", () => {
  it("are removed after seven days with their files", async () => {
    const key = await preparedVisitor();
    await holdApplication(key, jobId, { full_name: "Late Larry", email: "larry@example.com" }, ADDRESS);
    const row = await em().findOneOrFail(HeldApplication, { email: "larry@example.com" });
    expect(await storedFiles()).toContain(row.resumeKey);
    setClock(new Date(Date.now() + 6 * 86_400_000));
    await removeExpiredHeld();
    expect(await em().count(HeldApplication, { id: row.id })).toBe(1);
    setClock(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    expect(await removeExpiredHeld()).toBeGreaterThanOrEqual(1);
    setClock(undefined);
    expect(await em().count(HeldApplication, { id: row.id })).toBe(0);
    expect(await storedFiles()).not.toContain(row.resumeKey);
    expect(runtime.databaseUrl).toBeTruthy();
  });
});
