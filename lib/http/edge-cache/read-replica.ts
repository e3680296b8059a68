// Board reads a streaming replica may answer (README.md beside this file). The replica's lag is
// measured as time, not from its last replayed commit (which says nothing on an idle primary): each
// second the monitor notes the primary's WAL position with the time it asked, and the newest noted
// position the replica has replayed is the time up to which it holds every commit (`caughtUpTo`).
import { AsyncLocalStorage } from "node:async_hooks";
import { getOrm, getReadOrm, inTransaction, withReadPool } from "../../db.ts";
import { within } from "../../readiness.ts";
import type { Logger } from "../../logger.ts";

/** What the edge knows of a request: whether it writes, and when this browser last wrote. */
export interface RequestReads {
  writing: boolean;
  /** Epoch ms of this browser's last write (its `__last_write` cookie), or null. */
  wroteAt: number | null;
}

export interface ReplicaState {
  /** Answered the last probe, as a standby. */
  usable: boolean;
  /** Epoch ms (this process's clock) up to which the replica holds every commit; null: unknown yet. */
  caughtUpTo: number | null;
}

export interface ReplicaReadiness {
  reachable: boolean;
  /** Seconds behind the primary at the last probe; null when unknown. */
  lagSeconds: number | null;
  /** Whether reads without a recent write of their own go to the replica now. */
  serving: boolean;
  problem?: string;
}

/** Clocks of web nodes differ a little: a write counts as seen only this long after it. */
export const CLOCK_MARGIN_MS = 1_000;
const PROBE_EVERY_MS = 1_000;
const PROBE_WITHIN_MS = 2_000;

/** How long the `__last_write` cookie lives: past it, the lag bound alone covers the write (see the decision). */
export function lastWriteCookieSeconds(maxLagSeconds: number): number {
  return maxLagSeconds + Math.ceil(CLOCK_MARGIN_MS / 1000) + 5;
}

/** Whether the replica may answer a read now. Pure, so the rule is tested on its own. */
export function replicaMayAnswer(
  now: number,
  state: ReplicaState,
  request: RequestReads | undefined,
  maxLagMs: number,
): boolean {
  if (!request || request.writing) return false;
  if (!state.usable || state.caughtUpTo === null) return false;
  if (now - state.caughtUpTo > maxLagMs) return false;
  if (request.wroteAt !== null && state.caughtUpTo < request.wroteAt + CLOCK_MARGIN_MS) return false;
  return true;
}

/** A WAL position ("16/B374D848") as a number. */
export function parseLsn(text: string): bigint {
  const [high = "0", low = "0"] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The primary's WAL positions with the times they were asked for, oldest first. `caughtUpTo(lsn)`:
 * the newest time whose position the replica has replayed (every commit before it is there).
 */
export class WalTimeline {
  private samples: { at: number; lsn: bigint }[] = [];
  private caught: number | null = null;
  private readonly limit: number;

  constructor(limit = 10_000) {
    this.limit = limit;
  }

  note(at: number, lsn: bigint): void {
    this.samples.push({ at, lsn });
    // A stuck replica piles samples up; dropping the oldest only makes caughtUpTo later to advance.
    if (this.samples.length > this.limit) this.samples.shift();
  }

  caughtUpTo(replayed: bigint): number | null {
    let i = 0;
    while (i < this.samples.length && this.samples[i]!.lsn <= replayed) i++;
    if (i > 0) {
      this.caught = Math.max(this.caught ?? 0, this.samples[i - 1]!.at);
      this.samples.splice(0, i - 1);
    }
    return this.caught;
  }
}

const requests = new AsyncLocalStorage<RequestReads>();

/** Runs a request's handling with what the edge knows of it (read-your-writes.ts). */
export function runWithRequestReads<T>(reads: RequestReads, next: () => T): T {
  return requests.run(reads, next);
}

interface Monitor {
  maxLagMs: number;
  state: ReplicaState;
  reachable: boolean;
  lagSeconds: number | null;
  problem: string | undefined;
  log: Logger;
  stop(): Promise<void>;
}

let monitor: Monitor | undefined;

/**
 * Starts probing the replica every second; the first probe is awaited (bounded), so requests can
 * use a healthy replica from the start. Boot calls this after `setReadOrm`.
 */
export async function startReplicaMonitor(options: {
  maxLagSeconds: number;
  log: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const timeline = new WalTimeline();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const m: Monitor = {
    maxLagMs: options.maxLagSeconds * 1000,
    state: { usable: false, caughtUpTo: null },
    reachable: false,
    lagSeconds: null,
    problem: "read replica not probed yet",
    log: options.log,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (monitor === m) monitor = undefined;
    },
  };

  const probe = async () => {
    const primary = getOrm().em.getConnection();
    const replica = getReadOrm()?.em.getConnection();
    if (!replica) return;
    const at = Date.now();
    const [position] = await primary.execute<{ lsn: string }[]>("select pg_current_wal_insert_lsn()::text as lsn");
    timeline.note(at, parseLsn(position!.lsn));
    const answer = await within(
      PROBE_WITHIN_MS,
      replica
        .execute<{ standby: boolean; replayed: string | null }[]>(
          "select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed",
        )
        .then((rows) => rows[0]!)
        .catch((error: unknown) => error as Error),
    );
    const checkedAt = Date.now();
    if (answer === undefined || answer instanceof Error) {
      const problem = answer
        ? "read replica unreachable: reads go to the primary"
        : "read replica did not answer in time: reads go to the primary";
      markUnusable(m, problem, false, answer);
      return;
    }
    if (!answer.standby || !answer.replayed) {
      markUnusable(
        m,
        "DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): reads go to the primary",
        true,
      );
      return;
    }
    const caughtUpTo = timeline.caughtUpTo(parseLsn(answer.replayed));
    const wasUsable = m.state.usable;
    m.state = { usable: true, caughtUpTo };
    m.reachable = true;
    m.lagSeconds = caughtUpTo === null ? null : Math.max(0, Math.round((checkedAt - caughtUpTo) / 100) / 10);
    m.problem =
      caughtUpTo === null || checkedAt - caughtUpTo > m.maxLagMs
        ? `read replica lags more than ${options.maxLagSeconds} s: reads go to the primary`
        : undefined;
    if (!wasUsable) m.log.info({ lagSeconds: m.lagSeconds }, "read replica reachable: it serves reads");
  };
  const loop = async () => {
    running = probe().catch((error: unknown) =>
      markUnusable(m, "the primary's WAL position did not answer: reads go to the primary", m.reachable, error),
    );
    await running;
    if (!stopped) timer = setTimeout(() => void loop(), PROBE_EVERY_MS).unref();
  };

  monitor = m;
  await within(PROBE_WITHIN_MS + 1_000, loop());
  return { stop: () => m.stop() };
}

/** Reads go to the primary until the next good probe; logged once per change, not per request. */
function markUnusable(m: Monitor, problem: string, reachable: boolean, error?: unknown): void {
  if (m.state.usable || m.problem !== problem) m.log.warn({ err: error, problem }, "read replica not used");
  m.state = { ...m.state, usable: false };
  m.reachable = reachable;
  m.problem = problem;
}

/** For /readyz: undefined when no replica is configured. Never makes the process unready. */
export function replicaReadiness(): ReplicaReadiness | undefined {
  if (!monitor) return undefined;
  const serving = replicaMayAnswer(Date.now(), monitor.state, { writing: false, wroteAt: null }, monitor.maxLagMs);
  return {
    reachable: monitor.reachable,
    lagSeconds: monitor.lagSeconds,
    serving,
    ...(monitor.problem ? { problem: monitor.problem } : {}),
  };
}

// Failures that mean "the replica can't answer now", not "this read is wrong": the connection
// (refused, reset, closed by a shutdown, no free slot in time), the server starting or stopping,
// and a standby cancelling a query that conflicts with the WAL it replays (40001).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "40001",
]);
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|connection error|terminating connection|the database system is (starting up|shutting down)/i;

export function replicaUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * Whether a read starting now sees every commit made up to `time` (epoch ms, this process's clock)
 * wherever `readFromReplica` sends it: always on the primary; on the replica once it holds them.
 * Caches of board pages keep only what was read this way (app/edge-cache.server.ts).
 */
export function readsHold(time: number): boolean {
  const m = monitor;
  if (!m || !getReadOrm() || inTransaction() || !replicaMayAnswer(Date.now(), m.state, requests.getStore(), m.maxLagMs))
    return true;
  return m.state.caughtUpTo !== null && m.state.caughtUpTo >= time;
}

/**
 * Runs a read-only `work` on the read replica when it may answer (README.md),
 * otherwise on the primary; `em()` inside follows. When the replica fails to answer, the read runs
 * again on the primary (a warning is logged once, and the replica is left alone until the monitor
 * reaches it again). Never put a write inside: the replica refuses it.
 */
export async function readFromReplica<T>(work: () => Promise<T>): Promise<T> {
  const m = monitor;
  if (
    !m ||
    !getReadOrm() ||
    inTransaction() ||
    !replicaMayAnswer(Date.now(), m.state, requests.getStore(), m.maxLagMs)
  ) {
    return withReadPool(false, work);
  }
  try {
    return await withReadPool(true, work);
  } catch (error) {
    if (!replicaUnavailable(error)) throw error;
    markUnusable(m, "read replica unreachable: reads go to the primary", false, error);
    return withReadPool(false, work);
  }
}
