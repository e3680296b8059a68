// npm run bench:search: the board's full-text search at scale, and the /jobs page that shows it.
// For each size in BENCH_SEARCH_SIZES (default "100000,1000000"; active demo jobs, added with the
// CLI's demo:jobs, then ANALYZE):
// 1. searchBoard() itself, in this process: 50 realistic queries, each warmed up once then run 5
//    times; p50/p95/max over those runs and the 5 slowest queries (by their median).
// 2. GET /jobs on the production server (SEARCH_PROVIDER=none, so only the board answers) with
//    autocannon (32 connections, BENCH_SEARCH_SECONDS, default 15), URLs cycling through a few
//    searches; then the same URLs on a minimal node:http server (this file, run with
//    --minimal-server) that calls searchBoard and prints the same cards with a string template.
//    Prints requests/s, latency p50/p95 and the ratio page/minimal.
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL (in a temp directory, as
// bench/server.ts does); either way in a database of its own, hirewise_bench_search, dropped at
// the start and at the end. Prints figures; asserts nothing.
// Modules are imported where needed: lib/config.ts reads the environment once, and DATABASE_URL
// names the bench database only once it exists.
import type { ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import type { Result } from "autocannon";
import type { Client } from "pg";
import type { BoardQuery } from "../modules/hiring/index.ts";

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

/** What the load runs cycle through, as /jobs URLs (the page's own parameter names). */
const PAGE_SEARCHES = [
  "q=react&location=",
  "q=senior+engineer&location=",
  "q=data+scientist&location=Berlin",
  "q=python+-java&location=",
  "q=&location=&category=Software+Engineering&location_type=remote",
  "q=%22product+manager%22&location=&min_salary=100000",
];

const RUNS = 5;
const CONNECTIONS = 32;

// ---------------------------------------------------------------------------------------------
// The bench

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_SEARCH_SIZES || "100000,1000000";
  const sizes = raw.split(",").map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_SEARCH_SIZES must be whole numbers, e.g. "100000,1000000" (got "${raw}")`);
  return [...new Set(sizes)].sort((a, b) => a - b);
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
  const { benchEnvironment, freePort, running, stop } = server;
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
  const benchUrl = withDatabase(adminUrl, "hirewise_bench_search");
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: withDatabase(adminUrl, "postgres") });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin("drop database if exists hirewise_bench_search with (force)");
  await admin("create database hirewise_bench_search");
  // The CLI, the servers and this process's ORM all use the bench database.
  process.env.DATABASE_URL = benchUrl;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_DATA: "false", SEARCH_PROVIDER: "none" };
  const cli = async (...args: string[]) => (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env, maxBuffer: 16 << 20 })).stdout;

  const children: ChildProcess[] = [];
  /** Spawns a server and resolves once `probe` answers 200 (gives up after 3 minutes). */
  const startChild = async (args: string[], port: number, probe: string) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port), DATA_DIR: dataDir }, stdio: ["ignore", "ignore", "inherit"] });
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

  /** autocannon over the URLs in turn; its own p95 is missing, so every response's latency is kept. */
  const load = async (base: string) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const result = await new Promise<Result>((resolve, reject) => {
      const instance = autocannon(
        { url: base, connections: CONNECTIONS, duration: seconds, requests: PAGE_SEARCHES.map((search) => ({ method: "GET", path: `/jobs?${search}` })) },
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
    return { rps: result.requests.average, responses: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), problems };
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
      const { searchBoard } = await import("../modules/hiring/index.ts");
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

      // 2. /jobs on the production server, then the same searches on the minimal server.
      const pagePort = await freePort();
      const minimalPort = await freePort();
      const page = await startChild(["server.ts"], pagePort, "/");
      const minimal = await startChild([new URL(import.meta.url).pathname, "--minimal-server"], minimalPort, "/jobs?q=react&location=");
      // Both must show the same board results before they are compared.
      const probe = `/jobs?${PAGE_SEARCHES[0]}`;
      const [pageHtml, minimalHtml] = await Promise.all([pagePort, minimalPort].map(async (port) => (await fetch(`http://127.0.0.1:${port}${probe}`)).text()));
      const first = (await searchBoard({ q: "react", location: "" })).jobs[0];
      const bytes = (html: string) => `${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB`;
      if (first && (!pageHtml.includes(first.id) || !minimalHtml.includes(first.id))) say(`note: ${probe} does not show the board's first result on both servers`);
      const pageLoad = await load(`http://127.0.0.1:${pagePort}`);
      await stop(page);
      const minimalLoad = await load(`http://127.0.0.1:${minimalPort}`);
      await stop(minimal);
      const label = `(${CONNECTIONS} connections, ${seconds} s, ${PAGE_SEARCHES.length} searches in turn)`;
      say(`GET /jobs ${label}:`);
      say(`  page (Remix, production build, ${bytes(pageHtml)}):  ${pageLoad.rps.toFixed(0).padStart(5)} req/s  p50 ${fmt(pageLoad.p50)} ms  p95 ${fmt(pageLoad.p95)} ms  (${pageLoad.responses} responses)`);
      say(`  minimal (node:http + template, ${bytes(minimalHtml)}): ${minimalLoad.rps.toFixed(0).padStart(5)} req/s  p50 ${fmt(minimalLoad.p50)} ms  p95 ${fmt(minimalLoad.p95)} ms  (${minimalLoad.responses} responses)`);
      say(`  page / minimal: ${(pageLoad.rps / minimalLoad.rps).toFixed(2)}× the requests/s, ${(pageLoad.p50 / minimalLoad.p50).toFixed(2)}× the p50, ${(pageLoad.p95 / minimalLoad.p95).toFixed(2)}× the p95`);
      for (const [name, r] of [["page", pageLoad], ["minimal", minimalLoad]] as const) if (r.problems.length) say(`  note: ${name}: ${r.problems.join(", ")}`);
      say();
    }
  } finally {
    await Promise.all(children.map((c) => stop(c)));
    await runtime?.stop();
    await admin("drop database if exists hirewise_bench_search with (force)").catch((error: unknown) => console.error("could not drop hirewise_bench_search:", error));
    await releaseEmbedded();
    await cleanup();
  }
  const database = embedded ? "embedded PostgreSQL" : "DATABASE_URL's server";
  console.log(`(Node ${process.version}; ${database}; autocannon runs in this process on the same machine)`);
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
// The minimal server: node:http, searchBoard, a string template. No framework, no React.

async function minimalServer() {
  const [{ createServer }, { boot }, hiring, { formatDate }] = await Promise.all([
    import("node:http"),
    import("../boot.ts"),
    import("../modules/hiring/index.ts"),
    import("../lib/dates.ts"),
  ]);
  const { searchBoard, formatSalary, labelOf, EMPLOYMENT_TYPE_LABELS } = hiring;
  const runtime = await boot({ workers: false, queue: false, demoData: false });
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/jobs") {
      res.writeHead(404).end();
      return;
    }
    const p = url.searchParams;
    const text = (name: string, max: number) => (p.get(name) ?? "").replace(/\s+/g, " ").trim().slice(0, max);
    const minSalary = (p.get("min_salary") ?? "").replace(/[^\d]/g, "").slice(0, 9);
    searchBoard({
      q: text("q", 200),
      location: text("location", 100),
      locationType: p.get("location_type") ?? "",
      employmentType: p.get("employment_type") ?? "",
      category: p.get("category") ?? "",
      minSalary: minSalary ? Number(minSalary) : null,
      postedWithin: p.get("date_posted") ?? "all",
      cursor: p.get("cursor")?.slice(0, 500) || null,
      limit: 20,
    }).then(
      (found) => {
        const cards = found.jobs
          .map((job) => {
            const salary = formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency);
            const type = job.employmentType ? labelOf(EMPLOYMENT_TYPE_LABELS, job.employmentType) : null;
            const apply = `/auth?mode=signup&role=candidate&redirect=${encodeURIComponent(`/candidate/jobs/${job.id}/apply`)}`;
            return `<li class="job-card"><article>
<h2><a href="/jobs/${job.id}">${esc(job.title)}</a></h2><span>On Hirewise</span>
<p>${esc(job.companyName || "Company Name")} · ${esc(job.location)} · ${job.publishedAt ? esc(formatDate(job.publishedAt)) : "Recently posted"}</p>
<p>${esc(job.descriptionPreview)}</p>
<div>${type ? `<span>${esc(type)}</span>` : ""}${salary ? `<span>${esc(salary)}</span>` : ""}<ul>${job.skills.map((s) => `<li>${esc(s)}</li>`).join("")}</ul>
<a href="${esc(apply)}">Apply Now</a></div></article></li>`;
          })
          .join("\n");
        const more = found.nextCursor ? `<a href="/jobs?${esc(new URLSearchParams({ ...Object.fromEntries(p), cursor: found.nextCursor }).toString())}">Load More Jobs</a>` : "";
        const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Jobs | Hirewise</title></head><body><main>
<form method="get" action="/jobs"><input name="q" value="${esc(p.get("q") ?? "")}"><input name="location" value="${esc(p.get("location") ?? "")}"><button>Search</button></form>
<ul>${cards}</ul>${more}</main></body></html>`;
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
  server.listen(Number(process.env.PORT), "127.0.0.1");
  process.once("SIGTERM", () => {
    server.close(() => void runtime.stop().then(() => process.exit(0)));
    server.closeAllConnections();
  });
}

if (process.argv.includes("--minimal-server")) await minimalServer();
else await main();
