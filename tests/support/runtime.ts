// An isolated runtime for one test file: its own database (cloned from the template), the ORM and
// the real pg-boss queue, with workers when the test wants jobs to run.
import { afterAll, beforeAll, expect, inject, vi } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { em, setOrm } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { cloneTestDatabase } from "./pg.ts";
import { WAIT } from "./wait.ts";

export interface TestRuntime {
  databaseUrl: string;
  orm: MikroORM;
  queue: QueueRuntime;
}

/** Call at the top of a test file; the returned object is filled in before the first test. */
export function useTestRuntime(options: { workers?: boolean } = {}): TestRuntime {
  const runtime = {} as TestRuntime;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await cloneTestDatabase(inject("adminDatabaseUrl"), inject("templateDatabase"));
    drop = db.drop;
    runtime.databaseUrl = db.url;
    runtime.orm = await openOrm(db.url);
    setOrm(runtime.orm);
    runtime.queue = await startQueue(db.url, logger, {
      workers: options.workers ?? false,
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    setClock(undefined);
    await runtime.queue?.stop();
    await runtime.orm?.close();
    setOrm(undefined);
    await drop?.();
  });
  return runtime;
}

/**
 * Waits until the queued job on `queue` whose data holds `data` has run to its end, and returns
 * its final state ("completed", or "failed" once its retries are used up). Proves that a job did
 * its work, or chose to do nothing, without waiting a fixed time.
 */
export async function settledJob(queue: string, data: Record<string, string>, timeoutMs = 30_000): Promise<string> {
  return vi.waitFor(
    async () => {
      const rows = await em().execute<{ state: string }[]>(
        "select state from pgboss.job where name = ? and data @> ?::jsonb",
        [queue, JSON.stringify(data)],
      );
      const state = rows[0]?.state;
      expect(["completed", "failed", "cancelled"], `${queue} job ${JSON.stringify(data)}`).toContain(state);
      return state!;
    },
    { ...WAIT, timeout: timeoutMs },
  );
}
