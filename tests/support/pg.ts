// Test databases: one template, migrated once per run; every test file gets its own clone.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEMPLATE_DB = "hirewise_test_template";

export function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template; drop it with the returned function. */
export async function cloneTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hirewise_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name} template ${TEMPLATE_DB}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
