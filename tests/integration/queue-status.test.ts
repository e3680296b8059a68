// A stuck or failing queue, as operators see it: `npm run cli -- queue:status` and /readyz's detail.
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { runCli } from "../support/cli.ts";

let server: AppServer;

beforeAll(async () => {
  // No workers: the jobs below stay where they are put.
  server = await startAppServer(inject("adminDatabaseUrl"), { RUN_WORKERS: "false" });
  // Only to send: a started pg-boss would also fire the stored schedules (the salary figures every
  // 15 minutes, the alerts at ten past) and queue jobs this test reads as waiting.
  const boss = new PgBoss({
    connectionString: server.databaseUrl,
    schema: "pgboss",
    schedule: false,
    supervise: false,
  });
  await boss.start();
  const waiting = await boss.send("applications.score", { applicationId: "00000000-0000-4000-8000-000000000001" });
  const failed = await boss.send("applications.score", { applicationId: "00000000-0000-4000-8000-000000000002" });
  await boss.stop({ graceful: false });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  // One job due ten minutes ago and never picked up (a wedged queue), one failed for good.
  await client.query(
    "update pgboss.job set start_after = now() - interval '10 minutes', created_on = now() - interval '10 minutes' where id = $1",
    [waiting],
  );
  await client.query("update pgboss.job set state = 'failed', completed_on = now() where id = $1", [failed]);
  await client.end();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

// Each CLI call is a process of its own: seconds each on a busy machine (the CLI tests' hang guard).
it(
  "queue:status prints queued, active, failed and the oldest wait per queue, and warns about a stuck one",
  { timeout: 120_000 },
  async () => {
    const env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir };
    const json = await runCli(env, "queue:status", "--json");
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout) as {
      queue: string;
      queued: number;
      active: number;
      failed: number;
      oldestSeconds: number | null;
    }[];
    const score = status.find((q) => q.queue === "applications.score");
    expect(score).toMatchObject({ queued: 1, active: 0, failed: 1 });
    expect(score!.oldestSeconds).toBeGreaterThanOrEqual(600);
    // Every declared queue is listed, idle ones with zeros.
    expect(status.length).toBeGreaterThan(1);
    expect(
      status.filter((q) => q.queue !== "applications.score").every((q) => q.failed === 0 && q.oldestSeconds === null),
    ).toBe(true);

    const text = await runCli(env, "queue:status");
    expect(text.stdout).toMatch(/queue\s+queued\s+active\s+failed\s+oldest/);
    expect(text.stdout).toMatch(/applications\.score\s+1\s+0\s+1\s+\d+ s/);
    expect(text.stdout).toContain("warning: applications.score: oldest job has waited");
    expect(text.stdout).toContain("warning: applications.score: 1 failed job");
  },
);

it("/readyz stays ready but names the stuck and failing queue in its detail", async () => {
  const res = await fetch(`${server.baseUrl}/readyz`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    ready: boolean;
    queues: { queue: string; queued: number; failed: number }[];
    problems: string[];
  };
  expect(body.ready).toBe(true);
  expect(body.queues.find((q) => q.queue === "applications.score")).toMatchObject({ queued: 1, failed: 1 });
  expect(body.problems.some((p) => p.startsWith("applications.score: oldest job has waited"))).toBe(true);
  expect(body.problems.some((p) => p.startsWith("applications.score: 1 failed job"))).toBe(true);
});
