// When the read replica may answer, and what happens when it can't: the rule on its own, the WAL
// timeline that turns positions into "holds every commit up to", and readFromReplica over stand-in
// pools (the real replica is exercised in tests/integration/read-replica.test.ts).
import { afterEach, describe, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { em, setOrm, setReadOrm } from "../../db.ts";
import type { Logger } from "../../logger.ts";
import {
  CLOCK_MARGIN_MS,
  WalTimeline,
  lastWriteCookieSeconds,
  parseLsn,
  readFromReplica,
  replicaMayAnswer,
  replicaReadiness,
  replicaUnavailable,
  runWithRequestReads,
  startReplicaMonitor,
} from "./read-replica.ts";
import { lastWriteOf } from "./read-your-writes.ts";

const NOW = 1_800_000_000_000;
const MAX_LAG = 30_000;
const fresh = { usable: true, caughtUpTo: NOW - 500 };
const reading = { writing: false, wroteAt: null };

describe("replicaMayAnswer", () => {
  it("lets a GET without a recent write read a healthy, caught-up replica", () => {
    expect(replicaMayAnswer(NOW, fresh, reading, MAX_LAG)).toBe(true);
  });

  it("keeps writes, reads outside a request, and an unusable or unknown replica on the primary", () => {
    expect(replicaMayAnswer(NOW, fresh, { writing: true, wroteAt: null }, MAX_LAG)).toBe(false);
    expect(replicaMayAnswer(NOW, fresh, undefined, MAX_LAG)).toBe(false);
    expect(replicaMayAnswer(NOW, { ...fresh, usable: false }, reading, MAX_LAG)).toBe(false);
    expect(replicaMayAnswer(NOW, { usable: true, caughtUpTo: null }, reading, MAX_LAG)).toBe(false);
  });

  it("drops a replica that lags more than the bound, for everyone", () => {
    expect(replicaMayAnswer(NOW, { usable: true, caughtUpTo: NOW - MAX_LAG }, reading, MAX_LAG)).toBe(true);
    expect(replicaMayAnswer(NOW, { usable: true, caughtUpTo: NOW - MAX_LAG - 1 }, reading, MAX_LAG)).toBe(false);
  });

  it("sends a browser to the primary until the replica holds every commit up to its last write (and the clock margin)", () => {
    const wroteAt = NOW - 2_000;
    expect(replicaMayAnswer(NOW, { usable: true, caughtUpTo: wroteAt }, { writing: false, wroteAt }, MAX_LAG)).toBe(
      false,
    );
    expect(
      replicaMayAnswer(
        NOW,
        { usable: true, caughtUpTo: wroteAt + CLOCK_MARGIN_MS - 1 },
        { writing: false, wroteAt },
        MAX_LAG,
      ),
    ).toBe(false);
    expect(
      replicaMayAnswer(
        NOW,
        { usable: true, caughtUpTo: wroteAt + CLOCK_MARGIN_MS },
        { writing: false, wroteAt },
        MAX_LAG,
      ),
    ).toBe(true);
  });

  it("outlives the lag bound with the cookie: once it is gone, any replica allowed to answer has the write", () => {
    for (const maxLagSeconds of [1, 30, 600]) {
      const wroteAt = NOW;
      const cookieGone = wroteAt + lastWriteCookieSeconds(maxLagSeconds) * 1000;
      // The stalest replica still allowed to answer then holds every commit up to…
      const stalest = cookieGone - maxLagSeconds * 1000;
      expect(replicaMayAnswer(cookieGone, { usable: true, caughtUpTo: stalest }, reading, maxLagSeconds * 1000)).toBe(
        true,
      );
      expect(stalest).toBeGreaterThanOrEqual(wroteAt + CLOCK_MARGIN_MS);
    }
  });
});

describe("WalTimeline", () => {
  it("answers the newest time whose WAL position the replica has replayed", () => {
    const timeline = new WalTimeline();
    expect(timeline.caughtUpTo(parseLsn("0/100"))).toBeNull();
    timeline.note(1_000, parseLsn("0/100"));
    timeline.note(2_000, parseLsn("0/200"));
    timeline.note(3_000, parseLsn("0/200"));
    timeline.note(4_000, parseLsn("0/300"));
    expect(timeline.caughtUpTo(parseLsn("0/FF"))).toBeNull();
    expect(timeline.caughtUpTo(parseLsn("0/200"))).toBe(3_000);
    // Never goes back, even asked with an older position.
    expect(timeline.caughtUpTo(parseLsn("0/100"))).toBe(3_000);
    expect(timeline.caughtUpTo(parseLsn("1/0"))).toBe(4_000);
  });

  it("keeps a bounded number of samples while the replica is stuck, erring late", () => {
    const timeline = new WalTimeline(3);
    for (let i = 1; i <= 10; i++) timeline.note(i * 1_000, BigInt(i * 100));
    expect(timeline.caughtUpTo(150n)).toBeNull();
    expect(timeline.caughtUpTo(900n)).toBe(9_000);
  });

  it("reads WAL positions across the 32-bit halves", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
  });
});

describe("the __last_write cookie", () => {
  const req = (cookie?: string) => ({ get: (name: string) => (name === "cookie" ? cookie : undefined) }) as never;

  it("reads the time among other cookies, and ignores anything else", () => {
    expect(lastWriteOf(req(`__session=abc; __last_write=${NOW - 5}; theme=dark`), NOW)).toBe(NOW - 5);
    expect(lastWriteOf(req(`__last_write=${NOW - 5}`), NOW)).toBe(NOW - 5);
    expect(lastWriteOf(req(), NOW)).toBeNull();
    expect(lastWriteOf(req("__last_write=soon"), NOW)).toBeNull();
    expect(lastWriteOf(req("x__last_write=1800000000000"), NOW)).toBeNull();
  });

  it("counts a time from the future (a forged cookie) as now", () => {
    expect(lastWriteOf(req(`__last_write=${NOW + 86_400_000}`), NOW)).toBe(NOW);
  });
});

describe("replicaUnavailable", () => {
  it("knows connection failures, shutdowns and recovery conflicts from wrong reads", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "40001"]) {
      expect(replicaUnavailable(Object.assign(new Error("x"), { code })), code).toBe(true);
    }
    expect(replicaUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(replicaUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      replicaUnavailable(
        new Error("wrapped", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) }),
      ),
    ).toBe(true);
    expect(replicaUnavailable(Object.assign(new Error('relation "jobs" does not exist'), { code: "42P01" }))).toBe(
      false,
    );
    expect(
      replicaUnavailable(
        Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }),
      ),
    ).toBe(false);
  });
});

describe("readFromReplica", () => {
  // Stand-in pools: em() forks say which one they came from; the monitor's probes answer as a
  // caught-up standby would.
  const fakeOrm = (which: "primary" | "replica", answer: () => unknown[]) =>
    ({
      em: { name: "default", fork: () => ({ which }), getConnection: () => ({ execute: async () => answer() }) },
    }) as unknown as MikroORM;
  const warnings: string[] = [];
  const log = { warn: (_: unknown, message: string) => warnings.push(message), info: () => {} } as unknown as Logger;
  let stop: (() => Promise<void>) | undefined;
  let replicaAnswers = true;
  const which = async () => (em() as unknown as { which: string }).which;

  const start = async () => {
    setOrm(fakeOrm("primary", () => [{ lsn: "0/100" }]));
    setReadOrm(
      fakeOrm("replica", () => {
        if (!replicaAnswers) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        return [{ standby: true, replayed: "0/100" }];
      }),
    );
    stop = (await startReplicaMonitor({ maxLagSeconds: 30, log })).stop;
  };
  afterEach(async () => {
    await stop?.();
    setReadOrm(undefined);
    setOrm(undefined);
    warnings.length = 0;
    replicaAnswers = true;
  });

  it("reads the replica in a GET, the primary in a POST, outside requests and after this browser's write", async () => {
    await start();
    expect(replicaReadiness()).toMatchObject({ reachable: true, serving: true });
    expect(await runWithRequestReads(reading, () => readFromReplica(which))).toBe("replica");
    expect(await runWithRequestReads({ writing: true, wroteAt: null }, () => readFromReplica(which))).toBe("primary");
    expect(await readFromReplica(which)).toBe("primary");
    expect(await runWithRequestReads({ writing: false, wroteAt: Date.now() }, () => readFromReplica(which))).toBe(
      "primary",
    );
    // em() outside readFromReplica is always the primary's.
    expect(await runWithRequestReads(reading, which)).toBe("primary");
  });

  it("runs the read again on the primary when the replica fails to answer, warns once, and leaves the replica alone", async () => {
    await start();
    let tries = 0;
    const read = async () => {
      tries++;
      if ((await which()) === "replica")
        throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
      return "from the primary";
    };
    expect(await runWithRequestReads(reading, () => readFromReplica(read))).toBe("from the primary");
    expect(tries).toBe(2);
    expect(warnings).toEqual(["read replica not used"]);
    expect(replicaReadiness()).toMatchObject({
      reachable: false,
      serving: false,
      problem: "read replica unreachable: reads go to the primary",
    });
    // Until the monitor reaches it again, reads go straight to the primary.
    expect(await runWithRequestReads(reading, () => readFromReplica(which))).toBe("primary");
    expect(warnings).toHaveLength(1);
  });

  it("passes a read's own error through untouched", async () => {
    await start();
    const wrong = Object.assign(new Error('column "nope" does not exist'), { code: "42703" });
    await expect(runWithRequestReads(reading, () => readFromReplica(async () => Promise.reject(wrong)))).rejects.toBe(
      wrong,
    );
    expect(replicaReadiness()).toMatchObject({ reachable: true, serving: true });
  });

  it("starts with the replica down: ready, reported, every read on the primary", async () => {
    replicaAnswers = false;
    await start();
    expect(replicaReadiness()).toMatchObject({ reachable: false, serving: false, lagSeconds: null });
    expect(await runWithRequestReads(reading, () => readFromReplica(which))).toBe("primary");
  });
});
