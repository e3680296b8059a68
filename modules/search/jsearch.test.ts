// The JSearch adapter against a fake JSearch on 127.0.0.1: the requests it sends, the listings it
// maps, its errors, the 15-minute cache in PostgreSQL and the circuit breaker.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { ProviderCache } from "./entities.ts";
import { createJsearchProvider, type JsearchOptions } from "./jsearch.ts";
import { ProviderError, type JobProvider } from "./provider.ts";

useTestRuntime();

const KEY = "test-key-3f9a7c1e5b";
const NOW = new Date("2026-11-20T12:00:00Z");
const MIN = 60_000;

interface Hit {
  path: string;
  params: Record<string, string>;
  key: string | undefined;
  host: string | undefined;
}
interface Reply {
  status?: number;
  body?: unknown;
  /** Sent as is (not JSON-encoded). */
  raw?: string;
  contentType?: string;
  delayMs?: number;
}

const ENDPOINTS = ["/search", "/job-details", "/estimated-salary"];
// What the adapter must send on each endpoint (anything else is a 400 from the fake).
const REQUIRED: Record<string, string[]> = {
  "/search": ["query", "page", "num_pages", "date_posted"],
  "/job-details": ["job_id"],
  "/estimated-salary": ["job_title", "location", "location_type", "years_of_experience"],
};

let server: Server;
let baseUrl = "";
let hits: Hit[] = [];
let answer: (hit: Hit) => Reply = () => ({ body: envelope([]) });

function envelope(data: unknown[], parameters: Record<string, unknown> = {}) {
  return { status: "OK", request_id: "req-123", parameters, data };
}

function handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const key = req.headers["x-rapidapi-key"];
  const hit: Hit = {
    path: url.pathname,
    params: Object.fromEntries(url.searchParams),
    key: typeof key === "string" ? key : undefined,
    host: typeof req.headers["x-rapidapi-host"] === "string" ? req.headers["x-rapidapi-host"] : undefined,
  };
  hits.push(hit);
  const send = (status: number, body: string, type = "application/json") => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": type });
    res.end(body);
  };
  if (hit.key !== KEY) return send(403, JSON.stringify({ message: "You are not subscribed to this API." }));
  if (!ENDPOINTS.includes(url.pathname)) return send(404, JSON.stringify({ message: "Endpoint does not exist" }));
  const missing = REQUIRED[url.pathname]!.filter((p) => !url.searchParams.has(p));
  if (missing.length)
    return send(400, JSON.stringify({ status: "ERROR", error: { message: `missing ${missing.join(",")}` } }));
  const reply = answer(hit);
  const body = reply.raw ?? JSON.stringify(reply.body ?? envelope([]));
  const go = () => send(reply.status ?? 200, body, reply.contentType);
  // A long delay stands for a provider that never answers: it must not keep the process alive.
  if (reply.delayMs) setTimeout(go, reply.delayMs).unref();
  else go();
}

function rawJob(over: Record<string, unknown> = {}) {
  return {
    job_id: "abc123==",
    job_title: "React Developer",
    employer_name: "Acme Corp",
    employer_logo: "https://logo.example.com/acme.png",
    job_city: "Austin",
    job_state: "TX",
    job_country: "US",
    job_is_remote: false,
    job_employment_type: "FULLTIME",
    job_min_salary: 100000,
    job_max_salary: 150000,
    job_salary_currency: "USD",
    job_salary_period: "YEAR",
    job_required_skills: ["React", "TypeScript"],
    job_highlights: { Qualifications: ["3+ years of React"], Benefits: ["Dental"] },
    job_benefits: ["health_insurance"],
    job_apply_link: "https://apply.example.com/1",
    job_description: "Build things.",
    job_posted_at_datetime_utc: "2026-11-18T09:00:00.000Z",
    ...over,
  };
}

let logLines: string[] = [];
const log = pino({ level: "debug" }, { write: (s: string) => void logLines.push(s) });

function provider(options: Partial<JsearchOptions> = {}): JobProvider {
  return createJsearchProvider({ apiKey: KEY, baseUrl, log, ...options });
}

/** The rejection of `promise`, which must be a ProviderError. */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  hits = [];
  logLines = [];
  answer = () => ({ body: envelope([]) });
  setClock(NOW);
  await em().nativeDelete(ProviderCache, {});
  // Every test's clock is NOW: each starts with the site's provider calls for the minute unspent.
  await em().execute(`delete from quota_counters`);
});

afterEach(() => {
  // Whatever a test did, the key must not have been logged.
  expect(logLines.join("\n")).not.toContain(KEY);
});

describe("JSearch requests", () => {
  it("sends /search with query '{query} in {location}', page, num_pages, date_posted (default all) and the key header", async () => {
    await provider().search({ query: "  React   developer ", location: "Berlin", page: 2, numPages: 3 });
    expect(hits).toEqual([
      {
        path: "/search",
        params: { query: "React developer in Berlin", page: "2", num_pages: "3", date_posted: "all" },
        key: KEY,
        host: new URL(baseUrl).host,
      },
    ]);
    await provider().search({ query: "nurse", datePosted: "week" });
    expect(hits[1]!.params).toEqual({ query: "nurse", page: "1", num_pages: "1", date_posted: "week" });
    // An unknown date_posted and out-of-range pages are normalised, not sent.
    await provider().search({ query: "chef", page: -4, numPages: 5000, datePosted: "century" as never });
    expect(hits[2]!.params).toEqual({ query: "chef", page: "1", num_pages: "10", date_posted: "all" });
  });

  it("does not call the provider for an empty query", async () => {
    expect(await provider().search({ query: "   ", location: "Berlin" })).toEqual([]);
    expect(hits).toEqual([]);
  });

  it("sends /job-details with job_id and /estimated-salary with job_title, location, location_type=ANY, years_of_experience=ALL", async () => {
    answer = (hit) =>
      hit.path === "/job-details"
        ? { body: envelope([rawJob({ job_id: hit.params.job_id })]) }
        : {
            body: envelope([
              {
                job_title: "Nurse",
                location: "Austin, TX",
                publisher_name: "Glassdoor",
                min_salary: 60000,
                max_salary: 90000,
                median_salary: 75000,
                salary_period: "YEAR",
                salary_currency: "USD",
              },
            ]),
          };
    const p = provider();
    const listing = await p.details(" abc/12&3= ");
    expect(hits[0]).toMatchObject({ path: "/job-details", params: { job_id: "abc/12&3=" }, key: KEY });
    expect(listing?.id).toBe("abc/12&3=");

    const estimate = await p.estimatedSalary({ jobTitle: " Registered  Nurse ", location: "Austin, TX" });
    expect(hits[1]).toMatchObject({
      path: "/estimated-salary",
      params: {
        job_title: "Registered Nurse",
        location: "Austin, TX",
        location_type: "ANY",
        years_of_experience: "ALL",
      },
      key: KEY,
    });
    expect(estimate).toMatchObject({
      minSalary: 60000,
      maxSalary: 90000,
      medianSalary: 75000,
      salary: "$60,000 - $90,000",
      source: "Glassdoor",
    });
  });

  it("answers null for an empty job id or title without calling, and for details or salary with empty data", async () => {
    const p = provider();
    expect(await p.details("  ")).toBeNull();
    expect(await p.estimatedSalary({ jobTitle: " " })).toBeNull();
    expect(hits).toHaveLength(0);
    expect(await p.details("gone")).toBeNull();
    expect(await p.estimatedSalary({ jobTitle: "Unicorn wrangler" })).toBeNull();
    expect(hits).toHaveLength(2);
  });
});

describe("JSearch replies", () => {
  it("maps listings: location joined with ', ', salary text, posted label, requirements from skills", async () => {
    answer = () => ({
      body: envelope(
        [
          rawJob(),
          rawJob({
            job_id: 42,
            job_title: "Nurse",
            employer_name: null,
            job_city: null,
            job_state: "",
            job_country: "GB",
            job_min_salary: null,
            job_max_salary: null,
            job_required_skills: null,
            job_benefits: null,
            job_posted_at_datetime_utc: null,
            job_apply_link: "javascript:alert(1)",
            employer_logo: "data:image/png;base64,xx",
          }),
          { job_id: "no-title" },
          "not an object",
          rawJob({ job_id: "remote-only", job_city: null, job_state: null, job_country: null, job_is_remote: true }),
        ],
        { query: "react" },
      ),
    });
    const found = await provider().search({ query: "react" });
    expect(found.map((l) => l.id)).toEqual(["abc123==", "42", "remote-only"]);
    const [first, second, remote] = found;
    expect(first).toMatchObject({
      title: "React Developer",
      company: "Acme Corp",
      location: "Austin, TX, US",
      city: "Austin",
      isRemote: false,
      employmentType: "FULLTIME",
      salary: "$100,000 - $150,000",
      salaryMin: 100000,
      salaryMax: 150000,
      requirements: ["React", "TypeScript"],
      benefits: ["Health insurance"],
      applyLink: "https://apply.example.com/1",
      postedDate: "2026-11-18T09:00:00.000Z",
      logo: "https://logo.example.com/acme.png",
    });
    expect(first!.postedLabel).not.toBe("Recently posted");
    expect(first!.postedLabel).toMatch(/2026/);
    expect(second).toMatchObject({
      company: "",
      location: "GB",
      salary: "Salary not specified",
      postedDate: null,
      postedLabel: "Recently posted",
      requirements: ["3+ years of React"],
      benefits: ["Dental"],
      applyLink: null,
      logo: null,
    });
    expect(remote!.location).toBe("Remote");
  });

  it("returns [] for a reply with empty data", async () => {
    answer = () => ({ body: envelope([]) });
    expect(await provider().search({ query: "react" })).toEqual([]);
    expect(hits).toHaveLength(1);
  });

  it("rejects malformed JSON, HTML and a 200 without data as unusable", async () => {
    const bad: Reply[] = [
      { raw: '{"status":"OK","data":[', contentType: "application/json" },
      { raw: "<html><body>Bad gateway</body></html>", contentType: "text/html" },
      { body: { status: "OK", request_id: "r", parameters: {} } },
      { body: { status: "OK", data: "nope" } },
      { raw: "null" },
    ];
    for (const reply of bad) {
      answer = () => reply;
      const error = await failure(provider().search({ query: "react" }));
      expect(error.code).toBe("malformed");
      expect(error.message).toBe("Search provider sent an unusable reply");
    }
    answer = () => ({ body: { status: "ERROR", request_id: "r9", error: { message: "quota exceeded" }, data: [] } });
    const error = await failure(provider().search({ query: "react" }));
    expect(error.message).toBe("Search provider error: quota exceeded");
    expect(error.requestId).toBe("r9");
  });

  it("turns 429, 500 and 403 into ProviderErrors with the status", async () => {
    answer = () => ({ status: 429, body: { message: "Too many requests" } });
    let error = await failure(provider().search({ query: "react" }));
    expect(error.message).toBe("Search provider API error: 429 Too Many Requests");
    expect(error).toMatchObject({ code: "http", status: 429 });

    answer = () => ({ status: 500, raw: "oops", contentType: "text/plain" });
    error = await failure(provider().details("x"));
    expect(error.message).toBe("Search provider API error: 500 Internal Server Error");
    expect(error.status).toBe(500);

    // A wrong key: the fake refuses it; the message names neither key.
    error = await failure(createJsearchProvider({ apiKey: "wrong-key-000", baseUrl, log }).search({ query: "react" }));
    expect(error.message).toBe("Search provider API error: 403 Forbidden");
    expect(error.message).not.toContain("wrong-key-000");
  });

  it("times out a slow provider after timeoutMs", async () => {
    // The provider never answers within the test: an error at all means the time-out fired.
    answer = () => ({ delayMs: 600_000, body: envelope([rawJob()]) });
    const error = await failure(provider({ timeoutMs: 100 }).search({ query: "react" }));
    expect(error).toMatchObject({ code: "timeout", message: "Search provider timed out after 100 ms" });
  });

  it("reports an unreachable provider as a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      createJsearchProvider({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}`, log }).search({ query: "react" }),
    );
    expect(error).toMatchObject({ code: "network", message: "Search provider could not be reached" });
  });

  it("never puts the key in an error's message, string or cause", async () => {
    const replies: Reply[] = [{ status: 429 }, { status: 500 }, { raw: "<html>" }, { delayMs: 500 }];
    for (const reply of replies) {
      answer = () => reply;
      const error = await failure(provider({ timeoutMs: 100 }).search({ query: "react" }));
      expect(error.message).not.toContain(KEY);
      expect(String(error)).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(KEY);
      expect(String(error.cause ?? "")).not.toContain(KEY);
    }
  });
});

describe("JSearch cache", () => {
  it("keeps a reply in PostgreSQL for 15 minutes (case folded), without the key", async () => {
    answer = () => ({ body: envelope([rawJob()]) });
    const p = provider();
    expect(await p.search({ query: "React", location: "Berlin" })).toHaveLength(1);
    expect(hits).toHaveLength(1);

    const rows = await em().fork().find(ProviderCache, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider).toBe("jsearch");
    expect(rows[0]!.cacheKey).toBe("search?date_posted=all&num_pages=1&page=1&query=react in berlin");
    expect(rows[0]!.expiresAt.getTime()).toBe(NOW.getTime() + 15 * MIN);
    expect(JSON.stringify(rows[0])).not.toContain(KEY);

    // Same request, another provider instance (another process would share the table too).
    setClock(new Date(NOW.getTime() + 15 * MIN - 1_000));
    const again = await provider().search({ query: "react", location: "berlin" });
    expect(again.map((l) => l.id)).toEqual(["abc123=="]);
    expect(hits).toHaveLength(1);

    // Another page is another request.
    await p.search({ query: "react", location: "berlin", page: 2 });
    expect(hits).toHaveLength(2);

    setClock(new Date(NOW.getTime() + 15 * MIN + 1_000));
    await p.search({ query: "react", location: "berlin" });
    expect(hits).toHaveLength(3);
    // Refreshed: cached again from the new time.
    await p.search({ query: "react", location: "berlin" });
    expect(hits).toHaveLength(3);
  });

  it("caches details and salary estimates too", async () => {
    answer = (hit) => ({
      body: envelope(hit.path === "/job-details" ? [rawJob()] : [{ min_salary: 1, max_salary: 2 }]),
    });
    const p = provider();
    await p.details("abc123==");
    await p.details("abc123==");
    await p.estimatedSalary({ jobTitle: "Nurse", location: "Austin" });
    await p.estimatedSalary({ jobTitle: "NURSE", location: "austin" });
    expect(hits.map((h) => h.path)).toEqual(["/job-details", "/estimated-salary"]);
  });

  it("does not cache failures", async () => {
    answer = () => ({ status: 500 });
    const p = provider();
    await failure(p.search({ query: "react" }));
    answer = () => ({ body: envelope([rawJob()]) });
    expect(await p.search({ query: "react" })).toHaveLength(1);
    expect(hits).toHaveLength(2);
  });

  it("stores a 2,000-character query under a hash that fits the column", async () => {
    answer = () => ({ body: envelope([]) });
    await provider().search({ query: "x".repeat(2000), location: "y".repeat(2000) });
    const [row] = await em().fork().find(ProviderCache, {});
    expect(row!.cacheKey.length).toBeLessThanOrEqual(1000);
    // normaliseSearch caps each part at 200 characters.
    expect(hits[0]!.params.query).toBe(`${"x".repeat(200)} in ${"y".repeat(200)}`);
  });
});

describe("JSearch circuit", () => {
  it("opens after consecutive failures, refuses without calling, then lets one probe through after openMs", async () => {
    answer = () => ({ status: 500 });
    const p = provider({ failureThreshold: 3, openMs: 60_000 });
    for (let i = 0; i < 3; i++) await failure(p.search({ query: `q${i}` }));
    expect(hits).toHaveLength(3);

    const refused = await failure(p.search({ query: "q3" }));
    expect(refused.code).toBe("unavailable");
    expect(refused.message).toMatch(/^Search provider is unavailable after repeated failures; retrying after /);
    setClock(new Date(NOW.getTime() + 59_000));
    await failure(p.details("x"));
    expect(hits).toHaveLength(3);

    // Open time over: one probe goes through; it fails, so the circuit opens again at once.
    setClock(new Date(NOW.getTime() + 61_000));
    expect((await failure(p.search({ query: "q4" }))).code).toBe("http");
    expect(hits).toHaveLength(4);
    expect((await failure(p.search({ query: "q5" }))).code).toBe("unavailable");
    expect(hits).toHaveLength(4);

    // Next probe: the provider is back; while it is in flight other calls are refused.
    setClock(new Date(NOW.getTime() + 122_000));
    answer = () => ({ delayMs: 150, body: envelope([rawJob()]) });
    // Either call may be the probe: each first reads the cache, and whichever read ends first goes on.
    const settled = await Promise.allSettled([p.search({ query: "q6" }), p.search({ query: "q7" })]);
    const probes = settled.filter((s) => s.status === "fulfilled");
    const refusedCalls = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    expect(probes).toHaveLength(1);
    expect(refusedCalls).toHaveLength(1);
    expect((refusedCalls[0]!.reason as ProviderError).code).toBe("unavailable");
    expect(hits).toHaveLength(5);

    // Closed again: calls go through.
    answer = () => ({ body: envelope([]) });
    await p.search({ query: "q8" });
    expect(hits).toHaveLength(6);
  });

  it("counts time-outs and unusable replies; a 400 does not open it; a success resets the count", async () => {
    // Room for the quick replies on a busy machine; the slow one never comes.
    const p = provider({ failureThreshold: 2, timeoutMs: 2_000 });
    answer = () => ({ delayMs: 600_000 });
    await failure(p.search({ query: "a" }));
    answer = () => ({ body: envelope([]) });
    await p.search({ query: "b" }); // resets
    answer = () => ({ raw: "<html>" });
    await failure(p.search({ query: "c" }));
    answer = () => ({ status: 400, body: { message: "bad" } });
    for (const q of ["d", "e", "f"]) expect((await failure(p.search({ query: q }))).code).toBe("http");
    answer = () => ({ raw: "<html>" });
    await failure(p.search({ query: "g" }));
    await failure(p.search({ query: "h" }));
    expect(hits).toHaveLength(8);
    expect((await failure(p.search({ query: "i" }))).code).toBe("unavailable");
    expect(hits).toHaveLength(8);
  });

  it("serves cached replies while the circuit is open", async () => {
    answer = () => ({ body: envelope([rawJob()]) });
    const p = provider({ failureThreshold: 1 });
    await p.search({ query: "cached" });
    answer = () => ({ status: 503 });
    await failure(p.search({ query: "other" }));
    expect(await p.search({ query: "cached" })).toHaveLength(1);
    expect(hits).toHaveLength(2);
  });
});

describe("the site's quota of provider calls", () => {
  it("stops calling past the calls for the minute, still serves cached replies, and calls again the next minute", async () => {
    const settings = config().quotas["search-provider-calls"];
    const previous = settings.limit;
    settings.limit = 2;
    try {
      const jsearch = provider();
      await jsearch.search({ query: "react" });
      await jsearch.search({ query: "vue" });
      const error = await failure(jsearch.search({ query: "svelte" }));
      expect(error.code).toBe("quota");
      expect(error.message).toBe(
        "The site's 2 search provider calls for this minute are used up. Try again in 60 seconds (at 12:01 UTC).",
      );
      expect(hits.map((h) => h.params.query)).toEqual(["react", "vue"]);
      // A cached reply costs no call.
      await jsearch.search({ query: "react" });
      expect(hits).toHaveLength(2);
      setClock(new Date(NOW.getTime() + MIN));
      await jsearch.search({ query: "svelte" });
      expect(hits.map((h) => h.params.query)).toEqual(["react", "vue", "svelte"]);
    } finally {
      settings.limit = previous;
    }
  });
});
