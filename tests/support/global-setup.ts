// Runs once per `vitest run`: finds a PostgreSQL server (DATABASE_URL, or an embedded one), and
// builds the template database every test file clones: all migrations plus pg-boss's schema.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../lib/config.ts";
import { logger } from "../../lib/logger.ts";
import { openDatabase } from "../../db/database.ts";
import { migrate, openOrm } from "../../db/orm.ts";
import { startQueue } from "../../jobs/boss.ts";
import { adminQuery, templateName, withDatabase } from "./pg.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  // DATABASE_URL names the server to use; its database part is only for connecting as admin.
  const cfg = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(".cache/test-pg"),
    EMBEDDED_PG_PORT: process.env.TEST_EMBEDDED_PG_PORT ?? "5434",
  });
  const server = await openDatabase(cfg, logger.child({ scope: "tests" }));
  const adminUrl = withDatabase(server.url, "postgres");

  const template = templateName(process.pid);
  await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  await adminQuery(adminUrl, `create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const orm = await openOrm(templateUrl);
  await migrate(orm);
  await orm.close();
  const queue = await startQueue(templateUrl, logger, { workers: false });
  await queue.stop();

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template);
  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    await server.release();
  };
}
