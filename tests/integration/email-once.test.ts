// A worker process killed in the middle of a batch of emails: once another worker has taken over,
// every application has exactly one email of each kind and one score. The SMTP server answers the
// first messages, then holds the next one unanswered, so the kill lands mid-batch every time.
import { afterAll, beforeAll, expect, it } from "vitest";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { em } from "../../lib/db.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { decideApplication, submitApplication } from "../../modules/applications/index.server.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { publishTestJob } from "../support/jobs.ts";
import { exitOf } from "../support/app-server.ts";
import { applicationEmailCounts, startGatedSmtpServer, type GatedSmtpServer } from "../support/smtp.ts";

const runtime = useTestRuntime();

const APPLICATIONS = 24;
/** Messages the server answers before it holds one, with the worker's batch still running. */
const ANSWERED_BEFORE_KILL = 5;
const QUEUES = [
  "applications.new-application-email",
  "applications.status-email",
  "applications.confirmation-email",
  "applications.score",
];
const EMAIL_QUEUES = QUEUES.slice(0, 3);

let smtp: GatedSmtpServer;
let dataDir: string;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["jobs/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: runtime.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  smtp = await startGatedSmtpServer(ANSWERED_BEFORE_KILL);
  dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-email-once-"));
});
afterAll(async () => {
  const running = workers.filter((w) => w.exitCode === null && w.signalCode === null);
  for (const w of running) w.kill("SIGKILL");
  await Promise.all(running.map(exitOf));
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("sends each application's emails exactly once after a worker is killed mid-batch", async () => {
  const employer = await signUpOnPlan({
    email: "once-boss@example.com",
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
  });
  const jobId = await publishTestJob(employer.id);
  const candidateEmail = new Map<string, string>(); // candidate's address → application id
  for (let i = 0; i < APPLICATIONS; i++) {
    const email = `once-${i}@example.com`;
    const candidate = await signUpOnPlan({ email, password: "correct horse", role: "candidate", plan: "essential" });
    const { applicationId } = await submitApplication(candidate.id, jobId);
    await decideApplication(await memberFor(employer.id), applicationId, "shortlist");
    candidateEmail.set(email, applicationId);
  }

  const first = startWorker();
  await expect.poll(() => smtp.waiting(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  expect(smtp.delivered).toHaveLength(ANSWERED_BEFORE_KILL);
  // The kill lands on the held message, not in the window decision 026 leaves (a reply the server
  // gave that the worker has not recorded yet): every answered message is recorded sent first.
  await expect
    .poll(async () => {
      const [row] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from sent_emails where state = 'sent'`,
      );
      return row!.n;
    })
    .toBe(ANSWERED_BEFORE_KILL);
  first.kill("SIGKILL");
  await exitOf(first);
  // Each job was settled as it ended, not with its batch: every answered message's job is done,
  // but for at most one that another email queue had answered in the instant before the kill.
  const [settled] = await em().execute<{ n: number }[]>(
    `select count(*)::int as n from pgboss.job where name = any(?) and state = 'completed'`,
    [`{${EMAIL_QUEUES.join(",")}}`],
  );
  expect(settled!.n).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL - 1);
  smtp.open();
  startWorker();

  // Every job of the three queues has run to the end: nothing can send after this.
  await expect
    .poll(
      async () => {
        const [row] = await em().execute<{ done: number; total: number }[]>(
          `select count(*) filter (where state = 'completed')::int as done, count(*)::int as total from pgboss.job where name = any(?)`,
          [`{${QUEUES.join(",")}}`],
        );
        return row;
      },
      { timeout: 120_000 },
    )
    .toEqual({ done: APPLICATIONS * QUEUES.length, total: APPLICATIONS * QUEUES.length });

  const { newApplication, confirmation, status, strays } = applicationEmailCounts(
    smtp.delivered,
    "once-boss@example.com",
    candidateEmail,
  );
  expect(strays).toEqual([]);
  const once = Object.fromEntries([...candidateEmail.values()].map((id) => [id, 1]));
  expect(Object.fromEntries(newApplication)).toEqual(once);
  expect(Object.fromEntries(confirmation)).toEqual(once);
  expect(Object.fromEntries(status)).toEqual(once);

  const scores = await em().execute<{ application_id: string; n: number }[]>(
    `select a.id as application_id, count(s.application_id)::int as n from applications a left join application_scores s on s.application_id = a.id group by a.id`,
  );
  expect(Object.fromEntries(scores.map((s) => [s.application_id, s.n]))).toEqual(once);
}, 240_000);
