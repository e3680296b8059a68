// A real primary and streaming replica on 127.0.0.1, made with Debian's PostgreSQL 15 binaries for
// one test: initdb, pg_ctl, and pg_basebackup -R for the replica. Each server runs on a free port
// in a folder of its own; `stop()` stops both and removes the folders (and a process that exits
// without it stops them anyway). As root (CI, containers), every PostgreSQL program runs as the
// unprivileged postgres user, as db/database.ts does for the embedded server.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, chmod, chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { vi } from "vitest";
import { freePort } from "./app-server.ts";

export const PG15_BIN = "/usr/lib/postgresql/15/bin";
const PROGRAMS = ["initdb", "pg_ctl", "pg_basebackup", "postgres"];

/** Why the pair can't be made here, or null when it can. */
export function replicaUnsupported(): string | null {
  const missing = PROGRAMS.filter((p) => !existsSync(path.join(PG15_BIN, p)));
  if (missing.length)
    return `Debian's PostgreSQL 15 binaries are not installed (${missing.join(", ")} missing from ${PG15_BIN}; apt-get install postgresql-15)`;
  if (process.getuid?.() === 0 && !postgresUser())
    return "running as root and there is no postgres user for PostgreSQL to run as";
  return null;
}

export interface ReplicatedPair {
  /** A database on the primary, or on the replica (created on the primary, replicated). */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Stops applying WAL on the replica: it keeps the state it has until resumed. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their folders; safe to call twice. */
  stop(): Promise<void>;
  logs(): Promise<string>;
}

function postgresUser(): { uid: number; gid: number } | null {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  // As root, the postgres user must reach the folder: /tmp, not a private TMPDIR.
  const root = await mkdtemp(path.join(runAs ? "/tmp" : tmpdir(), "hirewise-replica-"));
  if (runAs) await chown(root, runAs.uid, runAs.gid);
  await chmod(root, 0o700);
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];

  const run = (program: string, args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        path.join(PG15_BIN, program),
        args,
        { cwd: root, ...(runAs ?? {}), env: { ...process.env, LC_ALL: "C" }, timeout: 120_000 },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`${program} ${args.join(" ")} failed: ${stderr || stdout || error.message}`))
            : resolve(stdout),
      );
    });
  const asPostgres = async (file: string, text: string) => {
    await appendFile(file, text);
    if (runAs) await chown(file, runAs.uid, runAs.gid);
  };
  const pgCtl = (dir: string, ...args: string[]) => run("pg_ctl", ["-D", dir, ...args]);
  const started = new Set<string>();
  // Last resort when the test process exits without stop(): an immediate shutdown of both.
  const stopAtExit = () => {
    for (const dir of started)
      spawnSync(path.join(PG15_BIN, "pg_ctl"), ["-D", dir, "-m", "immediate", "stop"], {
        ...(runAs ?? {}),
        stdio: "ignore",
        timeout: 10_000,
      });
  };
  process.once("exit", stopAtExit);

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T>(port: number, sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url(port, "postgres"), connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  };

  let stopping: Promise<void> | undefined;
  const pair: ReplicatedPair = {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    async pauseReplay() {
      await query(replicaPort, "select pg_wal_replay_pause()");
      await vi.waitFor(
        async () => {
          const [row] = await query<{ state: string }>(replicaPort, "select pg_get_wal_replay_pause_state() as state");
          if (row!.state !== "paused") throw new Error("replay did not pause");
        },
        { timeout: 30_000, interval: 50 },
      );
    },
    async resumeReplay() {
      await query(replicaPort, "select pg_wal_replay_resume()");
    },
    async caughtUp(timeoutMs = 30_000) {
      const [{ lsn }] = (await query<{ lsn: string }>(primaryPort, "select pg_current_wal_lsn()::text as lsn")) as [
        { lsn: string },
      ];
      await vi.waitFor(
        async () => {
          const sql = "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done";
          const [row] = await query<{ done: boolean }>(replicaPort, sql, [lsn]);
          if (!row!.done) throw new Error(`the replica did not replay up to ${lsn}`);
        },
        { timeout: timeoutMs, interval: 50 },
      );
    },
    async stopReplica() {
      await pgCtl(replicaDir, "-m", "fast", "-w", "stop");
      started.delete(replicaDir);
    },
    logs: async () =>
      (
        await Promise.all(
          [primaryDir, replicaDir].map((dir) =>
            readFile(`${dir}.log`, "utf8").then(
              (text) => `--- ${path.basename(dir)}\n${text}`,
              () => "",
            ),
          ),
        )
      ).join("\n"),
    stop() {
      stopping ??= (async () => {
        for (const dir of [...started]) {
          await pgCtl(dir, "-m", "immediate", "-w", "stop").catch(() => {});
          started.delete(dir);
        }
        process.removeListener("exit", stopAtExit);
        await rm(root, { recursive: true, force: true });
      })();
      return stopping;
    },
  };

  try {
    // The primary: WAL for a standby, replication connections from 127.0.0.1 without a password.
    await run("initdb", [
      "-D",
      primaryDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    await asPostgres(
      path.join(primaryDir, "postgresql.conf"),
      [
        "",
        "listen_addresses = '127.0.0.1'",
        `port = ${primaryPort}`,
        "unix_socket_directories = ''",
        "wal_level = replica",
        "max_wal_senders = 4",
        "hot_standby = on",
        "fsync = off",
        "max_connections = 60",
        "",
      ].join("\n"),
    );
    await asPostgres(
      path.join(primaryDir, "pg_hba.conf"),
      "\nhost replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n",
    );
    await pgCtl(primaryDir, "-l", `${primaryDir}.log`, "-w", "-t", "60", "start");
    started.add(primaryDir);

    // The replica: a base backup that writes standby.signal and primary_conninfo (-R), on its own port.
    await run("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      replicaDir,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    await asPostgres(path.join(replicaDir, "postgresql.conf"), `\nport = ${replicaPort}\n`);
    await pgCtl(replicaDir, "-l", `${replicaDir}.log`, "-w", "-t", "60", "start");
    started.add(replicaDir);
    const [{ standby }] = (await query<{ standby: boolean }>(replicaPort, "select pg_is_in_recovery() as standby")) as [
      { standby: boolean },
    ];
    if (!standby) throw new Error("the replica started as a primary");
    return pair;
  } catch (error) {
    const logs = await pair.logs();
    await pair.stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}
