// Database faults under write load (sign-ups through the production web process, each one a user
// row): PostgreSQL restarted with `pg_ctl restart -m immediate` five times, and backends killed with
// pg_terminate_backend inside open transactions fifty times. Targets: every write the app
// acknowledged is in the database afterwards, the app answers again within 10 s of each fault by
// itself, no request waits past the acquire time-out (plus the work itself), /readyz always answers
// within a second, and the web process then exits 0 on SIGTERM.
import type { Fault, FaultReport } from "./fault.ts";
import { startPostgres, startWeb, temporaryDir, until, type Postgres } from "./harness.ts";

const ACQUIRE_TIMEOUT_MS = 5000;
const RECOVERY_TARGET_MS = 10_000;
/** The slowest acceptable answer: the acquire time-out plus a sign-up's own work on a busy machine. */
const SLOWEST_ANSWER_MS = ACQUIRE_TIMEOUT_MS + 5000;
const WRITERS = 4;

interface Load {
  requests: number;
  failures: number;
  acknowledged: string[];
  slowestMs: number;
  /** When each acknowledged write was answered (ms since the epoch): recovery is read from these. */
  acknowledgedAt: number[];
  slowestReadyMs: number;
  /** Failed answers by kind ("500", "fetch failed"): what clients saw during the faults. */
  failureKinds: Map<string, number>;
  stop(): Promise<void>;
}

/** WRITERS clients signing up one new user after another, and a /readyz poller. */
function writeLoad(base: string): Load {
  let stopped = false;
  let serial = 0;
  const load: Load = {
    requests: 0,
    failures: 0,
    acknowledged: [],
    acknowledgedAt: [],
    slowestMs: 0,
    slowestReadyMs: 0,
    failureKinds: new Map(),
    stop: async () => {},
  };
  const failed = async (kind: string) => {
    load.failures++;
    load.failureKinds.set(kind, (load.failureKinds.get(kind) ?? 0) + 1);
    // A client that got an error waits a moment before its next write, as a person would.
    await new Promise((r) => setTimeout(r, 100));
  };
  const writer = async () => {
    while (!stopped) {
      const email = `fault-${process.pid}-${serial++}@example.com`;
      const started = Date.now();
      load.requests++;
      try {
        const res = await fetch(`${base}/auth?mode=signup`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: new URLSearchParams({
            mode: "signup",
            role: "candidate",
            full_name: "Fault Candidate",
            email,
            password: "fault-password-123",
          }),
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        // A new account answers "check your email" (303 to sign-in, the words in a flash notice) when
        // addresses must be confirmed, or signs in (302).
        const ok =
          (res.status === 303 && res.headers.get("Location")?.startsWith("/auth?mode=signin")) ||
          (res.status === 302 && res.headers.getSetCookie().some((c) => c.startsWith("__session=")));
        if (ok) {
          load.acknowledged.push(email);
          load.acknowledgedAt.push(Date.now());
        } else await failed(String(res.status));
      } catch (error) {
        await failed((error as Error).message);
      }
      load.slowestMs = Math.max(load.slowestMs, Date.now() - started);
    }
  };
  const poller = async () => {
    while (!stopped) {
      const started = Date.now();
      await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(30_000) })
        .then((r) => r.arrayBuffer())
        .catch(() => {});
      load.slowestReadyMs = Math.max(load.slowestReadyMs, Date.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const all = Promise.all([...Array.from({ length: WRITERS }, writer), poller()]);
  load.stop = async () => {
    stopped = true;
    await all;
  };
  return load;
}

/** Starts PostgreSQL, the web process and the load; runs `inject`; checks what was acknowledged. */
async function underLoad(inject: (pg: Postgres, load: Load) => Promise<number[]>): Promise<FaultReport> {
  const pg = await startPostgres();
  const data = await temporaryDir("hirewise-faults-data-");
  let web: Awaited<ReturnType<typeof startWeb>> | undefined;
  try {
    await pg.createDatabase("hirewise");
    web = await startWeb(pg.databaseUrl("hirewise"), data.dir, { DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS) });
    const load = writeLoad(web.base);
    await until(async () => load.acknowledged.length >= 5, 60_000);
    const recoveries = await inject(pg, load);
    // Still serving after the last fault: more writes acknowledged.
    const before = load.acknowledged.length;
    await until(async () => load.acknowledged.length >= before + 5, 60_000);
    await load.stop();
    const stored = new Set(
      (
        await pg.query<{ email: string }>("hirewise", "select email from users where email = any($1)", [
          load.acknowledged,
        ])
      ).map((r) => r.email),
    );
    const lost = load.acknowledged.filter((e) => !stored.has(e)).length;
    const exit = await web.stop();
    web = undefined;
    const recoveryMs = Math.max(0, ...recoveries);
    const problems = [
      lost ? `${lost} acknowledged writes lost` : "",
      recoveryMs > RECOVERY_TARGET_MS ? `recovery took ${recoveryMs} ms` : "",
      load.slowestMs > SLOWEST_ANSWER_MS ? `a request waited ${load.slowestMs} ms` : "",
      load.slowestReadyMs > 1500 ? `/readyz took ${load.slowestReadyMs} ms` : "",
      exit !== 0 ? `web exited ${exit}` : "",
    ].filter(Boolean);
    return {
      requests: load.requests,
      failures: load.failures,
      writesLost: lost,
      recoveryMs,
      duplicateEmails: 0,
      exitCodes: `web ${exit}`,
      ok: problems.length === 0,
      detail: [
        ...problems,
        `${load.acknowledged.length} writes acknowledged, failures ${[...load.failureKinds].map(([k, n]) => `${n} x ${k}`).join(", ") || "none"}, slowest request ${load.slowestMs} ms, slowest /readyz ${load.slowestReadyMs} ms`,
      ].join("; "),
    };
  } finally {
    await web?.stop("SIGKILL");
    await pg.stop();
    await data.remove();
  }
}

/** Time from `since` to the first write acknowledged after it. */
async function recoveredAfter(load: Load, since: number): Promise<number> {
  await until(async () => load.acknowledgedAt.some((t) => t > since), 60_000);
  return load.acknowledgedAt.find((t) => t > since)! - since;
}

export const faults: Fault[] = [
  {
    name: "database restart -m immediate x5 under sign-ups",
    run: () =>
      underLoad(async (pg, load) => {
        const recoveries: number[] = [];
        for (let i = 0; i < 5; i++) {
          const at = Date.now();
          await pg.restart("immediate");
          recoveries.push(await recoveredAfter(load, at));
        }
        return recoveries;
      }),
  },
  {
    name: "50 backends killed inside transactions under sign-ups",
    run: () =>
      underLoad(async (pg, load) => {
        const recoveries: number[] = [];
        let lastSeen = Date.now();
        for (let killed = 0; killed < 50;) {
          if (Date.now() - lastSeen > 60_000)
            throw new Error(`no transaction open for 60 s after ${killed} kills: the app stopped writing`);
          const at = Date.now();
          const rows = await pg.query<{ pid: number }>(
            "postgres",
            `select pid from pg_stat_activity where datname = 'hirewise' and application_name <> 'hirewise' and state in ('idle in transaction', 'active') and pid <> pg_backend_pid()`,
          );
          if (!rows.length) {
            await new Promise((r) => setTimeout(r, 10));
            continue;
          }
          for (const { pid } of rows) await pg.query("postgres", "select pg_terminate_backend($1)", [pid]);
          killed += rows.length;
          lastSeen = Date.now();
          recoveries.push(await recoveredAfter(load, at));
        }
        return recoveries;
      }),
  },
];
