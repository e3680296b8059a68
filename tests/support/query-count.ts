// Which SQL statements some work sends through the ORM, whatever the ORM does underneath: for
// tests that hold a page or a search to a fixed number of statements, or to a way of reading.
import { createRequire } from "node:module";
import path from "node:path";
import type pg from "pg";

// The pg the ORM's driver loads (its own copy), so every statement it sends passes here.
const ormPg = createRequire(path.resolve("node_modules/@mikro-orm/postgresql/index.js"))("pg") as typeof pg;

/** The SQL text of each statement `work` sends, in order. */
export async function sentQueries(work: () => Promise<unknown>): Promise<string[]> {
  const original = ormPg.Client.prototype.query;
  const sent: string[] = [];
  ormPg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [query] = args as [string | { text?: string }];
    sent.push(typeof query === "string" ? query : (query?.text ?? ""));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    ormPg.Client.prototype.query = original;
  }
  return sent;
}

/** Counts the SQL statements `work` sends. */
export async function countQueries(work: () => Promise<unknown>): Promise<number> {
  return (await sentQueries(work)).length;
}
