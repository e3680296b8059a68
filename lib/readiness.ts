// Whether this process can serve requests now, with the detail an operator needs when not: the
// database through the app's own pool, and the queues (read only: a slow queue is reported, it does
// not take the web process out of rotation).
import { setTimeout as delay } from "node:timers/promises";
import { getOrm } from "./db.ts";

export interface DatabaseReadiness {
  ok: boolean;
  /** Why not, when not: "database unreachable" or "database pool exhausted". */
  problem?: string;
  pool: { size: number; max: number; idle: number; waiting: number };
}

/**
 * Whether a request could use the database now: a trivial query through the app's own pool must
 * answer within `withinMs`, so a probe gets its answer even when the database hangs or every pooled
 * connection is taken (requests would wait for one).
 */
export async function databaseReadiness(withinMs = 800): Promise<DatabaseReadiness> {
  const connection = getOrm().em.getConnection();
  const pool = await connection.getNativeClient();
  const answered = await within(
    withinMs,
    connection.execute("select 1").then(
      () => true,
      () => false,
    ),
  );
  const max = pool.options.max ?? 10;
  const state = { size: pool.totalCount, max, idle: pool.idleCount, waiting: pool.waitingCount };
  if (answered) return { ok: true, pool: state };
  const exhausted = state.waiting > 0 && state.idle === 0 && state.size >= max;
  return { ok: false, problem: exhausted ? "database pool exhausted" : "database unreachable", pool: state };
}

/** The promise's value, or undefined when it has not settled within `ms` (it is left to run). */
export function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([promise, delay(ms, undefined, { ref: false })]);
}
