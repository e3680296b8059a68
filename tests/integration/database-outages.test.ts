// The pool against a database that kills connections: backends terminated inside open transactions
// (as a restart or an operator does) never cost a pool slot, nothing waits past the acquire
// time-out, and readiness says why the database cannot be used, promptly.
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import pg from "pg";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { databaseReadiness } from "../../lib/readiness.ts";
import { cloneTestDatabase } from "../support/pg.ts";
import { startAppServer } from "../support/app-server.ts";

const POOL = { max: 4, acquireTimeoutMs: 3000, statementTimeoutMs: 10_000 };
let orm: MikroORM;
let admin: pg.Client;
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await cloneTestDatabase(inject("adminDatabaseUrl"), inject("templateDatabase"));
  drop = db.drop;
  orm = await openOrm(db.url, undefined, POOL);
  setOrm(orm);
  admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await orm?.close();
  setOrm(undefined);
  await drop?.();
});

const kill = (pid: number) => admin.query("select pg_terminate_backend($1)", [pid]);
const backendPid = async (em: { execute(sql: string): Promise<{ pid: number }[]> }) =>
  (await em.execute("select pg_backend_pid() as pid"))[0]!.pid;

it("recovers from 50 backends killed inside open transactions without losing a pool slot", async () => {
  const pool = await orm.em.getConnection().getNativeClient();
  for (let round = 0; round < 50; round++) {
    // Killed between statements, killed before COMMIT, and killed while a statement runs.
    const variant = round % 3;
    const attempt = orm.em.fork().transactional(async (em) => {
      const pid = await backendPid(em);
      if (variant === 2) {
        const running = em.execute("select pg_sleep(30)").then(
          () => new Error("the statement outlived its backend"),
          (error: Error) => error,
        );
        await expect
          .poll(
            async () =>
              (await admin.query("select 1 from pg_stat_activity where pid = $1 and query like '%pg_sleep%'", [pid]))
                .rowCount,
            { interval: 20 },
          )
          .toBe(1);
        await kill(pid);
        throw await running;
      } else {
        await kill(pid);
        await expect
          .poll(async () => (await admin.query("select 1 from pg_stat_activity where pid = $1", [pid])).rowCount, {
            interval: 20,
          })
          .toBe(0);
        if (variant === 0) await em.execute("select 1");
      }
    });
    await expect(attempt, `round ${round}`).rejects.toThrow();
    // The next transaction gets a working connection at once.
    const rows = await orm.em.fork().transactional((em) => em.execute<{ ok: number }[]>("select 1 as ok"));
    expect(rows[0]!.ok).toBe(1);
  }
  expect(pool.waitingCount).toBe(0);
  expect(pool.totalCount).toBeLessThanOrEqual(POOL.max);
  // Every slot can still be taken at the same time.
  const held = await Promise.all(Array.from({ length: POOL.max }, () => pool.connect()));
  for (const client of held) client.release();
});

it("reports an exhausted pool as not ready, and ready again once a slot frees", async () => {
  const pool = await orm.em.getConnection().getNativeClient();
  const held = await Promise.all(Array.from({ length: POOL.max }, () => pool.connect()));
  const readiness = await databaseReadiness(300);
  expect(readiness).toMatchObject({ ok: false, problem: "database pool exhausted" });
  for (const client of held) client.release();
  expect(await databaseReadiness(5000)).toMatchObject({ ok: true });
});

it("fails a request that cannot get a connection within the acquire time-out instead of waiting for ever", async () => {
  const pool = await orm.em.getConnection().getNativeClient();
  const held = await Promise.all(Array.from({ length: POOL.max }, () => pool.connect()));
  await expect(orm.em.fork().execute("select 1")).rejects.toThrow(/timeout/i);
  for (const client of held) client.release();
});

it("the production server's /readyz says 503 while its database refuses connections, /healthz stays 200, and it is ready again by itself", async () => {
  const server = await startAppServer(inject("adminDatabaseUrl"), { RUN_WORKERS: "false" });
  const name = new URL(server.databaseUrl).pathname.slice(1);
  try {
    // Like a database that is down: no new connections, and the existing ones killed.
    await admin.query(`alter database ${name} with allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    const down = await fetch(`${server.baseUrl}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ready: false, status: "database unreachable" });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    await admin.query(`alter database ${name} with allow_connections true`);
    await expect.poll(async () => (await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  } finally {
    await admin.query(`alter database ${name} with allow_connections true`);
    await server.stop();
  }
}, 60_000);

it("opens each connection with the pool's statement time-out, its name, and no JIT compilation", async () => {
  const [row] = await orm.em
    .fork()
    .execute<{ timeout: string; name: string; jit: string }[]>(
      "select current_setting('statement_timeout') as timeout, current_setting('application_name') as name, current_setting('jit') as jit",
    );
  expect(row).toEqual({ timeout: "10s", name: "hirewise-app", jit: "off" });
});
