// The process's database handle. The composition root (boot.ts) opens it; modules ask it for an
// EntityManager. Knows nothing of the domain: entities are registered by the modules.
// With a read replica (DATABASE_READ_URL) there is a second handle; `em()` answers from it only
// inside `readFromReplica` (lib/http/edge-cache), and never inside a transaction.
import { AsyncLocalStorage } from "node:async_hooks";
import {
  LockMode,
  type MikroORM,
  TransactionContext,
  type EntityManager,
  type EntityName,
  type FilterQuery,
} from "@mikro-orm/postgresql";

let orm: MikroORM | undefined;
let readOrm: MikroORM | undefined;
/** Set while a read runs on the replica: the replica's global EntityManager, which `em()` forks. */
const onReplica = new AsyncLocalStorage<EntityManager>();

export function setOrm(instance: MikroORM | undefined): void {
  orm = instance;
}

/** The read replica's handle (boot.ts); undefined when there is none. */
export function setReadOrm(instance: MikroORM | undefined): void {
  readOrm = instance;
}

export function getReadOrm(): MikroORM | undefined {
  return readOrm;
}

/** Whether a transaction is open here (its reads must see its own writes: the primary). */
export function inTransaction(): boolean {
  return Boolean(TransactionContext.getEntityManager(getOrm().em.name));
}

/**
 * Runs `work` with `em()` on the replica's pool (or, with `replica` false, on the primary's even
 * inside such a run). Only the edge cache's read-replica.ts calls this: it decides when the replica may answer.
 */
export function withReadPool<T>(replica: boolean, work: () => Promise<T>): Promise<T> {
  if (!replica || !readOrm) return onReplica.exit(work);
  return onReplica.run(readOrm.em, work);
}

export function getOrm(): MikroORM {
  if (!orm) throw new Error("Database is not open: boot() has not run in this process");
  return orm;
}

/**
 * The EntityManager for the current unit of work: the open transaction's when called inside
 * `transaction()`, otherwise a fresh fork (its own identity map, never the global one) of the
 * primary's, or of the replica's inside `readFromReplica` when it lets the replica answer.
 */
export function em(): EntityManager {
  const global = getOrm().em;
  return (
    (TransactionContext.getEntityManager(global.name) as EntityManager | undefined) ??
    (onReplica.getStore() ?? global).fork()
  );
}

/** What runs once the outermost `transaction()` has committed (see `afterCommit`). */
const commitHooks = new AsyncLocalStorage<(() => void)[]>();

/** Runs `work` in one transaction, always on the primary; nested calls join the outer transaction. */
export async function transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
  const global = getOrm().em;
  const open = TransactionContext.getEntityManager(global.name) as EntityManager | undefined;
  if (open) return open.transactional(work);
  const hooks: (() => void)[] = [];
  const result = await commitHooks.run(hooks, () => global.fork().transactional(work));
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `hook` once the current `transaction()` has committed (never when it rolls back), or now
 * when no transaction is open. For telling caches in this process that data changed: told before
 * the commit, a concurrent reader could cache the old rows again.
 */
export function afterCommit(hook: () => void): void {
  const hooks = commitHooks.getStore();
  if (hooks && inTransaction()) hooks.push(hook);
  else hook();
}

/**
 * One row, locked until the transaction ends (SELECT … FOR UPDATE): a concurrent writer waits its
 * turn and then reads the row as the first one left it, instead of skipping it as if it were
 * missing. Call inside `transaction()`.
 */
export function lockForUpdate<T extends object>(
  entity: EntityName<T>,
  where: FilterQuery<NoInfer<T>>,
): Promise<T | null> {
  return em().findOne(entity, where, { lockMode: LockMode.PESSIMISTIC_WRITE }) as Promise<T | null>;
}

/**
 * Every row matching `where`, each locked until the transaction ends, taken in `orderBy` order (the
 * rows are locked as they are read, in that order: two transactions locking overlapping sets in
 * the same order wait for each other instead of deadlocking). Call inside `transaction()`.
 */
export function lockAllForUpdate<T extends object>(
  entity: EntityName<T>,
  where: FilterQuery<NoInfer<T>>,
  orderBy: Record<string, "asc" | "desc">,
): Promise<T[]> {
  return em().find(entity, where, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: orderBy as never }) as Promise<T[]>;
}

/**
 * Claims up to `limit` rows of a work table for this worker in one statement: the rows matching
 * `where`, in `orderBy` order, that no other transaction holds (FOR UPDATE SKIP LOCKED: two
 * workers claiming at once take different rows, neither waits), changed by `set` and returned by
 * `returning`. In `set` and `returning`, `t.` is the row as changed and `picked.` as it was.
 * `params` fill the `?` of where, set and returning, in that order.
 */
export function claimRows<T extends object>(
  table: string,
  claim: { where: string; orderBy: string; limit: number; set: string; returning: string },
  params: unknown[],
): Promise<T[]> {
  const limit = Math.max(1, Math.trunc(claim.limit));
  return em().execute<T[]>(
    `with picked as (select * from ${table} where ${claim.where} order by ${claim.orderBy} limit ${limit} for update skip locked)
     update ${table} t set ${claim.set} from picked where t.id = picked.id returning ${claim.returning}`,
    params,
  );
}
