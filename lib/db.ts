// The process's database handle. The composition root (boot.ts) opens it; modules ask it for an
// EntityManager. Knows nothing of the domain: entities are registered by the modules.
import { LockMode, type MikroORM, TransactionContext, type EntityManager, type EntityName, type FilterQuery } from "@mikro-orm/postgresql";

let orm: MikroORM | undefined;

export function setOrm(instance: MikroORM | undefined): void {
  orm = instance;
}

export function getOrm(): MikroORM {
  if (!orm) throw new Error("Database is not open: boot() has not run in this process");
  return orm;
}

/**
 * The EntityManager for the current unit of work: the open transaction's when called inside
 * `transaction()`, otherwise a fresh fork (its own identity map, never the global one).
 */
export function em(): EntityManager {
  const global = getOrm().em;
  return (TransactionContext.getEntityManager(global.name) as EntityManager | undefined) ?? global.fork();
}

/** Runs `work` in one transaction; nested calls join the outer transaction. */
export function transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
  return em().transactional(work);
}

/**
 * One row, locked until the transaction ends (SELECT … FOR UPDATE): a concurrent writer waits its
 * turn and then reads the row as the first one left it, instead of skipping it as if it were
 * missing. Call inside `transaction()`.
 */
export function lockForUpdate<T extends object>(entity: EntityName<T>, where: FilterQuery<NoInfer<T>>): Promise<T | null> {
  return em().findOne(entity, where, { lockMode: LockMode.PESSIMISTIC_WRITE }) as Promise<T | null>;
}

/**
 * Every row matching `where`, each locked until the transaction ends, taken in `orderBy` order (the
 * rows are locked as they are read, in that order: two transactions locking overlapping sets in
 * the same order wait for each other instead of deadlocking). Call inside `transaction()`.
 */
export function lockAllForUpdate<T extends object>(entity: EntityName<T>, where: FilterQuery<NoInfer<T>>, orderBy: Record<string, "asc" | "desc">): Promise<T[]> {
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
