// What operators do with the queue: see the jobs that failed for good, and run one again.
import { em } from "../lib/db.ts";
import { getBoss } from "../lib/queue.ts";

export interface FailedJob {
  id: string;
  queue: string;
  failedAt: string;
  attempts: number;
  error: string;
}

/** Jobs that used up their retries, newest first. */
export async function failedJobs(limit = 100): Promise<FailedJob[]> {
  const rows = await em().execute<
    {
      id: string;
      name: string;
      completed_on: Date | null;
      retry_count: number;
      output: { message?: string; value?: { message?: string } } | null;
    }[]
  >(
    `select id, name, completed_on, retry_count, output from pgboss.job where state = 'failed' order by completed_on desc nulls last limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    queue: r.name,
    failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : "",
    attempts: r.retry_count + 1,
    error: r.output?.message ?? r.output?.value?.message ?? JSON.stringify(r.output ?? {}),
  }));
}

/** Queues a failed job again; false when no failed job has that id. */
export async function retryFailedJob(id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const rows = await em().execute<{ name: string }[]>(`select name from pgboss.job where id = ? and state = 'failed'`, [
    id,
  ]);
  if (!rows[0]) return false;
  await getBoss().retry(rows[0].name, id);
  return true;
}

export interface QueueStatus {
  queue: string;
  /** Waiting to run, including retries not due yet. */
  queued: number;
  active: number;
  /** Failed for good and still kept (see queue:failed). */
  failed: number;
  /** How long the oldest job that is due has waited, in seconds; null when none waits. */
  oldestSeconds: number | null;
}

/** Counts per queue, every declared queue included. */
export async function queueStatus(): Promise<QueueStatus[]> {
  const rows = await em().execute<
    { name: string; queued: string; active: string; failed: string; oldest: string | null }[]
  >(
    `select q.name,
       count(j.id) filter (where j.state in ('created', 'retry')) as queued,
       count(j.id) filter (where j.state = 'active') as active,
       count(j.id) filter (where j.state = 'failed') as failed,
       extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now())) as oldest
     from pgboss.queue q
     left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
     group by q.name order by q.name`,
  );
  return rows.map((r) => ({
    queue: r.name,
    queued: Number(r.queued),
    active: Number(r.active),
    failed: Number(r.failed),
    oldestSeconds: r.oldest === null ? null : Math.round(Number(r.oldest)),
  }));
}

/** A queue whose oldest due job has waited this long is reported as stuck. */
export const STUCK_AFTER_SECONDS = 300;

/** What an operator should look at: queues that are stuck or hold failed jobs. */
export function queueProblems(status: QueueStatus[]): string[] {
  return status.flatMap((q) => [
    ...(q.oldestSeconds !== null && q.oldestSeconds >= STUCK_AFTER_SECONDS
      ? [`${q.queue}: oldest job has waited ${q.oldestSeconds} s`]
      : []),
    ...(q.failed > 0
      ? [`${q.queue}: ${q.failed} failed job${q.failed === 1 ? "" : "s"} (npm run cli -- queue:failed)`]
      : []),
  ]);
}
