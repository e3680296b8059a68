// sendMailOnce against the real database and the dev mailbox, through each way a job's run can end:
// a retried run after the message went out, a run that died holding the claim, a failed send, and
// a second job with the same key.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { em } from "./db.ts";
import { listMailbox, mailboxMailer, messageIdFor, sendMailOnce, setMailer, type Mailer } from "./mail.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";

useTestRuntime();

const JOB = "6f1d3c2a-8a4b-4c1e-9f00-000000000001";
const OTHER_JOB = "6f1d3c2a-8a4b-4c1e-9f00-000000000002";
const MESSAGE = { to: "ada@example.com", subject: "Shortlisted", html: "<p>Hi</p>", text: "Hi" };

let dir: string;
let mailbox: Mailer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-mail-once-"));
  mailbox = mailboxMailer(dir, "Hirewise <no-reply@hirewise.test>");
});
afterEach(async () => {
  setMailer(undefined);
  await rm(dir, { recursive: true, force: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// A send that never answers; `called` settles once the run holds the claim and has handed this
// mailer its message, so swapping the mailer afterwards cannot reach that run.
function stalledMailer() {
  let handed!: () => void;
  const called = new Promise<void>((resolve) => (handed = resolve));
  const mailer: Mailer = {
    send: () => {
      handed();
      return new Promise(() => {});
    },
  };
  return { mailer, called };
}

const run = (retryCount: number, jobId = JOB) => ({ jobId, retryCount });
const state = async (key: string) =>
  (await em().execute<{ state: string }[]>(`select state from sent_emails where key = ?`, [key]))[0]?.state;

it("sends once, and a later run of the same job finds it sent", async () => {
  setMailer(mailbox);
  expect(await sendMailOnce("k-retried", MESSAGE, run(0))).toBe("sent");
  expect(await sendMailOnce("k-retried", MESSAGE, run(1))).toBe("already-sent");
  expect(await listMailbox(dir)).toHaveLength(1);
  expect(await state("k-retried")).toBe("sent");
});

it("lets the job's next run send when a run died between its claim and the server's answer", async () => {
  // The first run's send never answers, as when its worker is killed while the server holds the data.
  const { mailer: stalled, called } = stalledMailer();
  setMailer(stalled);
  void sendMailOnce("k-killed", MESSAGE, run(0));
  await called;
  expect(await state("k-killed")).toBe("sending");
  setMailer(mailbox);
  expect(await sendMailOnce("k-killed", MESSAGE, run(1))).toBe("sent");
  expect(await listMailbox(dir)).toHaveLength(1);
});

it("gives the claim back when the server refuses, so the next run sends", async () => {
  setMailer({ send: () => Promise.reject(new Error("451 try again later")) });
  await expect(sendMailOnce("k-refused", MESSAGE, run(0))).rejects.toThrow("451");
  expect(await state("k-refused")).toBeUndefined();
  setMailer(mailbox);
  expect(await sendMailOnce("k-refused", MESSAGE, run(1))).toBe("sent");
  expect(await listMailbox(dir)).toHaveLength(1);
});

it("leaves a key another job holds to that job", async () => {
  const { mailer: stalled, called } = stalledMailer();
  setMailer(stalled);
  void sendMailOnce("k-shared", MESSAGE, run(0, OTHER_JOB));
  await called;
  expect(await state("k-shared")).toBe("sending");
  setMailer(mailbox);
  expect(await sendMailOnce("k-shared", MESSAGE, run(3))).toBe("claimed-elsewhere");
  expect(await listMailbox(dir)).toHaveLength(0);
});

it("does not send for a run the queue has already taken back", async () => {
  setMailer(mailbox);
  const taken = new AbortController();
  taken.abort(new Error("no longer this run's job"));
  await expect(sendMailOnce("k-aborted", MESSAGE, { ...run(0), signal: taken.signal })).rejects.toThrow("no longer");
  expect(await listMailbox(dir)).toHaveLength(0);
});

it("gives every message of one key the same Message-ID", async () => {
  setMailer(mailbox);
  await sendMailOnce("k-id", MESSAGE, run(0));
  const [entry] = await listMailbox(dir);
  expect(await readFile(entry!.file, "utf8")).toContain(`Message-ID: ${messageIdFor("k-id")}`);
  expect(messageIdFor("k-id")).toMatch(/^<[0-9a-f]{32}@hirewise\.local>$/);
  expect(messageIdFor("k-other")).not.toBe(messageIdFor("k-id"));
});
