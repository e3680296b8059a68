// npm run db:migration -- <name>: writes a migration for the difference between the entities and
// the schema the existing migrations build. Uses DATABASE_URL, or the embedded database.
import { config } from "../lib/config.ts";
import { logger } from "../lib/logger.ts";
import { openDatabase } from "./database.ts";
import { migrate, openOrm } from "./orm.ts";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name in snake_case>");
  process.exit(2);
}
const db = await openDatabase(config(), logger);
const orm = await openOrm(db.url, logger);
try {
  await migrate(orm);
  const result = await orm.migrator.create("db/migrations", false, false, name);
  if (!result.diff.up.length) console.log("The schema already matches the entities; nothing written.");
  else {
    console.log(`Wrote db/migrations/${result.fileName}. Add it to db/migrations/index.ts.`);
    // The board's search columns and indexes (jobs.search_*, trigram and GIN indexes) are written
    // by hand in their migrations; the entities do not describe them, so a diff proposes to drop them.
    const drops = [...result.diff.up, ...result.diff.down].filter((sql) => /drop (column|index)[^;]*search/i.test(sql));
    if (drops.length) {
      console.warn(
        "Warning: this diff drops hand-written search columns or indexes; delete these lines before running it:",
      );
      for (const sql of drops) console.warn(`  ${sql}`);
    }
  }
} finally {
  await orm.close();
  await db.release();
}
