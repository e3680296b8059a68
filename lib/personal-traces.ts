// What the shared infrastructure keeps about a person, found and forgotten by value: the emails
// sent to an address (sent_emails), the queue's jobs whose data or output name them (pg-boss keeps
// finished jobs for days), and quota counters kept under an account's id. Used when an account is
// exported and erased; knows nothing of accounts.
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "./db.ts";

export interface SentEmailRecord {
  subject: string;
  state: string;
  claimedAt: string;
  sentAt: string | null;
}

/** The emails sent (or being sent) to `address`, oldest first. */
export async function emailsSentTo(address: string): Promise<SentEmailRecord[]> {
  const rows = await em().execute<{ subject: string; state: string; claimed_at: Date; sent_at: Date | null }[]>(
    `select subject, state, claimed_at, sent_at from sent_emails where lower(recipient) = lower(?) order by claimed_at, key`,
    [address],
  );
  return rows.map((r) => ({
    subject: r.subject,
    state: r.state,
    claimedAt: new Date(r.claimed_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}

/** Forgets the emails sent to `address` (their keys, subjects and the address itself). */
export async function forgetEmailsTo(address: string, manager: EntityManager = em()): Promise<void> {
  await manager.execute(`delete from sent_emails where lower(recipient) = lower(?)`, [address]);
}

/** Forgets one email record by its key (a notice to an address that no longer has an account). */
export async function forgetEmail(key: string, manager: EntityManager = em()): Promise<void> {
  await manager.execute(`delete from sent_emails where key = ?`, [key]);
}

/**
 * Deletes the queue's jobs, in any state, whose data or output contains one of `values` (compared
 * without regard to case): the jobs that carried an account's id or address. Running jobs are
 * deleted too; their handlers find the account gone, and their settle then touches nothing.
 */
export async function forgetJobsMentioning(values: string[], manager: EntityManager = em()): Promise<number> {
  const needles = values.filter((v) => v.length >= 3).map((v) => v.toLowerCase());
  if (!needles.length) return 0;
  const rows = await manager.execute<{ id: string }[]>(
    `delete from pgboss.job j
      where exists (select 1 from unnest(?::text[]) n
                     where strpos(lower(coalesce(j.data::text, '') || ' ' || coalesce(j.output::text, '')), n) > 0)
      returning j.id`,
    [`{${needles.map((n) => `"${n.replace(/["\\]/g, "\\$&")}"`).join(",")}}`],
  );
  return rows.length;
}

/** Deletes one job of the queue (a handler removing its own job once its personal payload is spent). */
export async function forgetJob(queue: string, jobId: string, manager: EntityManager = em()): Promise<void> {
  await manager.execute(`delete from pgboss.job where name = ? and id = ?`, [queue, jobId]);
}

/** Forgets the quota counters kept under `key` (an account's id). */
export async function forgetQuotaKey(key: string, manager: EntityManager = em()): Promise<void> {
  await manager.execute(`delete from quota_counters where key = ?`, [key]);
}
