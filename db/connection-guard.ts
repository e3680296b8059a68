// Kysely (under MikroORM) hands a transaction's connection back to the pool only after its BEGIN,
// COMMIT or ROLLBACK succeeds. When PostgreSQL has killed the connection (a restart, or
// pg_terminate_backend) those statements fail, MikroORM swallows the failed ROLLBACK, and the pool
// slot stays taken for good: after ten of them every request waits forever. Here a failed
// transaction-control statement destroys its connection at once; the pool then opens a fresh one.
// See docs/decisions/025-database-outages.md.
import type pg from "pg";

// Savepoint statements ("rollback to trx1") are left alone: the outer transaction still owns the
// connection and fails, then rolls back, through the statements below.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start transaction\b.*)\s*;?\s*$/is;

type Release = (error?: Error | boolean) => void;
type PooledClient = pg.PoolClient & { release: Release };

export function destroyBrokenConnections(pool: pg.Pool, onDestroy: (error: Error) => void): void {
  pool.on("connect", (client) => {
    // The prototype's query is looked up on every call, so whatever wraps pg's Client later still runs.
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const result = proto.query.apply(client, args);
      if (typeof args[0] === "string" && TRANSACTION_CONTROL.test(args[0]) && result instanceof Promise) {
        return result.catch((error: Error) => {
          destroy(client as PooledClient, error, onDestroy);
          throw error;
        });
      }
      return result;
    };
  });
}

const destroyed = new WeakSet<pg.PoolClient>();

function destroy(client: PooledClient, error: Error, onDestroy: (error: Error) => void): void {
  if (destroyed.has(client)) return;
  destroyed.add(client);
  const release = client.release;
  // Whoever held the connection may still call release(); the pool has let it go already.
  client.release = () => {};
  // Releasing with an error makes pg-pool remove the client and end its socket.
  release(error);
  onDestroy(error);
}
