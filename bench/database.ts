// A database of its own for a bench: on the server DATABASE_URL names, else on a fresh embedded
// PostgreSQL (in the bench's temp directory). Dropped at the start and by `release()`. Sets
// DATABASE_URL and DATA_DIR for the modules the bench imports afterwards.
import pg from "pg";
import { benchEnvironment } from "./server.ts";

export const withDatabase = (url: string, database: string) =>
  Object.assign(new URL(url), { pathname: `/${database}` }).toString();

/** One statement on its own connection. */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  /** The bench database's address. */
  url: string;
  dataDir: string;
  /** "DATABASE_URL's server" or "embedded PostgreSQL", for the report. */
  where: string;
  /** Drops the database, stops an embedded server and removes the temp directory. */
  release(): Promise<void>;
}

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const { dataDir, pgPort, cleanup } = await benchEnvironment();
  let adminUrl = process.env.DATABASE_URL;
  const where = adminUrl ? "DATABASE_URL's server" : "embedded PostgreSQL";
  let releaseEmbedded = async () => {};
  if (!adminUrl) {
    const [{ loadConfig }, { pino }, { openDatabase }] = await Promise.all([
      import("../lib/config.ts"),
      import("pino"),
      import("../db/database.ts"),
    ]);
    const db = await openDatabase(
      loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn" }),
      pino({ level: "warn" }),
    );
    adminUrl = db.url;
    releaseEmbedded = db.release;
  }
  const admin = withDatabase(adminUrl, "postgres");
  const url = withDatabase(adminUrl, name);
  await sql(admin, `drop database if exists ${name} with (force)`);
  await sql(admin, `create database ${name}`);
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
  return {
    url,
    dataDir,
    where,
    async release() {
      await sql(admin, `drop database if exists ${name} with (force)`).catch((error: unknown) =>
        console.error(`could not drop ${name}:`, error),
      );
      await releaseEmbedded();
      await cleanup();
    },
  };
}
