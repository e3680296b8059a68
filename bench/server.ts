// Shared by the benches: the production server (build/) on a fresh embedded PostgreSQL in a temp
// directory, on free ports, started as an operator would and stopped with SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Polls `check` every 100 ms until it gives a value (not null), failing after `timeoutMs`; an error
 * it throws ends the wait. For benches, which run outside Vitest (tests use vi.waitFor, expect.poll).
 */
export async function until<T>(check: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The web process's V8 heap limits, as `npm start`, `npm run serve` and the image run it (decision 013). */
export const WEB_NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=192"];

/**
 * Spawns `node server.ts` in production mode and resolves once `/` answers 200 (gives up after 3
 * minutes). A fresh embedded PostgreSQL unless `keepDatabaseUrl` lets a set DATABASE_URL through.
 */
export async function startServer(
  dataDir: string,
  port: number,
  pgPort: number,
  options: { keepDatabaseUrl?: boolean; nodeFlags?: string[] } = {},
) {
  const started = performance.now();
  const { DATABASE_URL, ...rest } = process.env;
  const env = options.keepDatabaseUrl && DATABASE_URL ? { ...rest, DATABASE_URL } : rest;
  const child = spawn(process.execPath, [...WEB_NODE_FLAGS, ...(options.nodeFlags ?? []), "server.ts"], {
    env: {
      ...env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
    },
    stdio: "ignore",
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) break;
    } catch {
      // not up yet
    }
    if (!running(child)) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    if (performance.now() - started > 180_000) {
      await stop(child);
      throw new Error("server did not answer 200 on / within 3 minutes");
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, ms: performance.now() - started };
}

export async function stop(child: ChildProcess) {
  if (!running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** A fresh data directory (traversable by the `postgres` user) and two free ports. */
export async function benchEnvironment() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-bench-"));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  return {
    dataDir,
    port,
    pgPort,
    base: `http://127.0.0.1:${port}`,
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}
