// The composition root: opens the database (embedded or DATABASE_URL), applies migrations, starts
// the queue and, when asked, its workers. The web server, the worker process and the CLI all boot
// through here, so they always agree on the schema and the queues.
import { config } from "./lib/config.ts";
import { logger } from "./lib/logger.ts";
import { setOrm, setReadOrm } from "./lib/db.ts";
import { databaseReadiness, within, type DatabaseReadiness } from "./lib/readiness.ts";
import { replicaReadiness, startReplicaMonitor, type ReplicaReadiness } from "./lib/http/edge-cache/index.ts";
import { openDatabase } from "./db/database.ts";
import { APPLICATION_NAMES, migrate, openOrm } from "./db/orm.ts";
import { startQueue } from "./jobs/boss.ts";
import { queueProblems, queueStatus, type QueueStatus } from "./jobs/operations.ts";
import { seedDemoData } from "./db/demo.ts";
import { startNotificationListener } from "./lib/http/edge-cache/index.ts";
import { BOARD_CHANNEL } from "./modules/hiring/index.server.ts";
import { warmPasswordStrength } from "./modules/identity/index.server.ts";
import { wireModules } from "./wiring.ts";

export interface Readiness {
  ready: boolean;
  database: DatabaseReadiness;
  /** Counts per queue; absent when the database is not ready or did not answer in time. */
  queues?: QueueStatus[];
  /** The read replica (DATABASE_READ_URL): reachable, lag, serving reads. Absent without one. */
  replica?: ReplicaReadiness;
  /** Stuck or failing queues, a replica not used: reported, but the process stays ready. */
  problems: string[];
}

export interface Runtime {
  databaseUrl: string;
  ready(): Promise<Readiness>;
  stop(): Promise<void>;
}

/**
 * `readReplica`: open DATABASE_READ_URL's pool and its monitor (the web process; workers and the
 * CLI read the primary).
 */
export async function boot(options: {
  workers: boolean;
  queue?: boolean;
  demoData?: boolean;
  readReplica?: boolean;
  notifications?: boolean;
}): Promise<Runtime> {
  wireModules();
  const cfg = config();
  const log = logger;
  const db = await openDatabase(cfg, log);
  const orm = await openOrm(db.url, log);
  try {
    const applied = await migrate(orm);
    if (applied.length) log.info({ applied }, "migrations applied");
  } catch (error) {
    await orm.close();
    await db.release();
    throw error;
  }
  setOrm(orm);
  // The replica's pool connects lazily: a replica that is down never stops the start.
  const readOrm =
    options.readReplica && cfg.readReplica
      ? await openOrm(cfg.readReplica.url, log, cfg.pool, APPLICATION_NAMES.replica)
      : undefined;
  setReadOrm(readOrm);
  const replicaMonitor = readOrm
    ? await startReplicaMonitor({ maxLagSeconds: cfg.readReplica!.maxLagSeconds, log })
    : undefined;
  // The web process hears board changes made by any process (decision 055: its page caches).
  const listener = options.notifications ? await startNotificationListener(db.url, [BOARD_CHANNEL], log) : undefined;
  const queue = options.queue === false ? undefined : await startQueue(db.url, log, { workers: options.workers });
  if (options.demoData ?? cfg.demoData) await seedDemoData(log);
  // The web process builds the password checker now rather than in its first sign-up.
  if (options.readReplica)
    void warmPasswordStrength().catch((err: unknown) => log.warn({ err }, "password checker failed to build"));

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: db.url,
    ready: readiness,
    stop() {
      stopping ??= (async () => {
        await queue?.stop();
        await listener?.stop();
        await replicaMonitor?.stop();
        setReadOrm(undefined);
        await readOrm?.close();
        await orm.close();
        setOrm(undefined);
        await db.release();
      })();
      return stopping;
    },
  };
}

/** Answers within about a second whatever the database does, so probes never hang. */
async function readiness(): Promise<Readiness> {
  const database = await databaseReadiness(800);
  const replica = replicaReadiness();
  if (!database.ok) return { ready: false, database, replica, problems: [database.problem!] };
  const queues = await within(
    400,
    queueStatus().catch(() => undefined),
  );
  const problems = queues ? queueProblems(queues) : ["queue status did not answer in time"];
  if (replica?.problem) problems.push(replica.problem);
  return { ready: true, database, queues, replica, problems };
}
