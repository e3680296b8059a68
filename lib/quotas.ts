// Quotas on expensive actions, counted in PostgreSQL so they hold across every web node: one row per
// quota, key (an account id, a client address, or the whole site) and fixed window, counted up by
// one atomic statement. The limits and windows are in lib/config.ts (QUOTA_DEFAULTS, QUOTAS).
// Windows follow lib/clock.ts, so tests move time instead of waiting.
import { isIPv6 } from "node:net";
import { now } from "./clock.ts";
import { config, type QuotaName } from "./config.ts";
import { em } from "./db.ts";
import type { QueueDefinition } from "./queue.ts";

export type { QuotaName } from "./config.ts";

/** The key of the quotas counted for the whole site (provider calls). */
export const SITE = "site";

const WINDOW_MS = { minute: 60_000, hour: 3_600_000 } as const;

// What is counted, in a sentence's words.
const COUNTED: Record<QuotaName, string> = {
  "ai-generations": "AI generations",
  "resume-uploads": "resume uploads",
  "image-uploads": "logo and photo uploads",
  "csv-exports": "CSV exports",
  "cv-renders": "CV PDFs made",
  "data-exports": "data exports",
  "account-deletions": "tries to delete the account",
  signups: "new accounts from one network",
  "provider-sign-ins": "sign-ins with a provider from one network",
  "password-reset-requests": "password reset requests from one network",
  "verification-emails": "confirmation emails",
  "team-invitations": "invitations from one company",
  "invitations-to-address": "invitations to one address",
  "account-exists-notices": "emails about an existing account to one address",
  "held-application-emails": "applications waiting for confirmation at one address",
  "plan-requests": "plan requests",
  messages: "messages",
  "interview-emails": "interview changes",
  "scorecard-reminders": "scorecard reminders",
  "search-provider-calls": "calls to the job-search provider",
  "ai-provider-calls": "calls to the AI model",
};

export interface QuotaUse {
  allowed: boolean;
  limit: number;
  /** When the current window ends and the count starts again. */
  resetsAt: Date;
  /** Whole seconds until then, at least 1 (for the Retry-After header). */
  retryAfterSeconds: number;
}

/** A quota used up: `message` is a full sentence for the person, saying when to try again. */
export class QuotaExceededError extends Error {
  readonly quota: QuotaName;
  readonly limit: number;
  readonly resetsAt: Date;
  readonly retryAfterSeconds: number;
  constructor(quota: QuotaName, use: QuotaUse) {
    const { window } = config().quotas[quota];
    super(`You have reached the limit of ${use.limit} ${COUNTED[quota]} per ${window}. ${whenToRetry(use)}`);
    this.name = "QuotaExceededError";
    this.quota = quota;
    this.limit = use.limit;
    this.resetsAt = use.resetsAt;
    this.retryAfterSeconds = use.retryAfterSeconds;
  }
}

/** "Try again in 42 seconds (at 14:05 UTC)." */
export function whenToRetry({ retryAfterSeconds, resetsAt }: Pick<QuotaUse, "retryAfterSeconds" | "resetsAt">): string {
  const wait =
    retryAfterSeconds < 90
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Try again in ${wait} (at ${resetsAt.toISOString().slice(11, 16)} UTC).`;
}

/**
 * Counts one use of `quota` for `key` when the limit allows it. One statement: a row per window
 * is created or counted up under its row lock, and only while under the limit, so parallel calls
 * on any number of nodes never let more through than the limit. Inside `transaction()` the count
 * commits or rolls back with the rest.
 */
export async function consumeQuota(quota: QuotaName, key: string): Promise<QuotaUse> {
  const { limit, window } = config().quotas[quota];
  const at = now().getTime();
  const windowStart = Math.floor(at / WINDOW_MS[window]) * WINDOW_MS[window];
  const resetsAt = new Date(windowStart + WINDOW_MS[window]);
  const counted: { used: number }[] = await em().execute(
    `insert into quota_counters (quota, key, window_start, window_end, used) values (?, ?, ?, ?, 1)
     on conflict (quota, key, window_start) do update set used = quota_counters.used + 1
       where quota_counters.used < ?
     returning used`,
    [quota, key.slice(0, 200), new Date(windowStart), resetsAt, limit],
  );
  return {
    allowed: counted.length === 1,
    limit,
    resetsAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - at) / 1000)),
  };
}

/**
 * The key a client address counts under: an IPv4 address as it is, an IPv6 address by its /64
 * network (one household or server is given a whole /64, and could change the rest at will).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Counts one use, or throws QuotaExceededError when the limit is reached. */
export async function enforceQuota(quota: QuotaName, key: string): Promise<void> {
  const use = await consumeQuota(quota, key);
  if (!use.allowed) throw new QuotaExceededError(quota, use);
}

/** Deletes the counters of windows that ended more than an hour ago; returns how many. */
export async function pruneQuotaCounters(): Promise<number> {
  const gone: unknown[] = await em().execute(`delete from quota_counters where window_end < ? returning 1`, [
    new Date(now().getTime() - WINDOW_MS.hour),
  ]);
  return gone.length;
}

const quotaCleanupQueue: QueueDefinition<object> = {
  name: "quotas.cleanup",
  schedule: "23 * * * *",
  async handle() {
    await pruneQuotaCounters();
  },
};

export const quotaQueues = [quotaCleanupQueue];
