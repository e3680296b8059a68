// MikroORM configuration: the entities every module registers, and the checked-in migrations.
// Migrations run at start (never schema sync), so every process sees the same schema.
import { defineConfig, MikroORM } from "@mikro-orm/postgresql";
import { Migrator } from "@mikro-orm/migrations";
import { entities } from "./entities.ts";
import { migrations } from "./migrations/index.ts";
import type { Logger } from "../lib/logger.ts";

export function ormConfig(url: string, log?: Logger) {
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
    pool: { min: 0, max: 10 },
    debug: false,
    logger: (message) => log?.debug({ orm: message }, "orm"),
  });
}

export async function openOrm(url: string, log?: Logger): Promise<MikroORM> {
  return new MikroORM(ormConfig(url, log));
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
