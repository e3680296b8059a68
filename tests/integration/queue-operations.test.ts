// The queue as operators meet it: a worker killed in the middle of scoring (the job runs again and
// exactly one score is stored), and jobs that failed for good listed and retried with the CLI.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PgBoss } from "pg-boss";
import { em } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { startFakeModelServer, type FakeModelServer } from "../support/fake-model-server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { settledJob, useTestRuntime } from "../support/runtime.ts";
import { publishTestJob } from "../support/jobs.ts";
import { runCli } from "../support/cli.ts";
import { exitOf } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const runtime = useTestRuntime();

const SCORE = {
  technical: 71,
  communication: 64,
  cultureFit: 58,
  overall: 67,
  reasons: {
    technical: "Shipped software",
    communication: "Clear answers",
    cultureFit: "Team player",
    overall: "Good match",
  },
};

let fake: FakeModelServer;
let dataDir: string;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["jobs/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: runtime.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AI_PROVIDER: "openai",
      AI_BASE_URL: `${fake.url}/v1`,
      AI_API_KEY: "test-key",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-queue-"));
});
// Each test stops the workers it started: a worker left running takes the next test's jobs.
afterEach(async () => {
  const running = workers.splice(0).filter((w) => w.exitCode === null && w.signalCode === null);
  for (const w of running) w.kill("SIGTERM");
  await Promise.all(running.map((w) => exitOf(w)));
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("scores again after a worker is killed mid-scoring, storing exactly one score", async () => {
  // The first scoring request never gets an answer: the worker is killed while it waits.
  fake.answer = (_hit, index) =>
    index === 0 ? { delayMs: 600_000 } : { body: { choices: [{ message: { content: JSON.stringify(SCORE) } }] } };
  const employer = await signUpOnPlan({
    email: "kill-boss@example.com",
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
  });
  const candidate = await signUpOnPlan({
    email: "kill-cara@example.com",
    password: "correct horse",
    role: "candidate",
    plan: "essential",
  });
  const jobId = await publishTestJob(employer.id);
  const { applicationId } = await submitApplication(candidate.id, jobId);

  const first = startWorker();
  await expect.poll(() => fake.hits.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  first.kill("SIGKILL");
  await exitOf(first);

  // Another process notices the silent job quickly (pg-boss's own checks run every minute by default).
  const supervisor = new PgBoss({
    connectionString: runtime.databaseUrl,
    schema: "pgboss",
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
    schedule: false,
  });
  await supervisor.start();
  try {
    startWorker();
    await expect
      .poll(
        () =>
          em().execute<{ overall: number }[]>("select overall from application_scores where application_id = ?", [
            applicationId,
          ]),
        { timeout: 45_000 },
      )
      .toEqual([{ overall: 67 }]);
    // The worker marks the job completed only after the score is stored: wait for that too.
    expect(await settledJob("applications.score", { applicationId }, 45_000)).toBe("completed");
    const [job] = await em().execute<{ state: string; retry_count: number }[]>(
      "select state, retry_count from pgboss.job where name = 'applications.score' and data->>'applicationId' = ?",
      [applicationId],
    );
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
    expect(fake.hits.length).toBeGreaterThanOrEqual(2);
  } finally {
    await supervisor.stop({ graceful: false });
    // The next test's job must not be picked up by this test's worker.
    const running = workers.filter((w) => w.exitCode === null && w.signalCode === null);
    for (const w of running) w.kill("SIGTERM");
    await Promise.all(running.map(exitOf));
  }
}, 120_000);

it("lists jobs that failed for good and runs one again with the CLI", async () => {
  // A score for an application id that can't exist fails at once; no retries left.
  const id = await enqueue("applications.score", { applicationId: "not-an-id" }, { retryLimit: 0 });
  const worker = startWorker();
  const env = { DATABASE_URL: runtime.databaseUrl, DATA_DIR: dataDir };
  // Watched in the queue's table; the CLI (a process start each time) is asked once it has failed.
  expect(await settledJob("applications.score", { applicationId: "not-an-id" }, 60_000)).toBe("failed");
  const listed = await runCli(env, "queue:failed", "--json");
  const failed = (JSON.parse(listed.stdout || "[]") as { id: string; queue: string; error: string }[]).find(
    (j) => j.id === id,
  );
  expect(failed, listed.stderr).toMatchObject({ queue: "applications.score" });
  expect(failed!.error).toMatch(/uuid/i);
  worker.kill("SIGTERM");
  await exitOf(worker);

  const retried = await runCli(env, "queue:retry", id!);
  expect(retried.stdout).toContain(`Job ${id} will run again.`);
  const [row] = await em().execute<{ state: string }[]>("select state from pgboss.job where id = ?", [id]);
  expect(row!.state).toBe("retry");
  const unknown = await runCli(env, "queue:retry", "00000000-0000-4000-8000-000000000000");
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("No failed job with id");
}, 120_000);
