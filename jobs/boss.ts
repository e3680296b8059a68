// Starts pg-boss on the app's database, creates every queue, and (optionally) starts workers.
import { PgBoss, type JobResult } from "pg-boss";
import { setBoss } from "../lib/queue.ts";
import type { Logger } from "../lib/logger.ts";
import { queues } from "./queues.ts";

export interface QueueRuntime {
  boss: PgBoss;
  /** Stops taking jobs, waits for running handlers (up to the timeout), closes the pool. */
  stop(): Promise<void>;
}

export async function startQueue(
  url: string,
  log: Logger,
  options: { workers: boolean; pollingIntervalSeconds?: number },
): Promise<QueueRuntime> {
  const boss = new PgBoss({ connectionString: url, schema: "pgboss", application_name: "hirewise", max: 5 });
  boss.on("error", (err) => log.error({ err }, "queue error"));
  await boss.start();
  for (const q of queues) {
    await boss.createQueue(q.name, {
      retryLimit: q.retryLimit ?? 3,
      retryDelay: q.retryDelay ?? 5,
      retryBackoff: q.retryBackoff ?? true,
      expireInSeconds: q.expireInSeconds ?? 300,
      policy: q.policy ?? "standard",
      ...(q.heartbeatSeconds ? { heartbeatSeconds: q.heartbeatSeconds } : {}),
    });
    // Idempotent: every process declares the same schedule; pg-boss keeps one and runs it once.
    if (q.schedule) await boss.schedule(q.name, q.schedule, {}, { tz: "UTC" });
  }
  setBoss(boss);
  if (options.workers) {
    for (const q of queues) {
      // Jobs come in batches, fetched again at once while batches come back full (a backlog drains
      // in seconds, not one job per poll); each job settles on its own, so one failure retries only
      // that job.
      await boss.work(
        q.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: q.batchSize ?? 10, burstWhenBatchFull: true, perJobResults: true },
        async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            const started = Date.now();
            try {
              await q.handle(job.data as object, { jobId: job.id });
              log.info({ queue: q.name, jobId: job.id, ms: Date.now() - started }, "job done");
              results.push({ id: job.id, status: "completed" });
            } catch (err) {
              log.error({ err, queue: q.name, jobId: job.id }, "job failed");
              results.push({ id: job.id, status: "failed", output: { message: err instanceof Error ? err.message : String(err) } });
            }
          }
          return results;
        },
      );
    }
    log.info({ queues: queues.map((q) => q.name) }, "workers started");
  }
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 20_000 });
      setBoss(undefined);
    },
  };
}
