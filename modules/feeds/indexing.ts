// Telling Google when a board job's page appears, changes or goes (decision 079). A change to a job's
// page (hiring's onJobPageChange) writes the job's one pending notification, URL_UPDATED or
// URL_DELETED, the latest change winning, and queues a run in the same transaction. A run claims
// pending notifications in batches of up to 100, counts them against the day's quota (Google's
// days start at midnight Pacific time) before sending, and leaves what the quota doesn't allow
// pending with a log line; the schedule sends it once the day turns. Without a service account
// configured nothing is written or sent.
import { config } from "../../lib/config.ts";
import { now } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import type { IndexingSettings } from "../../lib/indexing-settings.ts";
import { logger } from "../../lib/logger.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { zonedWallTimeToUtc } from "../../lib/zoned-time.ts";
import type { JobPageChange } from "../hiring/index.server.ts";
import { BATCH_MAX, IndexingHttpError, publishBatch, type NotificationType } from "./indexing-client.ts";

export const INDEXING_QUEUE = "feeds.indexing";
const GOOGLE_DAY_ZONE = "America/Los_Angeles";
// A claimed notification whose run died is claimed again after this.
const CLAIM_MS = 5 * 60_000;

let override: IndexingSettings | null | undefined;

/** Tests only: these settings instead of the environment's (null: unconfigured; undefined: the environment's). */
export function setIndexingSettings(settings: IndexingSettings | null | undefined): void {
  override = settings;
}

export function indexingSettings(): IndexingSettings | undefined {
  return override === undefined ? config().indexing : (override ?? undefined);
}

/** The public page Google is told about. */
export const jobPageUrl = (jobId: string) => new URL(`/jobs/${jobId}`, config().publicUrl).toString();

/** hiring's onJobPageChange: the job's pending notification, and a run to send it. */
export async function requestIndexing(change: JobPageChange): Promise<void> {
  if (!indexingSettings()) return;
  const type: NotificationType = change.shown ? "URL_UPDATED" : "URL_DELETED";
  await em().execute(
    `insert into indexing_notifications (job_id, url, type, requested_at) values (?, ?, ?, ?)
     on conflict (job_id) do update
       set url = excluded.url, type = excluded.type, version = indexing_notifications.version + 1, claimed_until = null`,
    [change.jobId, jobPageUrl(change.jobId), type, now()],
  );
  await enqueue(INDEXING_QUEUE, { jobId: change.jobId, type });
}

/** Google's day at `at` (its quota's day, in Pacific time) and the instant the next one starts. */
export function quotaDay(at: Date): { day: string; resetsAt: Date } {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: GOOGLE_DAY_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const resetsAt = zonedWallTimeToUtc(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
    GOOGLE_DAY_ZONE,
  );
  return { day, resetsAt };
}

/** Counts up to `wanted` publish requests on `day` within `limit`; returns how many it counted. */
async function takeQuota(day: string, wanted: number, limit: number): Promise<number> {
  await em().execute(`insert into indexing_quota_days (day, used) values (?, 0) on conflict (day) do nothing`, [day]);
  const [row] = await em().execute<{ granted: number }[]>(
    `with old as (select used from indexing_quota_days where day = ? for update)
     update indexing_quota_days q set used = q.used + least(?, greatest(0, ? - old.used))
       from old where q.day = ?
     returning least(?, greatest(0, ? - old.used))::int as granted`,
    [day, wanted, limit, day, wanted, limit],
  );
  return Number(row?.granted ?? 0);
}

const giveBackQuota = (day: string, count: number) =>
  em().execute(`update indexing_quota_days set used = greatest(0, used - ?) where day = ?`, [count, day]);

/** How many publish requests `day` has counted (0 for a day without any). */
export async function quotaUsed(day: string): Promise<number> {
  const [row] = await em().execute<{ used: number }[]>(`select used from indexing_quota_days where day = ?`, [day]);
  return Number(row?.used ?? 0);
}

interface Claimed {
  job_id: string;
  url: string;
  type: NotificationType;
  version: number;
}

async function claim(limit: number, at: Date): Promise<Claimed[]> {
  return em().execute<Claimed[]>(
    `update indexing_notifications set claimed_until = ?
      where job_id in (
        select job_id from indexing_notifications where claimed_until is null or claimed_until < ?
         order by requested_at, job_id limit ? for update skip locked)
      returning job_id, url, type, version`,
    [new Date(at.getTime() + CLAIM_MS), at, limit],
  );
}

const release = (rows: Claimed[]) =>
  rows.length
    ? em().execute(
        `update indexing_notifications set claimed_until = null where job_id in (${rows.map(() => "?").join(",")})`,
        [...rows.map((r) => r.job_id)],
      )
    : Promise.resolve();

// Sent (or refused for good): gone, unless the job changed again meanwhile (its version moved on).
const settle = (row: Claimed) =>
  em().execute(`delete from indexing_notifications where job_id = ? and version = ?`, [row.job_id, row.version]);

const pendingCount = async () =>
  Number((await em().execute<{ n: number }[]>(`select count(*)::int as n from indexing_notifications`))[0]?.n ?? 0);

export interface IndexingRun {
  sent: number;
  /** Refused by Google for good (logged, each with its reason). */
  refused: number;
  /** Left pending for the next day's quota (logged). */
  waiting: number;
}

/** Sends the pending notifications the day's quota allows, in batches; safe to run at once on many nodes. */
export async function sendIndexingNotifications(signal?: AbortSignal): Promise<IndexingRun> {
  const run: IndexingRun = { sent: 0, refused: 0, waiting: 0 };
  const settings = indexingSettings();
  if (!settings) return run;
  for (;;) {
    const at = now();
    const { day, resetsAt } = quotaDay(at);
    const rows = await claim(Math.max(0, Math.min(BATCH_MAX, settings.dailyLimit - (await quotaUsed(day)))), at);
    const granted = rows.length ? await takeQuota(day, rows.length, settings.dailyLimit) : 0;
    await release(rows.slice(granted));
    const batch = rows.slice(0, granted);
    if (!batch.length) {
      run.waiting = await pendingCount();
      if (run.waiting > 0) {
        logger.warn(
          { waiting: run.waiting, limit: settings.dailyLimit, day, resetsAt: resetsAt.toISOString() },
          `Indexing API: today's quota of ${settings.dailyLimit} publish requests is used; ${run.waiting} notifications wait until ${resetsAt.toISOString()}`,
        );
      }
      return run;
    }
    let results;
    try {
      results = await publishBatch(settings, batch, signal);
    } catch (error) {
      await release(batch);
      if (error instanceof IndexingHttpError && error.status === 429) {
        // Google counts differently than we do (another sender on the same project): the day is over.
        await em().execute(`update indexing_quota_days set used = greatest(used, ?) where day = ?`, [
          settings.dailyLimit,
          day,
        ]);
        continue;
      }
      await giveBackQuota(day, batch.length);
      throw error;
    }
    let retryLater = false;
    for (const [i, result] of results.entries()) {
      const row = batch[i]!;
      if (result.ok) {
        await settle(row);
        run.sent++;
      } else if (result.status === 429 || result.status >= 500 || result.status === 0) {
        // Not refused, only not now: it stays pending for the next run (the schedule's, at the latest).
        await release([row]);
        retryLater = true;
        logger.warn({ url: row.url, type: row.type, status: result.status }, `Indexing API: ${result.message}`);
      } else {
        await settle(row);
        run.refused++;
        logger.error(
          { url: row.url, type: row.type, status: result.status },
          `Indexing API refused a notification: ${result.message}`,
        );
      }
    }
    if (retryLater) return run;
  }
}

export const indexingQueue: QueueDefinition<object> = {
  name: INDEXING_QUEUE,
  // Also every 15 minutes: what waited for the quota goes once the day turns, and anything a
  // crashed run left claimed is sent.
  schedule: "*/15 * * * *",
  retryLimit: 5,
  retryDelay: 30,
  expireInSeconds: 600,
  async handle(_data, context) {
    const result = await sendIndexingNotifications(context.signal);
    if (result.sent || result.refused) logger.info({ ...result, jobId: context.jobId }, "indexing notifications sent");
  },
};
