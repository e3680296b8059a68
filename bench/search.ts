// npm run bench:search: the board's full-text search at scale, and the list pages that show it.
// For each size in BENCH_SEARCH_SIZES (default "100000,1000000"; active demo jobs, added with the
// CLI's demo:jobs, then ANALYZE):
// 1. searchBoard() itself, in this process, idle: 50 realistic queries, each warmed up once then
//    run 5 times; p50/p95/max over those runs and the 5 slowest queries (by their median).
// 2. Side by side in one run, each with autocannon at 32 connections for BENCH_SEARCH_SECONDS
//    (default 15): a raw-Node baseline (node:http answering the /jobs page's bytes from memory:
//    the machine's ceiling), then the production server (ONE web process, SEARCH_PROVIDER=none)
//    on signed-out /jobs, signed-out /jobs?q=developer and signed-in /candidate/jobs?q=developer:
//    100 candidates' sessions in turn, request after request, 40 of them with two saved jobs and
//    one application among the page's results; first on a web process with SHARED_RENDER=false
//    (every page rendered in full: the "before"), then on the usual one (the shared render with
//    personal holes, decision 059). While each app load runs, a process of its own times
//    searchBoard over the 50 queries in turn (its p95 "under load"). Prints requests/s, p50/p99
//    and the ratio to the baseline, and the targets of issue 19.
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL (in a temp directory, as
// bench/server.ts does); either way in a database of its own, BENCH_SEARCH_DATABASE (default
// hirewise_bench_search: two runs at once on one server need different names), dropped at
// the start and at the end. Prints figures; asserts nothing. autocannon runs in this process, on
// the same two cores as the server and PostgreSQL: the figures are a floor, not a ceiling.
// Modules are imported where needed: lib/config.ts reads the environment once, and DATABASE_URL
// names the bench database only once it exists.
import type { ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import type { Request as CannonRequest, Result } from "autocannon";
import type { Client } from "pg";
import type { BoardQuery } from "../modules/hiring/index.server.ts";

process.env.LOG_LEVEL ??= "warn";

// ---------------------------------------------------------------------------------------------
// The queries

/** 50 searches people make: words, phrases, exclusions, locations, filters and none at all. */
const QUERIES: BoardQuery[] = [
  { q: "react" },
  { q: "senior engineer" },
  { q: '"product manager"' },
  { q: "python -java" },
  { q: "nurse" },
  { q: "data scientist", location: "Berlin" },
  { q: "software engineer", employmentType: "FULLTIME" },
  { q: "designer", category: "Design" },
  { q: "engineer", minSalary: 150_000 },
  { q: "marketing", postedWithin: "week" },
  { q: "developer", locationType: "remote" },
  { q: "", category: "Software Engineering", locationType: "remote" },
  { q: "", employmentType: "CONTRACT", postedWithin: "3days" },
  { q: "" },
  { q: "", minSalary: 200_000 },
  { q: "typescript node" },
  { q: "kubernetes" },
  { q: "sales manager", location: "London" },
  { q: "accountant" },
  { q: "frontend or backend" },
  { q: "machine learning" },
  { q: "devops aws" },
  { q: "product designer", location: "Remote" },
  { q: "recruiter", category: "HR" },
  { q: "financial analyst", location: "New York" },
  { q: "-senior" },
  { q: "go rust" },
  { q: "sql", category: "Data Science", minSalary: 100_000 },
  { q: "engineering manager", postedWithin: "month" },
  { q: "customer success", employmentType: "PARTTIME" },
  { q: "ios android" },
  { q: "junior", location: "Toronto" },
  { q: "lead", locationType: "hybrid", location: "Amsterdam" },
  { q: "operations", category: "Operations", postedWithin: "today" },
  { q: "java -python" },
  { q: "data engineer", location: "United States", minSalary: 120_000 },
  { q: "content writer" },
  { q: "security" },
  { q: "", location: "Berlin" },
  { q: "", location: "Remote" },
  { q: "", postedWithin: "today" },
  { q: "staff engineer", locationType: "remote", employmentType: "FULLTIME" },
  { q: "analyst", category: "Finance", location: "London" },
  { q: "ux research" },
  { q: "the" },
  { q: "senior react developer", location: "San Francisco", minSalary: 180_000 },
  { q: "freelance", employmentType: "FREELANCE" },
  { q: "growth marketing", location: "Remote (Europe)" },
  { q: "python", limit: 50 },
  { q: "manager", location: "Germany", postedWithin: "week", employmentType: "FULLTIME" },
];

/** The load runs: what a visitor and a signed-in candidate open; `fullRender` on a web process with SHARED_RENDER=false. */
const LOADS = [
  { name: "signed-out /jobs", path: "/jobs", signedIn: false, fullRender: false },
  { name: "signed-out /jobs?q=developer", path: "/jobs?q=developer", signedIn: false, fullRender: false },
  { name: "signed-in /candidate/jobs?q=developer, full render", path: "/candidate/jobs?q=developer", signedIn: true, fullRender: true },
  { name: "signed-in /candidate/jobs?q=developer", path: "/candidate/jobs?q=developer", signedIn: true, fullRender: false },
] as const;

const RUNS = 5;
const CONNECTIONS = 32;
/** Signed-in loads rotate over this many candidates' sessions; the first CANDIDATES_WITH_MARKS saved and applied to jobs on the page. */
const CANDIDATES = 100;
const CANDIDATES_WITH_MARKS = 40;

// ---------------------------------------------------------------------------------------------
// The bench

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_SEARCH_SIZES || "100000,1000000";
  const sizes = raw.split(",").map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_SEARCH_SIZES must be whole numbers, e.g. "100000,1000000" (got "${raw}")`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function benchDatabaseFromEnv(): string {
  const name = process.env.BENCH_SEARCH_DATABASE || "hirewise_bench_search";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_SEARCH_DATABASE must be a plain lower-case name (got "${name}")`);
  return name;
}

function secondsFromEnv(): number {
  const raw = process.env.BENCH_SEARCH_SECONDS;
  if (!raw) return 15;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_SEARCH_SECONDS must be a whole number of seconds, 1 or more (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const describe = (query: BoardQuery) =>
  Object.entries(query)
    .map(([k, v]) => (k === "q" ? `q=${JSON.stringify(v)}` : `${k}=${String(v)}`))
    .join(" ");

async function main() {
  const [{ default: pg }, { execFile, spawn }, { promisify }, { default: autocannon }, server] = await Promise.all([
    import("pg"),
    import("node:child_process"),
    import("node:util"),
    import("autocannon"),
    import("./server.ts"),
  ]);
  const { benchEnvironment, freePort, running, stop, WEB_NODE_FLAGS } = server;
  const [{ writeFile }, path] = await Promise.all([import("node:fs/promises"), import("node:path")]);
  const sizes = sizesFromEnv();
  const seconds = secondsFromEnv();
  const { dataDir, pgPort, cleanup } = await benchEnvironment();

  /** Where the bench database lives: DATABASE_URL's server, or an embedded one this process runs. */
  let adminUrl = process.env.DATABASE_URL;
  let embedded = false;
  let releaseEmbedded = async () => {};
  if (!adminUrl) {
    // Not lib/logger.ts: it would read (and fix) the configuration before DATABASE_URL is set.
    const [{ loadConfig }, { pino }, { openDatabase }] = await Promise.all([import("../lib/config.ts"), import("pino"), import("../db/database.ts")]);
    const db = await openDatabase(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn" }), pino({ level: "warn" }));
    embedded = true;
    adminUrl = db.url;
    releaseEmbedded = db.release;
  }
  const database = benchDatabaseFromEnv();
  const benchUrl = withDatabase(adminUrl, database);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: withDatabase(adminUrl, "postgres") });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  // The CLI, the servers and this process's ORM all use the bench database.
  process.env.DATABASE_URL = benchUrl;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_DATA: "false", SEARCH_PROVIDER: "none" };
  const cli = async (...args: string[]) => (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env, maxBuffer: 16 << 20 })).stdout;

  const children: ChildProcess[] = [];
  /** Spawns a server and resolves once `probe` answers 200 (gives up after 3 minutes). */
  const startChild = async (args: string[], port: number, probe: string, extraEnv: Record<string, string> = {}) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv, PORT: String(port), DATA_DIR: dataDir }, stdio: ["ignore", "ignore", "inherit"] });
    children.push(child);
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${probe}`)).status === 200) return child;
      } catch {
        // not up yet
      }
      if (!running(child)) throw new Error(`${args.join(" ")} exited with ${child.exitCode ?? child.signalCode}`);
      if (performance.now() - started > 180_000) throw new Error(`${args.join(" ")} did not answer 200 on ${probe} within 3 minutes`);
      await sleep(50);
    }
  };

  /** autocannon on one URL (signed in: the sessions' cookies in turn); every response's latency is kept for the percentiles. */
  const load = async (base: string, path: string, cookies: string[]) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let turn = 0;
    const requests = cookies.length ? [{ setupRequest: (req: CannonRequest): CannonRequest => ({ ...req, headers: { ...req.headers, cookie: cookies[turn++ % cookies.length]! } }) }] : undefined;
    const result = await new Promise<Result>((resolve, reject) => {
      const instance = autocannon(
        { url: base + path, connections: CONNECTIONS, duration: seconds, requests },
        (err, res) => (err ? reject(err) : resolve(res)),
      ) as unknown as EventEmitter;
      instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
        latencies.push(time);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
    latencies.sort((a, b) => a - b);
    const problems = [...statuses].filter(([s]) => s !== 200).map(([s, n]) => `${n} × ${s}`);
    if (result.errors) problems.push(`${result.errors} errors`);
    if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
    return { rps: result.requests.average, responses: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), problems };
  };

  const lines: string[] = [];
  const say = (line = "") => {
    lines.push(line);
    console.log(line);
  };
  let runtime: { stop(): Promise<void> } | undefined;
  try {
    let seeded = 0;
    for (const size of sizes) {
      // Jobs up to this size (demo:jobs also creates the demo employers and, first, the schema).
      const seedStarted = performance.now();
      for (let left = size - seeded; left > 0; left -= 100_000) await cli("demo:jobs", "--count", String(Math.min(left, 100_000)));
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      seeded = size;
      const analyzeStarted = performance.now();
      await withClient(pg, benchUrl, (c) => c.query("analyze"));
      const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;

      // 1. searchBoard in this process, booted as the CLI boots (no queue, no demo data).
      runtime ??= await (await import("../boot.ts")).boot({ workers: false, queue: false, demoData: false });
      const { searchBoard } = await import("../modules/hiring/index.server.ts");
      const active = await withClient(pg, benchUrl, async (c) => Number((await c.query("select count(*) as n from jobs where status = 'active'")).rows[0].n));
      const timings: { query: BoardQuery; runs: number[]; found: number }[] = [];
      for (const query of QUERIES) {
        const found = (await searchBoard(query)).jobs.length; // warm-up
        const runs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await searchBoard(query);
          runs.push(performance.now() - t);
        }
        timings.push({ query, runs: runs.sort((a, b) => a - b), found });
      }
      const all = timings.flatMap((t) => t.runs).sort((a, b) => a - b);
      say(`== ${size.toLocaleString("en-US")} jobs (${active.toLocaleString("en-US")} active; seeded in ${seedSeconds.toFixed(1)} s, ANALYZE ${analyzeSeconds.toFixed(1)} s)`);
      say(`searchBoard, ${QUERIES.length} queries × ${RUNS} runs after one warm-up: p50 ${fmt(percentile(all, 0.5))} ms, p95 ${fmt(percentile(all, 0.95))} ms, max ${fmt(all.at(-1)!)} ms`);
      say("slowest 5 queries (median of 5 / max, results on the page):");
      const median = (t: (typeof timings)[number]) => t.runs[Math.floor(t.runs.length / 2)]!;
      for (const t of [...timings].sort((a, b) => median(b) - median(a)).slice(0, 5)) {
        say(`  ${fmt(median(t)).padStart(7)} / ${fmt(t.runs.at(-1)!).padStart(7)} ms  ${String(t.found).padStart(2)}  ${describe(t.query)}`);
      }

      // 2. The baseline, then the app: one web process, the searches timed here meanwhile.
      const pagePort = await freePort();
      const rawPort = await freePort();
      const page = await startChild([...WEB_NODE_FLAGS, "server.ts"], pagePort, "/");
      const base = `http://127.0.0.1:${pagePort}`;
      const html = await (await fetch(`${base}/jobs`, { headers: { "accept-encoding": "identity" } })).text();
      const cookies = await candidateSessions(base, pg, benchUrl);
      const htmlFile = path.join(dataDir, "jobs.html");
      await writeFile(htmlFile, html);
      const raw = await startChild([new URL(import.meta.url).pathname, "--raw-server", htmlFile], rawPort, "/jobs");
      const rawLoad = await load(`http://127.0.0.1:${rawPort}`, "/jobs", []);
      await stop(raw);
      const label = `${CONNECTIONS} connections, ${seconds} s each, 1 web process at a time; signed in: ${CANDIDATES} candidates' sessions in turn`;
      say(`Load (${label}); /jobs is ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB of HTML:`);
      const row = (name: string, r: Awaited<ReturnType<typeof load>>, extra = "") =>
        say(`  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(6)} ms${extra}${r.problems.length ? `  (${r.problems.join(", ")})` : ""}`);
      row("raw Node baseline (fixed /jobs page)", rawLoad);
      for (const run of LOADS) {
        // The "before": the same server with every signed-in page rendered in full, alone on the machine while it runs.
        let target = base;
        let fullRenderServer: ChildProcess | undefined;
        if (run.fullRender) {
          const port = await freePort();
          fullRenderServer = await startChild([...WEB_NODE_FLAGS, "server.ts"], port, "/", { SHARED_RENDER: "false" });
          target = `http://127.0.0.1:${port}`;
        }
        // searchBoard in a process of its own (autocannon's work in this one would count in its times).
        const sampler = spawn(process.execPath, [new URL(import.meta.url).pathname, "--sampler"], { env, stdio: ["ignore", "pipe", "inherit"] });
        let sampled = "";
        sampler.stdout!.on("data", (chunk) => (sampled += chunk));
        const exited = new Promise((resolve) => sampler.once("exit", resolve));
        // The web process's own CPU per response: what a core of its own would serve, whatever else runs.
        const serverPid = (fullRenderServer ?? page).pid!;
        const cpuBefore = await cpuMs(serverPid);
        const r = await load(target, run.path, run.signedIn ? cookies : []);
        const cpuPerResponse = ((await cpuMs(serverPid)) - cpuBefore) / r.responses;
        sampler.kill("SIGTERM");
        await exited;
        if (fullRenderServer) await stop(fullRenderServer);
        const during = (JSON.parse(sampled.trim().split("\n").at(-1) || "[]") as number[]).sort((a, b) => a - b);
        row(run.name, r, `  ${(r.rps / rawLoad.rps).toFixed(2)}× baseline; web process ${fmt(cpuPerResponse)} ms CPU/response; searchBoard meanwhile p95 ${fmt(percentile(during, 0.95))} ms (${during.length} searches)`);
      }
      await stop(page);
      say("  targets (issue 19): signed-out ≥ 1,000 req/s with p99 ≤ 100 ms; signed-in ≥ 300 req/s; searchBoard p95 ≤ 20 ms at 100k, ≤ 50 ms at 1M");
      say();
    }
  } finally {
    await Promise.all(children.map((c) => stop(c)));
    await runtime?.stop();
    await admin(`drop database if exists ${database} with (force)`).catch((error: unknown) => console.error(`could not drop ${database}:`, error));
    await releaseEmbedded();
    await cleanup();
  }
  const databaseServer = embedded ? "embedded PostgreSQL" : "DATABASE_URL's server";
  console.log(`(Node ${process.version}; ${databaseServer}; autocannon runs in this process on the same machine)`);
}

/** A process's CPU time so far (user and system), from /proc (Linux; NaN elsewhere). */
async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  try {
    // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The same server URL with another database. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(pg: typeof import("pg").default, url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The raw-Node baseline: node:http answering the /jobs page's bytes from memory, nothing else.

async function rawServer(file: string) {
  const [{ createServer }, { readFile }] = await Promise.all([import("node:http"), import("node:fs/promises")]);
  const body = await readFile(file);
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length }).end(body);
  });
  server.listen(Number(process.env.PORT), "127.0.0.1");
  process.once("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

/**
 * CANDIDATES candidates' session cookies: accounts made through identity (this process is booted),
 * each signed in through the /auth form. The first CANDIDATES_WITH_MARKS saved two of the signed-in
 * page's jobs and applied to a third (which ones differ from candidate to candidate).
 */
async function candidateSessions(base: string, pg: typeof import("pg").default, url: string): Promise<string[]> {
  const [{ signUp }, { startQueue }, { logger }] = await Promise.all([import("../modules/identity/index.server.ts"), import("../jobs/boss.ts"), import("../lib/logger.ts")]);
  // Sign-up queues its welcome email: a queue that only sends (the web process's workers run it).
  const queue = await startQueue(url, logger, { workers: false });
  try {
    return await makeSessions(base, pg, url, signUp);
  } finally {
    await queue.stop();
  }
}

async function makeSessions(base: string, pg: typeof import("pg").default, url: string, signUp: typeof import("../modules/identity/index.server.ts").signUp): Promise<string[]> {
  const password = "bench password 1234";
  const run = Date.now();
  const cookies: string[] = [];
  let jobIds: string[] = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const email = `bench-candidate-${run}-${i}@example.com`;
    const account = await signUp({ email, password, role: "candidate", full_name: `Bench Candidate ${i + 1}` }, undefined, { emailVerified: true });
    const response = await fetch(`${base}/auth?mode=signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ mode: "signin", email, password }).toString(),
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (!session) throw new Error(`signing in a bench candidate answered ${response.status} without a session`);
    const cookie = session.split(";")[0]!;
    cookies.push(cookie);
    if (!jobIds.length) {
      const page = await (await fetch(`${base}${LOADS.at(-1)!.path}`, { headers: { cookie } })).text();
      jobIds = [...new Set([...page.matchAll(/id="job-board-([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
      if (jobIds.length < 3) throw new Error(`the signed-in page lists ${jobIds.length} board jobs: too few to mark`);
    }
    if (i < CANDIDATES_WITH_MARKS) {
      const [saved1, saved2, applied] = [0, 1, 2].map((k) => jobIds[(i + k * 3) % jobIds.length]!);
      await withClient(pg, url, async (c) => {
        await c.query("insert into saved_jobs (candidate_id, job_id, saved_at) values ($1, $2, now()), ($1, $3, now())", [account.id, saved1, saved2]);
        await c.query(
          `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
           select gen_random_uuid(), id, $1, company_id, 'submitted', now(), now() from jobs where id = $2`,
          [account.id, applied],
        );
      });
    }
  }
  return cookies;
}

/** searchBoard over the queries in turn until SIGTERM; prints every time (ms) as JSON. */
async function sampler() {
  const runtime = await (await import("../boot.ts")).boot({ workers: false, queue: false, demoData: false });
  const { searchBoard } = await import("../modules/hiring/index.server.ts");
  let stopping = false;
  process.once("SIGTERM", () => (stopping = true));
  const times: number[] = [];
  for (let i = 0; !stopping; i++) {
    const t = performance.now();
    await searchBoard(QUERIES[i % QUERIES.length]!);
    times.push(performance.now() - t);
  }
  await runtime.stop();
  process.stdout.write(`${JSON.stringify(times.map((t) => Math.round(t * 10) / 10))}\n`);
  process.exit(0);
}

const rawAt = process.argv.indexOf("--raw-server");
if (rawAt >= 0) await rawServer(process.argv[rawAt + 1]!);
else if (process.argv.includes("--sampler")) await sampler();
else await main();
