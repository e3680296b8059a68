// The JSearch adapter (RapidAPI): GET /search, /job-details and /estimated-salary with the key in
// a header. Replies are cached in PostgreSQL for 15 minutes (the API is paid per request), calls
// time out after 3 s, a circuit stops calling a failing provider for a minute, and the calls the
// whole site makes are counted against the search-provider-calls quota (a cached reply costs none).
import { z } from "zod";
import { now } from "../../lib/clock.ts";
import { logger, type Logger } from "../../lib/logger.ts";
import { consumeQuota, SITE, whenToRetry } from "../../lib/quotas.ts";
import { cacheKey, CACHE_TTL_MS, readCache, writeCache } from "./cache.ts";
import { Circuit } from "./circuit.ts";
import { mapListing, mapListings, mapSalaryEstimate } from "./mapper.ts";
import { normaliseSearch, ProviderError, type JobProvider } from "./provider.ts";

export const JSEARCH_URL = "https://jsearch.p.rapidapi.com";

export interface JsearchOptions {
  apiKey: string;
  /** Default https://jsearch.p.rapidapi.com; tests point it at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Default lib/clock.ts now(), so tests move time with setClock. */
  clock?: () => Date;
  log?: Logger;
  cacheTtlMs?: number;
  /** Consecutive failures that open the circuit, and how long it stays open. */
  failureThreshold?: number;
  openMs?: number;
}

// The envelope; `data` is checked item by item by the mapper.
const Envelope = z.object({
  status: z.string().nullish(),
  request_id: z.string().nullish(),
  error: z.object({ message: z.string().nullish() }).passthrough().nullish().catch(null),
  data: z.array(z.unknown()),
});

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// Failures that say the provider is down or refusing us; a 400 or 401 is our request's fault and
// would fail the same way however often we tried, so it does not open the circuit.
const countsAsFailure = (e: unknown) =>
  !(e instanceof ProviderError) || e.code !== "http" || e.status === 429 || (e.status ?? 0) >= 500;

export function createJsearchProvider(options: JsearchOptions): JobProvider {
  const base = (options.baseUrl ?? JSEARCH_URL).replace(/\/+$/, "");
  const host = new URL(base).host;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const clock = options.clock ?? now;
  const log = (options.log ?? logger).child({ scope: "search", provider: "jsearch" });
  const circuit = new Circuit({ clock, threshold: options.failureThreshold, openMs: options.openMs });

  async function fetchReply(endpoint: string, params: Record<string, string>): Promise<z.infer<typeof Envelope>> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}/${endpoint}?${new URLSearchParams(params)}`, {
        headers: { "X-RapidAPI-Key": options.apiKey, "X-RapidAPI-Host": host, accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === "TimeoutError";
      log.warn({ endpoint, err: String(err) }, timedOut ? "search provider timed out" : "search provider unreachable");
      if (timedOut)
        throw new ProviderError(`Search provider timed out after ${timeoutMs} ms`, "timeout", { cause: err });
      throw new ProviderError("Search provider could not be reached", "network", { cause: err });
    }
    const body = parseJson(text);
    const bodyId = (body as { request_id?: unknown } | undefined)?.request_id;
    const requestId = res.headers.get("x-request-id") ?? (typeof bodyId === "string" ? bodyId : null);
    if (!res.ok) {
      log.warn({ endpoint, status: res.status, requestId }, "search provider API error");
      throw new ProviderError(`Search provider API error: ${res.status} ${res.statusText}`, "http", {
        status: res.status,
        requestId,
      });
    }
    const envelope = Envelope.safeParse(body);
    if (!envelope.success || envelope.data.status === "ERROR") {
      const message = envelope.data?.error?.message;
      log.warn({ endpoint, requestId, reason: message ?? "no data array" }, "search provider sent an unusable reply");
      throw new ProviderError(
        message ? `Search provider error: ${message}` : "Search provider sent an unusable reply",
        "malformed",
        { requestId },
      );
    }
    log.debug({ endpoint, requestId, items: envelope.data.data.length }, "search provider reply");
    return envelope.data;
  }

  /**
   * The reply's data items: from the cache when fresh, otherwise from the provider (then cached).
   * `keyParams` name the request in the cache when they differ from what is sent (case folded).
   */
  async function call(endpoint: string, params: Record<string, string>, keyParams = params): Promise<unknown[]> {
    const key = cacheKey(endpoint, keyParams);
    // The cache is an optimisation: if the database can't serve it, ask the provider.
    try {
      const cached = Envelope.safeParse(await readCache("jsearch", key, clock()));
      if (cached.success) return cached.data.data;
    } catch (err) {
      log.warn({ err: String(err) }, "search cache read failed");
    }
    const refusedUntil = circuit.refusedUntil();
    if (refusedUntil) {
      throw new ProviderError(
        `Search provider is unavailable after repeated failures; retrying after ${refusedUntil.toISOString()}`,
        "unavailable",
      );
    }
    const quota = await consumeQuota("search-provider-calls", SITE);
    if (!quota.allowed) {
      log.warn({ endpoint, limit: quota.limit }, "search provider quota used up; not calling it");
      throw new ProviderError(
        `The site's ${quota.limit} search provider calls for this minute are used up. ${whenToRetry(quota)}`,
        "quota",
      );
    }
    let reply: z.infer<typeof Envelope>;
    try {
      reply = await fetchReply(endpoint, params);
      circuit.success();
    } catch (err) {
      if (countsAsFailure(err)) circuit.failure();
      else circuit.success(); // the provider answered: it is up
      throw err;
    }
    try {
      await writeCache("jsearch", key, reply, clock(), options.cacheTtlMs ?? CACHE_TTL_MS);
    } catch (err) {
      log.warn({ err: String(err) }, "search cache write failed");
    }
    return reply.data;
  }

  return {
    name: "JSearch",
    async search(asked) {
      const p = normaliseSearch(asked);
      // JSearch needs a query; an empty one would spend quota on "anything".
      if (!p.query) return [];
      const query = p.location ? `${p.query} in ${p.location}` : p.query;
      const params = { query, page: String(p.page), num_pages: String(p.numPages), date_posted: p.datePosted };
      // The provider ignores case, so "React" and "react" share a cache entry.
      const data = await call("search", params, { ...params, query: query.toLowerCase() });
      return mapListings(data, log);
    },
    async details(jobId) {
      const id = jobId.trim();
      if (!id) return null;
      const [item] = await call("job-details", { job_id: id });
      return item === undefined ? null : mapListing(item, log);
    },
    async estimatedSalary({ jobTitle, location }) {
      const title = jobTitle.replace(/\s+/g, " ").trim();
      if (!title) return null;
      const place = (location ?? "").replace(/\s+/g, " ").trim();
      const params = { job_title: title, location: place, location_type: "ANY", years_of_experience: "ALL" };
      const data = await call("estimated-salary", params, {
        ...params,
        job_title: title.toLowerCase(),
        location: place.toLowerCase(),
      });
      return mapSalaryEstimate(data, { jobTitle: jobTitle.trim(), location: location?.trim() });
    },
  };
}
