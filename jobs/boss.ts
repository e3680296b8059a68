// Starts pg-boss on the app's database, creates every queue, and (optionally) starts workers.
import { PgBoss, type JobResult } from "pg-boss";
import { setBoss } from "../lib/queue.ts";
import type { Logger } from "../lib/logger.ts";
import { queues } from "./queues.ts";

/** How often each process looks for runs that went silent or expired, in seconds. */
const SUPERVISE_SECONDS = 5;

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
  // Each process checks every few seconds for runs whose heartbeat went silent or that expired, so a
  // job whose worker was killed runs again within 30 s (pg-boss checks every minute by default).
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    application_name: "hirewise",
    max: 5,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    // Schedules fire only where jobs are worked: a web process started without workers queues
    // nothing on its own (the worker processes' clocks do it, once, as pg-boss keeps one schedule).
    schedule: options.workers,
  });
  boss.on("error", (err) => log.error({ err }, "queue error"));
  await boss.start();
  for (const q of queues) {
    await boss.createQueue(q.name, {
      retryLimit: q.retryLimit ?? 3,
      retryDelay: q.retryDelay ?? 5,
      retryBackoff: q.retryBackoff ?? true,
      expireInSeconds: q.expireInSeconds ?? 300,
      policy: q.policy ?? "standard",
      heartbeatSeconds: q.heartbeatSeconds ?? 10,
    });
    // Idempotent: every process declares the same schedule; pg-boss keeps one and runs it once.
    if (q.schedule) await boss.schedule(q.name, q.schedule, {}, { tz: "UTC" });
  }
  setBoss(boss);
  if (options.workers) {
    for (const q of queues) {
      // Jobs come in batches, fetched again at once while batches come back full (a backlog drains
      // in seconds, not one job per poll). Each job is settled with the queue the moment it ends,
      // not when the whole batch does, so a worker killed mid-batch leaves only the job it was on to
      // run again. The results returned at the end settle any job whose own settle could not reach
      // the database; for the others they change nothing (settles are fenced to this run).
      await boss.work(
        q.name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          batchSize: q.batchSize ?? 10,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            // The queue has taken this job back (its run timed out, or the worker is stopping): not ours to run.
            if (job.signal.aborted) continue;
            const run = { id: job.id, retryCount: job.retryCount };
            const started = Date.now();
            let result: JobResult;
            try {
              await q.handle(job.data as object, { jobId: job.id, retryCount: job.retryCount, signal: job.signal });
              log.info({ queue: q.name, jobId: job.id, ms: Date.now() - started }, "job done");
              result = { id: job.id, status: "completed" };
              await boss
                .complete(q.name, run)
                .catch((err: unknown) => log.warn({ err, queue: q.name, jobId: job.id }, "could not settle a job yet"));
            } catch (err) {
              log.error({ err, queue: q.name, jobId: job.id }, "job failed");
              const output = { message: err instanceof Error ? err.message : String(err) };
              result = { id: job.id, status: "failed", output };
              await boss
                .fail(q.name, run, output)
                .catch((e: unknown) =>
                  log.warn({ err: e, queue: q.name, jobId: job.id }, "could not settle a job yet"),
                );
            }
            results.push(result);
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
