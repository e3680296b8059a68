// The process's database handle. The composition root (boot.ts) opens it; modules ask it for an
// EntityManager. Knows nothing of the domain: entities are registered by the modules.
import { type MikroORM, TransactionContext, type EntityManager } from "@mikro-orm/postgresql";

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
