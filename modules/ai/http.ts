// One POST to a model's HTTP API, with a time-out per attempt and retries with back-off for the
// failures that pass (429, 5xx, time-outs, dropped connections). A 400, 401 or 403 fails at once:
// asking again would fail the same way. Error messages never hold the key.
import type { Logger } from "../../lib/logger.ts";

// "quota": the site's model calls for the minute are used up (lib/quotas.ts); nothing was sent.
export type AiErrorCode = "http" | "timeout" | "network" | "malformed" | "empty" | "quota";

/** A failed model call. `message` is safe to log and to show. */
export class AiError extends Error {
  code: AiErrorCode;
  status: number | null;
  constructor(message: string, code: AiErrorCode, extra: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: extra.cause });
    this.name = "AiError";
    this.code = code;
    this.status = extra.status ?? null;
  }
}

export interface RetryOptions {
  /** Per attempt. Default 30 s: a long description can take a while on a busy model. */
  timeoutMs?: number;
  /** Attempts after the first. Default 2. */
  retries?: number;
  /** First wait; doubled each time, capped by maxBackoffMs (also caps a server's Retry-After). Default 1 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const retryable = (e: AiError) =>
  e.code === "timeout" || e.code === "network" || (e.code === "http" && (e.status === 429 || (e.status ?? 0) >= 500));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** POSTs `body` as JSON and returns the parsed reply, or throws an AiError after the last attempt. */
export async function postJson(
  service: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: RetryOptions & { log: Logger },
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const payload = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    try {
      return await attempt1();
    } catch (err) {
      const error = err as AiError & { retryAfter?: number | null };
      const last = attempt >= retries || !retryable(error);
      wait = last ? null : Math.min(maxBackoffMs, error.retryAfter ?? backoffMs * 2 ** attempt);
      options.log.warn(
        {
          attempt: attempt + 1,
          status: error.status,
          code: error.code,
          willRetry: !last,
          retryInMs: wait ?? undefined,
        },
        error.message,
      );
      if (wait === null) throw error;
    }
    await sleep(wait);
  }

  async function attempt1(): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...headers },
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      if (err instanceof Error && err.name === "TimeoutError")
        throw new AiError(`${service} timed out after ${timeoutMs} ms`, "timeout", { cause: err });
      throw new AiError(`${service} could not be reached`, "network", { cause: err });
    }
    if (!res.ok) {
      const error = new AiError(`${service} API error: ${res.status} ${res.statusText}`, "http", {
        status: res.status,
      });
      throw Object.assign(error, { retryAfter: retryAfterMs(res.headers.get("retry-after")) });
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new AiError(`${service} sent a reply that is not JSON`, "malformed");
    }
  }
}
