import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "./clock.ts";
import { config, loadConfig, QUOTA_DEFAULTS } from "./config.ts";
import { em, transaction } from "./db.ts";
import { addressKey, consumeQuota, enforceQuota, pruneQuotaCounters, QuotaExceededError } from "./quotas.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";

useTestRuntime();

// 10:00:30 UTC: half a minute into a minute window, half a minute into an hour window.
const T0 = new Date("2026-11-24T10:00:30Z");
let key = 0;
const freshKey = () => `test-key-${++key}`;

function withLimit(quota: "csv-exports" | "ai-generations", limit: number) {
  const settings = config().quotas[quota];
  const previous = settings.limit;
  settings.limit = limit;
  return () => (settings.limit = previous);
}

afterEach(() => setClock(undefined));

describe("quotas in PostgreSQL", () => {
  it("lets exactly the limit through when 50 consumes race on separate connections", async () => {
    const restore = withLimit("csv-exports", 10);
    try {
      setClock(T0);
      const account = freshKey();
      const uses = await Promise.all(Array.from({ length: 50 }, () => consumeQuota("csv-exports", account)));
      expect(uses.filter((u) => u.allowed)).toHaveLength(10);
      const [row] = await em().execute(`select used from quota_counters where quota = 'csv-exports' and key = ?`, [
        account,
      ]);
      expect(row.used).toBe(10);
    } finally {
      restore();
    }
  });

  it("starts again when the app's clock moves into the next window, and says when", async () => {
    const restore = withLimit("csv-exports", 2);
    try {
      const account = freshKey();
      setClock(T0);
      await enforceQuota("csv-exports", account);
      await enforceQuota("csv-exports", account);
      const refused = await enforceQuota("csv-exports", account).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(QuotaExceededError);
      expect(refused).toMatchObject({
        quota: "csv-exports",
        limit: 2,
        retryAfterSeconds: 30,
        resetsAt: new Date("2026-11-24T10:01:00Z"),
      });
      expect((refused as Error).message).toBe(
        "You have reached the limit of 2 CSV exports per minute. Try again in 30 seconds (at 10:01 UTC).",
      );

      // One second before the window ends: still refused, one second to wait.
      setClock(new Date("2026-11-24T10:00:59Z"));
      expect(await consumeQuota("csv-exports", account)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      // The next minute: a fresh count.
      setClock(new Date("2026-11-24T10:01:00Z"));
      expect(await consumeQuota("csv-exports", account)).toMatchObject({ allowed: true, retryAfterSeconds: 60 });
    } finally {
      restore();
    }
  });

  it("counts each key and each quota on its own", async () => {
    const restore = withLimit("csv-exports", 1);
    try {
      setClock(T0);
      const [a, b] = [freshKey(), freshKey()];
      expect((await consumeQuota("csv-exports", a)).allowed).toBe(true);
      expect((await consumeQuota("csv-exports", a)).allowed).toBe(false);
      expect((await consumeQuota("csv-exports", b)).allowed).toBe(true);
      expect((await consumeQuota("ai-generations", a)).allowed).toBe(true);
    } finally {
      restore();
    }
  });

  it("rolls the count back with the transaction it was taken in", async () => {
    const restore = withLimit("ai-generations", 1);
    try {
      setClock(T0);
      const account = freshKey();
      await expect(
        transaction(async () => {
          await enforceQuota("ai-generations", account);
          throw new Error("the work failed");
        }),
      ).rejects.toThrow("the work failed");
      // Nothing was done, so nothing was used.
      expect((await consumeQuota("ai-generations", account)).allowed).toBe(true);
    } finally {
      restore();
    }
  });

  it("says minutes for an hour's window", async () => {
    const restore = withLimit("ai-generations", 1);
    try {
      setClock(T0);
      const account = freshKey();
      await enforceQuota("ai-generations", account);
      await expect(enforceQuota("ai-generations", account)).rejects.toThrow(
        "You have reached the limit of 1 AI generations per hour. Try again in 60 minutes (at 11:00 UTC).",
      );
    } finally {
      restore();
    }
  });

  it("prunes the counters of windows that ended over an hour ago", async () => {
    setClock(T0);
    const account = freshKey();
    await consumeQuota("csv-exports", account);
    setClock(new Date(T0.getTime() + 2 * 3_600_000));
    expect(await pruneQuotaCounters()).toBeGreaterThanOrEqual(1);
    const rows = await em().execute(`select 1 from quota_counters where key = ?`, [account]);
    expect(rows).toHaveLength(0);
  });
});

describe("QUOTAS in the environment", () => {
  const quotas = (value: string) => loadConfig({ NODE_ENV: "test", QUOTAS: value } as NodeJS.ProcessEnv).quotas;

  it("keeps the defaults, and changes only the limits it names", () => {
    expect(quotas("")).toEqual(QUOTA_DEFAULTS);
    const set = quotas(" csv-exports=20 , signups=50");
    expect(set["csv-exports"]).toEqual({ limit: 20, window: "minute", per: "account" });
    expect(set.signups).toEqual({ limit: 50, window: "hour", per: "address" });
    expect(set["ai-generations"]).toEqual(QUOTA_DEFAULTS["ai-generations"]);
  });

  it("refuses an unknown quota or a limit that is not a whole number of at least 1", () => {
    expect(() => quotas("csv=5")).toThrow('Invalid environment: QUOTAS names an unknown quota "csv"');
    for (const bad of ["signups=0", "signups=-1", "signups=1.5", "signups=", "signups"])
      expect(() => quotas(bad), bad).toThrow("QUOTAS needs a whole number");
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses (also IPv4-mapped ones) and counts IPv6 addresses by their /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:DB8:0:1::42")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:0db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
