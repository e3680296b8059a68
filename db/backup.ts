// Backups: the database as a pg_dump custom-format archive, plus the stored files (resumes, logos)
// under DATA_DIR/files when they live on the local disk. A bucket (STORAGE=s3) is left in place.
// pg_dump and pg_restore come from PG_BIN_DIR when set, else from the PATH; they must be of the
// server's major version or newer.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Config } from "../lib/config.ts";

const DUMP = "database.dump";
const FILES = "files";
const MANIFEST = "backup.json";

export interface BackupManifest {
  createdAt: string;
  database: string;
  /** "local": the files are in the backup; "s3": they stayed in the bucket named. */
  files: { storage: "local"; count: number } | { storage: "s3"; bucket: string };
}

export class BackupError extends Error {}

/** Writes a backup of `databaseUrl` and the stored files into `dir` (new, or empty). */
export async function backup(cfg: Config, databaseUrl: string, dir: string): Promise<BackupManifest> {
  if (existsSync(dir) && (await readdir(dir)).length)
    throw new BackupError(`${dir} is not empty: choose a new folder for the backup.`);
  await mkdir(dir, { recursive: true });
  await run(
    cfg,
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(dir, DUMP)}`],
    databaseUrl,
  );
  let files: BackupManifest["files"];
  if (cfg.storage.backend === "s3") {
    files = { storage: "s3", bucket: cfg.storage.s3.bucket };
  } else {
    const source = path.join(cfg.dataDir, FILES);
    // Not ".tmp": uploads still arriving.
    if (existsSync(source))
      await cp(source, path.join(dir, FILES), {
        recursive: true,
        filter: (from) => from !== path.join(source, ".tmp"),
      });
    files = { storage: "local", count: await countFiles(path.join(dir, FILES)) };
  }
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: new URL(databaseUrl).pathname.slice(1),
    files,
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/**
 * Restores a backup into `databaseUrl` (all or nothing: one transaction) and its files into
 * DATA_DIR/files. Refuses a database that has tables, or a files folder that has files, unless
 * `force`: then the database is emptied first (every schema dropped) and files are overwritten.
 */
export async function restore(cfg: Config, databaseUrl: string, dir: string, force: boolean): Promise<BackupManifest> {
  const manifestFile = path.join(dir, MANIFEST);
  if (!existsSync(manifestFile) || !existsSync(path.join(dir, DUMP)))
    throw new BackupError(`${dir} is not a Hirewise backup (no ${MANIFEST} and ${DUMP}).`);
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
  const target = path.join(cfg.dataDir, FILES);
  if (!force) {
    const tables = await tableCount(databaseUrl);
    if (tables)
      throw new BackupError(
        `The database already has ${tables} tables: restore only into an empty database, or add --force to replace its contents.`,
      );
    if (manifest.files.storage === "local" && (await countFiles(target))) {
      throw new BackupError(
        `${target} already holds files: restore only into an empty DATA_DIR, or add --force to replace them.`,
      );
    }
  }
  // Not pg_restore --clean: it cannot drop pg-boss's partitioned tables piece by piece.
  if (force) await dropSchemas(databaseUrl);
  await run(
    cfg,
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", path.join(dir, DUMP)],
    databaseUrl,
  );
  if (manifest.files.storage === "local" && existsSync(path.join(dir, FILES))) {
    await mkdir(target, { recursive: true });
    await cp(path.join(dir, FILES), target, { recursive: true, force: true });
  }
  return manifest;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function tableCount(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  });
}

/** Empties the database: every schema of its own dropped, an empty public schema in their place. */
function dropSchemas(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and not starts_with(nspname, 'pg_')`,
    );
    await client.query("begin");
    for (const { name } of rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query("create schema public");
    await client.query("commit");
  });
}

/** Stored files, not the storage's own bookkeeping (".meta", ".tmp"). */
async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !path.relative(dir, e.parentPath).startsWith(".")).length;
}

/** Runs pg_dump or pg_restore against `databaseUrl`; the password goes by environment, not argv. */
async function run(cfg: Config, tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  const command = cfg.pgBinDir ? path.join(cfg.pgBinDir, tool) : tool;
  const target = tool === "pg_restore" ? [`--dbname=${env.PGDATABASE}`] : [];
  try {
    await promisify(execFile)(command, [...args, ...target], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string | number; stderr?: string; message: string };
    if (e.code === "ENOENT") {
      throw new BackupError(
        `${tool} was not found${cfg.pgBinDir ? ` in ${cfg.pgBinDir}` : " on the PATH"}: install the PostgreSQL client tools of the server's version (e.g. postgresql-client-18 for the embedded database) or set PG_BIN_DIR.`,
      );
    }
    const detail = (e.stderr || e.message).trim();
    const hint = /version mismatch/i.test(detail)
      ? ` (${tool} must be of the server's major version or newer: set PG_BIN_DIR to newer client tools)`
      : "";
    throw new BackupError(`${tool} failed${hint}: ${detail}`);
  }
}
