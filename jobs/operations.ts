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
  const rows = await em().execute<{ id: string; name: string; completed_on: Date | null; retry_count: number; output: { message?: string; value?: { message?: string } } | null }[]>(
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
  const rows = await em().execute<{ name: string }[]>(`select name from pgboss.job where id = ? and state = 'failed'`, [id]);
  if (!rows[0]) return false;
  await getBoss().retry(rows[0].name, id);
  return true;
}
