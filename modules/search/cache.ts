// The provider-reply cache in PostgreSQL (table provider_cache): shared by every process, so a
// search repeated within the TTL, from any web process, costs no provider quota.
import { createHash } from "node:crypto";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { ProviderCache } from "./entities.ts";
import type { QueueDefinition } from "../../lib/queue.ts";

export const CACHE_TTL_MS = 15 * 60_000;

/** "search?date_posted=all&num_pages=2&page=1&query=react in berlin": the endpoint and its sorted parameters. */
export function cacheKey(endpoint: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`);
  const key = `${endpoint}?${pairs.join("&")}`;
  // The column holds 1000 characters; a longer request is named by its hash.
  return key.length <= 500 ? key : `${endpoint}#${createHash("sha256").update(key).digest("hex")}`;
}

/** The cached reply when there is one that has not expired at `at`. */
export async function readCache(provider: string, key: string, at: Date): Promise<unknown> {
  const row = await em().findOne(ProviderCache, { provider, cacheKey: key, expiresAt: { $gt: at } });
  return row?.body;
}

/** Stores a reply, replacing any earlier (expired or not) one for the same request. */
export async function writeCache(
  provider: string,
  key: string,
  body: unknown,
  at: Date,
  ttlMs = CACHE_TTL_MS,
): Promise<void> {
  await em()
    .createQueryBuilder(ProviderCache)
    .insert({ provider, cacheKey: key, body, fetchedAt: at, expiresAt: new Date(at.getTime() + ttlMs) })
    .onConflict(["provider", "cacheKey"])
    .merge(["body", "fetchedAt", "expiresAt"])
    .execute();
}

/** Deletes replies that expired before `before` (default: now); returns how many. For a scheduled job. */
export async function purgeProviderCache(before: Date = now()): Promise<number> {
  return em().nativeDelete(ProviderCache, { expiresAt: { $lt: before } });
}

// Hourly: provider replies past their 15 minutes.
export const providerCacheCleanupQueue: QueueDefinition<object> = {
  name: "search.cache-cleanup",
  schedule: "23 * * * *",
  async handle() {
    await purgeProviderCache();
  },
};
