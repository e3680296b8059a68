import { describe, expect, it } from "vitest";
import { ShortCache } from "./short-cache.ts";

describe("ShortCache", () => {
  let clock = 0;
  const make = (over: Partial<{ maxEntries: number; maxBytes: number }> = {}) =>
    new ShortCache<string>({ ttlMs: 10_000, maxEntries: 3, maxBytes: 100, now: () => clock, ...over });

  it("keeps a value for its time to live, then computes it again", async () => {
    clock = 0;
    const cache = make();
    let runs = 0;
    const compute = async () => `v${++runs}`;
    expect(await cache.getOrCompute("k", compute)).toBe("v1");
    clock = 9_999;
    expect(await cache.getOrCompute("k", compute)).toBe("v1");
    clock = 10_000;
    expect(await cache.getOrCompute("k", compute)).toBe("v2");
  });

  it("shares one computation between concurrent misses", async () => {
    const cache = make();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      runs++;
      await gate;
      return "page";
    };
    const all = Promise.all([
      cache.getOrCompute("k", compute),
      cache.getOrCompute("k", compute),
      cache.getOrCompute("k", compute),
    ]);
    release();
    expect(await all).toEqual(["page", "page", "page"]);
    expect(runs).toBe(1);
  });

  it("does not keep what was computed while it was cleared", async () => {
    const cache = make();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = cache.getOrCompute("k", async () => {
      await gate;
      return "old";
    });
    cache.clear();
    release();
    expect(await stale).toBe("old");
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.getOrCompute("k", async () => "new")).toBe("new");
  });

  it("holds at most maxEntries and maxBytes, dropping the oldest first", () => {
    const cache = make();
    for (const k of ["a", "b", "c", "d"]) cache.set(k, k, 10);
    expect(cache.size).toBe(3);
    expect(cache.get("a")).toBeUndefined();
    cache.set("big", "x", 90);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBeUndefined();
    expect(cache.get("d")).toBe("d");
    cache.set("huge", "x", 101);
    expect(cache.get("huge")).toBeUndefined();
  });

  it("keeps only what `keep` accepts", async () => {
    const cache = make();
    await cache.getOrCompute(
      "k",
      async () => "404",
      (v) => v !== "404",
    );
    expect(cache.get("k")).toBeUndefined();
  });
});
