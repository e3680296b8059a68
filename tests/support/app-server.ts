// Starts the real production server (node server.ts on the built app) on a free port against its
// own cloned database, the way operators run it.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, inject, vi } from "vitest";
import { createServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cloneTestDatabase } from "./pg.ts";
import { withoutUndefined } from "./cli.ts";
import { WAIT } from "./wait.ts";

export interface AppServer {
  baseUrl: string;
  /** The web process (to read its memory use). */
  pid: number;
  /** The server's DATA_DIR (stored files, the mailbox when no SMTP server is set). */
  dataDir: string;
  databaseUrl: string;
  output(): string;
  /** SIGTERM, then waits for the exit; returns the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200; fails at once if `child` (the server) exits first. */
export async function waitForOk(
  url: string,
  timeoutMs = 30_000,
  child?: ChildProcess,
  output = () => "",
): Promise<void> {
  const outcome = await vi.waitFor(
    async () => {
      if (child && child.exitCode !== null) return "exited";
      const answer = await fetch(url).catch(() => null);
      if (!answer?.ok) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${output()}`);
      return "ok";
    },
    { ...WAIT, timeout: timeoutMs },
  );
  if (outcome === "exited") throw new Error(`server exited with ${child!.exitCode}:\n${output()}`);
}

/** Runs an entry point (server.ts, jobs/worker.ts) as operators do; `undefined` unsets a variable. */
export function spawnServer(
  env: Record<string, string | undefined>,
  entry = "server.ts",
): { child: ChildProcess; output(): string } {
  let log = "";
  const child = spawn(process.execPath, [entry], {
    env: withoutUndefined({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  return { child, output: () => log };
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function startAppServer(adminUrl: string, env: Record<string, string> = {}): Promise<AppServer> {
  const db = await cloneTestDatabase(adminUrl, inject("templateDatabase"));
  return startAppServerOn(db.url, env, db.drop);
}

/**
 * The server on a database the test set up itself (e.g. a primary with a streaming replica: pass
 * DATABASE_READ_URL in `env`); `cleanup` runs after it stopped.
 */
export async function startAppServerOn(
  databaseUrl: string,
  env: Record<string, string> = {},
  cleanup: () => Promise<void> = async () => {},
): Promise<AppServer> {
  const db = { url: databaseUrl, drop: cleanup };
  const port = await freePort();
  // Stored files (logos) go to a folder of this server's own, removed when it stops.
  const dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Every test signs its people up from 127.0.0.1: room for them all, unless the test sets QUOTAS.
  const { child, output } = spawnServer({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    QUOTAS: "signups=1000",
    // No load balancer waits on a test's server: it stops listening at once (the drain tests set a delay).
    SHUTDOWN_DELAY_MS: "0",
    ...env,
  });
  await waitForOk(`${baseUrl}/readyz`, 30_000, child, output);
  return {
    baseUrl,
    pid: child.pid!,
    dataDir,
    databaseUrl: db.url,
    output,
    async stop() {
      child.kill("SIGTERM");
      const code = await exitOf(child);
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * The real server, and this test process on its database: the ORM and the queue (no workers, the
 * server's run the jobs), so a test can make accounts and jobs through the modules. `stop()` undoes
 * it all, in order.
 */
export async function startServerWithModules(
  env?: Record<string, string>,
): Promise<{ server: AppServer; stop(): Promise<void> }> {
  const [{ openOrm }, { setOrm }, { startQueue }, { logger }] = await Promise.all([
    import("../../db/orm.ts"),
    import("../../lib/db.ts"),
    import("../../jobs/boss.ts"),
    import("../../lib/logger.ts"),
  ]);
  const server = await startAppServer(inject("adminDatabaseUrl"), env);
  const orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  const queue = await startQueue(server.databaseUrl, logger, { workers: false });
  return {
    server,
    async stop() {
      await queue.stop();
      setOrm(undefined);
      await orm.close();
      await server.stop();
    },
  };
}

/**
 * For a file whose server someone else starts (an end-to-end journey): this test process on that
 * server's database, the ORM and the queue (no workers), from its beforeAll to its afterAll, so the
 * file can make its accounts through the modules. Call inside the describe that owns the server.
 */
export function useModulesOn(serverOf: () => AppServer): void {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const [{ openOrm }, { setOrm }, { startQueue }, { logger }] = await Promise.all([
      import("../../db/orm.ts"),
      import("../../lib/db.ts"),
      import("../../jobs/boss.ts"),
      import("../../lib/logger.ts"),
    ]);
    const databaseUrl = serverOf().databaseUrl;
    const orm = await openOrm(databaseUrl);
    setOrm(orm);
    const queue = await startQueue(databaseUrl, logger, { workers: false });
    stop = async () => {
      await queue.stop();
      setOrm(undefined);
      await orm.close();
    };
  });
  afterAll(async () => {
    await stop?.();
  });
}
