// Backup and restore as an operator runs them: `cli backup` of a database with a candidate's
// resume, `cli restore` into a new empty database and DATA_DIR, and the production server on the
// restored copy serves the resume byte for byte. A second restore over it is refused.
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { openOrm } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { attachUploadedResume } from "../../modules/applications/index.server.ts";
import { goodPdf } from "../fixtures/files.ts";
import { publishTestJob } from "../support/jobs.ts";
import { adminQuery, cloneTestDatabase, withDatabase } from "../support/pg.ts";
import { runCli } from "../support/cli.ts";
import { exitOf, freePort, spawnServer, waitForOk } from "../support/app-server.ts";
import { signInOverHttp } from "../support/http.ts";

const PASSWORD = "correct horse battery";

// pg_dump refuses a server newer than itself: the tests' embedded PostgreSQL (18, used when no
// DATABASE_URL is set) needs newer client tools than Debian's. CI's PostgreSQL 15 always runs them.
const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);
function clientMajor(): number {
  try {
    return majorOf(
      execFileSync(path.join(process.env.PG_BIN_DIR ?? "", "pg_dump"), ["--version"], { encoding: "utf8" }).replace(
        /^\D+/,
        "",
      ),
    );
  } catch {
    return 0;
  }
}
async function serverMajor(): Promise<number> {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  try {
    return majorOf((await client.query<{ server_version: string }>("show server_version")).rows[0]!.server_version);
  } finally {
    await client.end();
  }
}
const toolsFit = clientMajor() >= (await serverMajor());
const withTools = it.skipIf(!toolsFit);
if (!toolsFit)
  console.warn("backup tests skipped: pg_dump is older than the test server (set PG_BIN_DIR to newer client tools)");
let orm: MikroORM;
let queue: QueueRuntime;
let source: { url: string; drop(): Promise<void> };
let work: string;
let bytes: Buffer;
let resumeId: string;
const targets = [`hirewise_restore_${process.pid}_a`, `hirewise_restore_${process.pid}_b`];
const target = (i: number) => ({
  DATABASE_URL: withDatabase(inject("adminDatabaseUrl"), targets[i]!),
  DATA_DIR: dir(`target-data-${i}`),
});
const dir = (name: string) => path.join(work, name);

beforeAll(async () => {
  if (!toolsFit) return;
  work = await mkdtemp(path.join(tmpdir(), "hirewise-backup-"));
  source = await cloneTestDatabase(inject("adminDatabaseUrl"), inject("templateDatabase"));
  orm = await openOrm(source.url);
  setOrm(orm);
  queue = await startQueue(source.url, logger, { workers: false });
  setStorage(new LocalDiskStorage(path.join(dir("source-data"), "files")));
  for (const name of targets) await adminQuery(inject("adminDatabaseUrl"), `create database ${name}`);

  // The source: a candidate's resume for a job, then its backup.
  const employer = await signUp({
    email: "backup-boss@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Acme",
    plan: "business",
  });
  const cara = await signUp({
    email: "backup-cara@example.com",
    password: PASSWORD,
    role: "candidate",
    plan: "essential",
  });
  const jobId = await publishTestJob(employer.id);
  bytes = await goodPdf("Cara Candidate CV");
  const upload = path.join(work, "cv.pdf");
  await writeFile(upload, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  resumeId = (
    await attachUploadedResume(
      cara.id,
      jobId,
      { path: upload, filename: "Cara CV.pdf", size: bytes.length, sha256 },
      "Cara Candidate CV",
    )
  ).id;
  const backedUp = await runCli({ DATABASE_URL: source.url, DATA_DIR: dir("source-data") }, "backup", dir("backup"));
  if (backedUp.code !== 0) throw new Error(`backup failed: ${backedUp.stderr}`);
  expect(backedUp.stdout).toContain("1 stored files (resumes, logos) copied.");
}, 60_000);
afterAll(async () => {
  if (!toolsFit) return;
  await queue?.stop();
  await orm?.close();
  setOrm(undefined);
  setStorage(undefined);
  await source?.drop();
  for (const name of targets)
    await adminQuery(inject("adminDatabaseUrl"), `drop database if exists ${name} with (force)`);
  await rm(work, { recursive: true, force: true });
});

withTools(
  "restores a backup into a new database, and the server there serves the resume byte for byte",
  async () => {
    const targetEnv = target(0);
    const restored = await runCli(targetEnv, "restore", dir("backup"));
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("1 stored files (resumes, logos) restored.");

    const port = await freePort();
    const { child, output } = spawnServer({
      ...targetEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      RUN_WORKERS: "false",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForOk(`${base}/readyz`, 30_000, child, output);
      const asCara = await signInOverHttp(base, "backup-cara@example.com", PASSWORD);
      const response = await asCara.get(`/resumes/${resumeId}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await exitOf(child);
    }
  },
  120_000,
);

withTools(
  "refuses to restore over a database that has tables unless --force",
  async () => {
    const targetEnv = target(1);
    expect((await runCli(targetEnv, "restore", dir("backup"))).code).toBe(0);
    const refused = await runCli(targetEnv, "restore", dir("backup"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /error: The database already has \d+ tables: restore only into an empty database, or add --force/,
    );

    const forced = await runCli(targetEnv, "restore", dir("backup"), "--force");
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
  },
  60_000,
);

withTools("refuses to back up into a folder that is not empty", async () => {
  const again = await runCli({ DATABASE_URL: source.url, DATA_DIR: dir("source-data") }, "backup", dir("backup"));
  expect(again.code).toBe(2);
  expect(again.stderr).toContain("is not empty: choose a new folder for the backup.");
});
