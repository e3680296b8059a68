// The process's pg-boss handle, and the one way modules put work on a queue. A job sent inside
// `transaction()` commits or rolls back with the transaction's rows.
import { type PgBoss, fromKysely, type SendOptions } from "pg-boss";
import { TransactionContext, type EntityManager } from "@mikro-orm/postgresql";
import { getOrm } from "./db.ts";

let boss: PgBoss | undefined;

export function setBoss(instance: PgBoss | undefined): void {
  boss = instance;
}

export function getBoss(): PgBoss {
  if (!boss) throw new Error("Queue is not started: boot() has not run in this process");
  return boss;
}

export async function enqueue(queue: string, data: object, options: SendOptions = {}): Promise<string | null> {
  const tx = TransactionContext.getEntityManager(getOrm().em.name) as EntityManager | undefined;
  const db = tx ? fromKysely(tx.getKysely()) : undefined;
  return getBoss().send(queue, data, db ? { ...options, db } : options);
}

/** A queue a module owns: its name, options and handler for one job's data. */
export interface QueueDefinition<T extends object = any> {
  name: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** "exclusive": one waiting-or-running job per singletonKey, so asking twice gives one job. */
  policy?: "standard" | "exclusive";
  /**
   * Seconds a running job may go without a sign of life (at least 10; default 10) before the queue
   * counts its run as dead (worker killed, out of memory) and retries it, rather than at expiry.
   */
  heartbeatSeconds?: number;
  /** Jobs a worker takes at once (default 10); they run one after another. */
  batchSize?: number;
  /** A cron expression (UTC) when the queue runs on a schedule rather than on demand. */
  schedule?: string;
  handle(data: T, context: JobContext): Promise<void>;
}

/** The run of a job a handler is doing: its id, which retry, and a signal aborted when the run is no longer the job's. */
export interface JobContext {
  jobId: string;
  retryCount: number;
  signal: AbortSignal;
}
