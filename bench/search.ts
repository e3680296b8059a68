// npm run bench:search: the board's full-text search at scale, and the list pages that show it.
// For each size in BENCH_SEARCH_SIZES (default "100000,1000000"; active demo jobs, added with the
// CLI's demo:jobs, rewritten in publish order as a live board's rows lie, then ANALYZE). A generated board is kept as a template database, keyed by size,
// the generator's source and db/migrations (hirewise_bench_jobs_<size>_<generator>_<schema>), and
// later runs copy it instead of generating again (1M jobs take many minutes); BENCH_SEARCH_FRESH=1
// generates anew. A template of an older schema is copied, migrated by the CLI's boot and kept
// under the new key too, so two commits can be compared on the same jobs. Templates older than a
// day are made again (the jobs' publish times are relative to when they were made).
// 1. searchBoard() itself, in a process of its own, idle: 50 realistic queries, each warmed up once
//    then run 5 times; p50/p95/max over those runs and the 5 slowest queries (by their median); and
//    the known slow case (a common word with a filter nothing meets: decision 014) on its own.
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
// bench/server.ts does; its templates go with it); either way in a database of its own,
// hirewise_bench_search_<process id> (two runs on one server don't meet), dropped at the end. BENCH_SEARCH_PORT (optional) puts the
// web process on that port and the baseline on the next one. Prints figures; asserts nothing. autocannon runs in this process, on
// the same two cores as the server and PostgreSQL: the figures are a floor, not a ceiling.
// Modules are imported where needed: lib/config.ts reads the environment once, and DATABASE_URL
// names the bench database only once it exists.
import type { ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import type { Request as CannonRequest, Result } from "autocannon";
import type { Client } from "pg";
import type { BoardQuery } from "../modules/search/index.server.ts";

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

/**
 * The known slow case (decisions 014 and 053): a word in more than half of all jobs with a filter
 * no job meets, so the newest jobs never fill the page and every older match is a candidate.
 */
const SLOW_CASE: BoardQuery = { q: "engineer", minSalary: 400_000 };

/** The files that make the generated jobs: a change to any of them makes new templates. */
const GENERATOR_FILES = ["db/demo-jobs.ts", "db/seed/demo-data.ts", "db/seed/demo.ts", "lib/places.ts"];
const TEMPLATE_HOURS = 24;
/**
 * A live board's rows lie in about the order its jobs were published (a job is written when it is
 * posted); the generator writes each batch's jobs in random publish order. The generated board is
 * rewritten in publish order, so that reading the newest jobs or a day of them touches the pages a
 * live board's would (decision 063). Part of the templates' key.
 */
const PUBLISH_ORDER =
  "create index bench_publish_order on jobs (published_at); cluster jobs using bench_publish_order; drop index bench_publish_order";

/** The load runs: what a visitor and a signed-in candidate open; `fullRender` on a web process with SHARED_RENDER=false. */
const LOADS = [
  { name: "signed-out /jobs", path: "/jobs", signedIn: false, fullRender: false },
  { name: "signed-out /jobs?q=developer", path: "/jobs?q=developer", signedIn: false, fullRender: false },
  {
    name: "signed-in /candidate/jobs?q=developer, full render",
    path: "/candidate/jobs?q=developer",
    signedIn: true,
    fullRender: true,
  },
  {
    name: "signed-in /candidate/jobs?q=developer",
    path: "/candidate/jobs?q=developer",
    signedIn: true,
    fullRender: false,
  },
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
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`BENCH_SEARCH_SIZES must be whole numbers, e.g. "100000,1000000" (got "${raw}")`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function secondsFromEnv(): number {
  const raw = process.env.BENCH_SEARCH_SECONDS;
  if (!raw) return 15;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`BENCH_SEARCH_SECONDS must be a whole number of seconds, 1 or more (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
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
    const [{ loadConfig }, { pino }, { openDatabase }] = await Promise.all([
      import("../lib/config.ts"),
      import("pino"),
      import("../db/database.ts"),
    ]);
    const db = await openDatabase(
      loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn" }),
      pino({ level: "warn" }),
    );
    embedded = true;
    adminUrl = db.url;
    releaseEmbedded = db.release;
  }
  const benchName = `hirewise_bench_search_${process.pid}`;
  const benchUrl = withDatabase(adminUrl, benchName);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: withDatabase(adminUrl, "postgres") });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${benchName} with (force)`);
  await admin(`create database ${benchName}`);
  // The CLI, the servers and this process's ORM all use the bench database.
  process.env.DATABASE_URL = benchUrl;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEMO_DATA: "false",
    SEARCH_PROVIDER: "none",
  };
  const cli = async (...args: string[]) =>
    (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env, maxBuffer: 16 << 20 })).stdout;

  const children: ChildProcess[] = [];
  /** Spawns a server and resolves once `probe` answers 200 (gives up after 3 minutes). */
  const startChild = async (args: string[], port: number, probe: string, extraEnv: Record<string, string> = {}) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...env, ...extraEnv, PORT: String(port), DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${probe}`)).status === 200) return child;
      } catch {
        // not up yet
      }
      if (!running(child)) throw new Error(`${args.join(" ")} exited with ${child.exitCode ?? child.signalCode}`);
      if (performance.now() - started > 180_000)
        throw new Error(`${args.join(" ")} did not answer 200 on ${probe} within 3 minutes`);
      await sleep(50);
    }
  };

  /** autocannon on one URL (signed in: the sessions' cookies in turn); every response's latency is kept for the percentiles. */
  const load = async (base: string, path: string, cookies: string[]) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let turn = 0;
    const requests = cookies.length
      ? [
          {
            setupRequest: (req: CannonRequest): CannonRequest => ({
              ...req,
              headers: { ...req.headers, cookie: cookies[turn++ % cookies.length]! },
            }),
          },
        ]
      : undefined;
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
    return {
      rps: result.requests.average,
      responses: latencies.length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      problems,
    };
  };

  const lines: string[] = [];
  const say = (line = "") => {
    lines.push(line);
    console.log(line);
  };
  const generator = await hashOf(GENERATOR_FILES, PUBLISH_ORDER);
  const { readdir } = await import("node:fs/promises");
  const schema = await hashOf(
    (await readdir(new URL("../db/migrations/", import.meta.url))).sort().map((f) => `db/migrations/${f}`),
  );
  const prefixOf = (size: number) => `hirewise_bench_jobs_${size}_${generator}_`;
  const templateOf = (size: number) => `${prefixOf(size)}${schema}`;
  const fresh = process.env.BENCH_SEARCH_FRESH === "1";
  /**
   * The kept templates of this size and generator made within the day, with when their jobs were
   * made: its own schema's, else one generated (never a migrated copy: its migrations may be some
   * other commit's); any other template of the size is dropped.
   */
  const usableTemplates = async (size: number) => {
    const rows = (
      await withClient(pg, withDatabase(adminUrl, "postgres"), (c) =>
        c.query<{ name: string; note: string | null }>(
          "select datname as name, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1",
          [`hirewise\\_bench\\_jobs\\_${size}\\_%`], // "_" alone is any character: 100000_ would match 1000000
        ),
      )
    ).rows;
    const usable: { name: string; made: string }[] = [];
    for (const row of rows) {
      const [made, migrated] = (row.note ?? "").split(" ");
      if (
        !fresh &&
        row.name.startsWith(prefixOf(size)) &&
        Date.now() - Date.parse(made!) < TEMPLATE_HOURS * 3_600_000
      ) {
        if (row.name === templateOf(size) || !migrated) usable.push({ name: row.name, made: made! });
      } else await admin(`drop database if exists ${row.name} with (force)`);
    }
    return usable.sort((a, b) => Number(b.name === templateOf(size)) - Number(a.name === templateOf(size)));
  };
  const keepAsTemplate = async (size: number, made: string, migrated: boolean) => {
    await admin(`create database ${templateOf(size)} template ${benchName} strategy file_copy`);
    await admin(`comment on database ${templateOf(size)} is '${made}${migrated ? " migrated" : ""}'`);
  };
  try {
    let seeded = 0;
    for (const size of sizes) {
      // Jobs up to this size: a copy of a kept template (migrated by the CLI's boot, and kept again
      // when its schema was older), else generated (demo:jobs also creates the demo employers and,
      // first, the schema) and kept for the next run.
      const seedStarted = performance.now();
      let how: string;
      const [template] = await usableTemplates(size);
      if (template) {
        await admin(`drop database if exists ${benchName} with (force)`);
        await admin(`create database ${benchName} template ${template.name} strategy file_copy`);
        // The CLI's boot migrates the copy (a template of an older schema).
        await cli("plans:list");
        how = `copied from ${template.name}`;
        if (template.name !== templateOf(size)) {
          await withClient(pg, benchUrl, (c) => c.query("vacuum analyze"));
          await keepAsTemplate(size, template.made, true);
          how += `, migrated, kept as ${templateOf(size)}`;
        }
      } else {
        for (let left = size - seeded; left > 0; left -= 100_000)
          await cli("demo:jobs", "--count", String(Math.min(left, 100_000)));
        await withClient(pg, benchUrl, (c) => c.query(PUBLISH_ORDER));
        await withClient(pg, benchUrl, (c) => c.query("vacuum analyze"));
        await keepAsTemplate(size, new Date().toISOString(), false);
        how = `generated, kept as ${templateOf(size)}`;
      }
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      seeded = size;
      const analyzeStarted = performance.now();
      await withClient(pg, benchUrl, (c) => c.query("analyze"));
      const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;

      // 1. searchBoard in a process of its own, booted as the CLI boots (no queue, no demo data).
      const idle = spawn(process.execPath, [new URL(import.meta.url).pathname, "--idle"], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let idleOut = "";
      idle.stdout!.on("data", (chunk) => (idleOut += chunk));
      const idleCode = await new Promise((resolve) => idle.once("exit", resolve));
      if (idleCode !== 0) throw new Error(`the idle searchBoard timing exited with ${String(idleCode)}`);
      const { timings, slow } = JSON.parse(idleOut.trim().split("\n").at(-1)!) as { timings: Timing[]; slow: Timing };
      const active = await withClient(pg, benchUrl, async (c) =>
        Number((await c.query("select count(*) as n from jobs where status = 'active'")).rows[0].n),
      );
      const all = timings.flatMap((t) => t.runs).sort((a, b) => a - b);
      say(
        `== ${size.toLocaleString("en-US")} jobs (${active.toLocaleString("en-US")} active; ${how} in ${seedSeconds.toFixed(1)} s, ANALYZE ${analyzeSeconds.toFixed(1)} s)`,
      );
      say(
        `searchBoard, ${QUERIES.length} queries × ${RUNS} runs after one warm-up: p50 ${fmt(percentile(all, 0.5))} ms, p95 ${fmt(percentile(all, 0.95))} ms, max ${fmt(all.at(-1)!)} ms`,
      );
      say("slowest 5 queries (median of 5 / max, results on the page):");
      const median = (t: Timing) => t.runs[Math.floor(t.runs.length / 2)]!;
      for (const t of [...timings].sort((a, b) => median(b) - median(a)).slice(0, 5)) {
        say(
          `  ${fmt(median(t)).padStart(7)} / ${fmt(t.runs.at(-1)!).padStart(7)} ms  ${String(t.found).padStart(2)}  ${describe(t.query)}`,
        );
      }
      say(
        `slow case (median of ${RUNS} / max): ${fmt(median(slow))} / ${fmt(slow.runs.at(-1)!)} ms, ${slow.found} on the page  ${describe(slow.query)}`,
      );

      // 2. The baseline, then the app: one web process, the searches timed here meanwhile.
      const fixedPort = Number(process.env.BENCH_SEARCH_PORT) || 0;
      const pagePort = fixedPort || (await freePort());
      const rawPort = fixedPort ? fixedPort + 1 : await freePort();
      const page = await startChild([...WEB_NODE_FLAGS, "server.ts"], pagePort, "/");
      const base = `http://127.0.0.1:${pagePort}`;
      const html = await (await fetch(`${base}/jobs`, { headers: { "accept-encoding": "identity" } })).text();
      const cookies = await candidateSessions({ ...env, BENCH_SESSIONS_BASE: base });
      const htmlFile = path.join(dataDir, "jobs.html");
      await writeFile(htmlFile, html);
      const raw = await startChild([new URL(import.meta.url).pathname, "--raw-server", htmlFile], rawPort, "/jobs");
      const rawLoad = await load(`http://127.0.0.1:${rawPort}`, "/jobs", []);
      await stop(raw);
      const label = `${CONNECTIONS} connections, ${seconds} s each, 1 web process at a time; signed in: ${CANDIDATES} candidates' sessions in turn`;
      say(`Load (${label}); /jobs is ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB of HTML:`);
      const row = (name: string, r: Awaited<ReturnType<typeof load>>, extra = "") =>
        say(
          `  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(6)} ms${extra}${r.problems.length ? `  (${r.problems.join(", ")})` : ""}`,
        );
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
        const sampler = spawn(process.execPath, [new URL(import.meta.url).pathname, "--sampler"], {
          env,
          stdio: ["ignore", "pipe", "inherit"],
        });
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
        const { times, slow: slowTimes } = JSON.parse(
          sampled.trim().split("\n").at(-1) || '{"times":[],"slow":[]}',
        ) as { times: number[]; slow: number[] };
        if (fullRenderServer) await stop(fullRenderServer);
        const during = times.sort((a, b) => a - b);
        const slowDuring = slowTimes.sort((a, b) => a - b);
        row(
          run.name,
          r,
          `  ${(r.rps / rawLoad.rps).toFixed(2)}× baseline; web process ${fmt(cpuPerResponse)} ms CPU/response; searchBoard meanwhile p50 ${fmt(percentile(during, 0.5))} / p95 ${fmt(percentile(during, 0.95))} ms (${during.length} searches), slow case median ${fmt(percentile(slowDuring, 0.5))} ms (${slowDuring.length})`,
        );
      }
      await stop(page);
      say(
        "  targets (issue 19): signed-out ≥ 1,000 req/s with p99 ≤ 100 ms; signed-in ≥ 300 req/s; searchBoard p95 ≤ 20 ms at 100k, ≤ 50 ms at 1M; the slow case ≤ 100 ms at 1M",
      );
      say();
    }
  } finally {
    await Promise.all(children.map((c) => stop(c)));
    await admin(`drop database if exists ${benchName} with (force)`).catch((error: unknown) =>
      console.error(`could not drop ${benchName}:`, error),
    );
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

interface Timing {
  query: BoardQuery;
  runs: number[];
  found: number;
}

/** A short hash of files' contents: the generator's and the schema's, the keys of the kept templates. */
async function hashOf(files: string[], extra = ""): Promise<string> {
  const [{ readFile }, { createHash }] = await Promise.all([import("node:fs/promises"), import("node:crypto")]);
  const hash = createHash("sha256").update(extra);
  for (const file of files) hash.update(await readFile(new URL(`../${file}`, import.meta.url)));
  return hash.digest("hex").slice(0, 8);
}

/** The same server URL with another database. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(
  pg: typeof import("pg").default,
  url: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
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
 * CANDIDATES candidates' session cookies, made in a process of its own (booted on the bench
 * database, as the CLI boots), each signed in through the /auth form.
 */
async function candidateSessions(env: NodeJS.ProcessEnv): Promise<string[]> {
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, "--sessions"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`making the candidates' sessions exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as string[];
}

/** --sessions: makes the candidates (see makeSessions) and prints their cookies as JSON. */
async function sessionsProcess() {
  const runtime = await (await import("../boot.ts")).boot({ workers: false, queue: false, demoData: false });
  const [{ signUp }, { startQueue }, { logger }, { default: pg }] = await Promise.all([
    import("../modules/identity/index.server.ts"),
    import("../jobs/boss.ts"),
    import("../lib/logger.ts"),
    import("pg"),
  ]);
  const url = process.env.DATABASE_URL!;
  // Sign-up queues its welcome email: a queue that only sends (the web process's workers run it).
  const queue = await startQueue(url, logger, { workers: false });
  try {
    const base = process.env.BENCH_SESSIONS_BASE!;
    process.stdout.write(`${JSON.stringify(await makeSessions(base, pg, url, signUp))}\n`);
  } finally {
    await queue.stop();
    await runtime.stop();
  }
  process.exit(0);
}

async function makeSessions(
  base: string,
  pg: typeof import("pg").default,
  url: string,
  signUp: typeof import("../modules/identity/index.server.ts").signUp,
): Promise<string[]> {
  const password = "bench password 1234";
  const run = Date.now();
  const cookies: string[] = [];
  let jobIds: string[] = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const email = `bench-candidate-${run}-${i}@example.com`;
    const account = await signUp(
      { email, password, role: "candidate", full_name: `Bench Candidate ${i + 1}` },
      undefined,
      { emailVerified: true },
    );
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
        await c.query(
          "insert into saved_jobs (candidate_id, job_id, saved_at) values ($1, $2, now()), ($1, $3, now())",
          [account.id, saved1, saved2],
        );
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

const tenth = (ms: number) => Math.round(ms * 10) / 10;

/** searchBoard over the queries in turn until SIGTERM, the slow case after each round; prints the times (ms) as JSON. */
async function sampler() {
  const runtime = await (await import("../boot.ts")).boot({ workers: false, queue: false, demoData: false });
  const { searchBoard } = await import("../modules/search/index.server.ts");
  let stopping = false;
  process.once("SIGTERM", () => (stopping = true));
  const times: number[] = [];
  const slow: number[] = [];
  for (let i = 0; !stopping; i++) {
    const last = i % QUERIES.length === QUERIES.length - 1;
    let t = performance.now();
    await searchBoard(QUERIES[i % QUERIES.length]!);
    times.push(performance.now() - t);
    if (last && !stopping) {
      t = performance.now();
      await searchBoard(SLOW_CASE);
      slow.push(performance.now() - t);
    }
  }
  await runtime.stop();
  process.stdout.write(`${JSON.stringify({ times: times.map(tenth), slow: slow.map(tenth) })}\n`);
  process.exit(0);
}

/** The idle timings: each query warmed up once, then RUNS times; prints them as JSON. */
async function idleTimings() {
  const runtime = await (await import("../boot.ts")).boot({ workers: false, queue: false, demoData: false });
  const { searchBoard } = await import("../modules/search/index.server.ts");
  const time = async (query: BoardQuery): Promise<Timing> => {
    const found = (await searchBoard(query)).jobs.length; // warm-up
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await searchBoard(query);
      runs.push(tenth(performance.now() - t));
    }
    return { query, runs: runs.sort((a, b) => a - b), found };
  };
  const timings: Timing[] = [];
  for (const query of QUERIES) timings.push(await time(query));
  const slow = await time(SLOW_CASE);
  await runtime.stop();
  process.stdout.write(`${JSON.stringify({ timings, slow })}\n`);
  process.exit(0);
}

const rawAt = process.argv.indexOf("--raw-server");
if (rawAt >= 0) await rawServer(process.argv[rawAt + 1]!);
else if (process.argv.includes("--sampler")) await sampler();
else if (process.argv.includes("--idle")) await idleTimings();
else if (process.argv.includes("--sessions")) await sessionsProcess();
else await main();
