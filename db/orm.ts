// MikroORM configuration: the entities every module registers, and the checked-in migrations.
// Migrations run at start (never schema sync), so every process sees the same schema.
import { defineConfig, MikroORM } from "@mikro-orm/postgresql";
import { Migrator } from "@mikro-orm/migrations";
import type pg from "pg";
import { entities } from "./entities.ts";
import { migrations } from "./migrations/index.ts";
import { destroyBrokenConnections } from "./connection-guard.ts";
import { config, type Config } from "../lib/config.ts";
import type { Logger } from "../lib/logger.ts";

// Any fixed number shared by every process: the key of the advisory lock around migrations.
const MIGRATION_LOCK_KEY = 7_482_046_113;

/**
 * What each pool calls itself in pg_stat_activity: the app's pool on the primary, the read
 * replica's pool, and (jobs/boss.ts) the queue's "hirewise".
 */
export const APPLICATION_NAMES = { primary: "hirewise-app", replica: "hirewise-read" } as const;

export function ormConfig(
  url: string,
  log?: Logger,
  pool: Config["pool"] = config().pool,
  applicationName: string = APPLICATION_NAMES.primary,
) {
  return defineConfig({
    clientUrl: url,
    entities,
    extensions: [Migrator],
    migrations: {
      tableName: "mikro_orm_migrations",
      path: "db/migrations",
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      migrationsList: migrations,
    },
    pool: { min: 0, max: pool.max },
    // Passed to pg's Pool: waiting for a free connection (or a new one) and any one statement fail
    // after their time-outs instead of hanging the request.
    driverOptions: {
      connectionTimeoutMillis: pool.acquireTimeoutMs,
      statement_timeout: pool.statementTimeoutMs,
      application_name: applicationName,
      // No JIT compilation: at a million jobs the planner's cost passes jit_above_cost on ordinary
      // searches, and compiling their expressions took 10 to 20 ms of a 100 ms statement (decision 063).
      options: "-c jit=off",
      onPoolCreated: (created: pg.Pool) =>
        destroyBrokenConnections(created, (err) =>
          log?.warn({ err }, "database connection broken inside a transaction: destroyed"),
        ),
    },
    debug: false,
    logger: (message) => log?.debug({ orm: message }, "orm"),
  });
}

export async function openOrm(
  url: string,
  log?: Logger,
  pool?: Config["pool"],
  applicationName?: string,
): Promise<MikroORM> {
  return new MikroORM(ormConfig(url, log, pool, applicationName));
}

/**
 * Applies pending migrations; returns the names applied. Processes starting together on an empty
 * database take turns on an advisory lock: the first migrates, the others then find nothing to do.
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const connection = orm.em.getConnection();
  const applied = await connection.transactional(async (trx) => {
    // A long migration (an index on a big table) must not hit the app's statement time-out, nor
    // must the wait for another process's migrations.
    await connection.execute("set local statement_timeout = 0", [], "run", trx);
    await connection.execute("select pg_advisory_xact_lock(?)", [MIGRATION_LOCK_KEY], "run", trx);
    return orm.migrator.up({ transaction: trx });
  });
  return applied.map((m) => m.name);
}
