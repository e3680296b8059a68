// Nodes started together on an empty database: two web processes and two workers at once all
// start (migrations take turns on an advisory lock), and the migrations are recorded once each.
import { afterAll, beforeAll, expect, inject, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { adminQuery, withDatabase } from "../support/pg.ts";
import { exitOf, freePort, spawnServer, waitForOk } from "../support/app-server.ts";

const name = `hirewise_startup_${process.pid}`;
const url = () => withDatabase(inject("adminDatabaseUrl"), name);
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-startup-"));
  await adminQuery(inject("adminDatabaseUrl"), `create database ${name}`);
});
afterAll(async () => {
  await adminQuery(inject("adminDatabaseUrl"), `drop database if exists ${name} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
});

it("starts two web processes and two workers at once on an empty database", async () => {
  const env = { DATABASE_URL: url(), DATA_DIR: dataDir, DEMO_DATA: "false" };
  const ports = [await freePort(), await freePort()];
  const webs = ports.map((port) => spawnServer({ ...env, PORT: String(port), HOST: "127.0.0.1" }));
  const workers = [0, 1].map(() => spawnServer({ ...env, LOG_LEVEL: "info" }, "jobs/worker.ts"));
  try {
    await Promise.all(webs.map((w, i) => waitForOk(`http://127.0.0.1:${ports[i]}/readyz`, 60_000, w.child, w.output)));
    for (const worker of workers) {
      const started = await vi.waitFor(
        () => {
          if (worker.child.exitCode !== null) return false;
          expect(worker.output()).toContain("worker process started");
          return true;
        },
        { ...WAIT, timeout: 60_000 },
      );
      if (!started) throw new Error(`worker exited ${worker.child.exitCode}:\n${worker.output()}`);
    }
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    const { rows } = await client.query<{ all: number; distinct: number }>(
      "select count(*)::int as all, count(distinct name)::int as distinct from mikro_orm_migrations",
    );
    await client.end();
    expect(rows[0]!.all).toBe(rows[0]!.distinct);
    expect(rows[0]!.all).toBeGreaterThan(0);
  } finally {
    const all = [...webs, ...workers];
    for (const p of all) p.child.kill("SIGTERM");
    const codes = await Promise.all(all.map((p) => exitOf(p.child)));
    expect(codes).toEqual([0, 0, 0, 0]);
  }
}, 120_000);
