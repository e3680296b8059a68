// Test databases: one template, migrated once per run; every test file gets its own clone.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Each `vitest run` builds its own template, so runs side by side never drop each other's. */
export function templateName(runId: string | number): string {
  return `hirewise_test_template_${runId}`;
}

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
export async function cloneTestDatabase(
  adminUrl: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hirewise_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
