// npm run bench:peer: our signed-out list, search and job pages side by side with the PHP peer
// (WordPress 6 + WP Job Manager on PHP-FPM, nginx and MariaDB: bench/php-peer.sh), on the same
// jobs, in one run, interleaved.
//
//   WPJM_SOURCE=/path/to/WP-Job-Manager npm run bench:peer
//
// 1. Our side: BENCH_PEER_JOBS (default 2000) demo jobs (the CLI's demo:jobs, then ANALYZE) in a
//    database of its own, hirewise_bench_peer, on DATABASE_URL's server (else a fresh embedded
//    PostgreSQL, as bench/search.ts does), dropped at the end; the production build, ONE web
//    process (SEARCH_PROVIDER=none) on BENCH_PEER_APP_PORT (default 4252).
// 2. The peer: the same jobs, written as JSON lines, handed to `bench/php-peer.sh up` (which
//    installs and starts it on 127.0.0.1:4250, re-seeding when the jobs differ; WPJM_SOURCE is
//    needed the first time) and stopped with `down` at the end (BENCH_PEER_KEEP=1 keeps it up).
// 3. autocannon, 32 connections (BENCH_PEER_CONNECTIONS), BENCH_PEER_SECONDS (default 15) each,
//    after a 3 s warm-up each, alternating ours and the peer's page by page: /jobs,
//    /jobs?q=developer and the newest job's page. Ours twice: as a visitor gets it (the web
//    process keeps signed-out pages for seconds) and rendered afresh (a `__last_write` cookie
//    skips its caches), since the peer has no page cache. WP Job Manager's board page carries
//    the search form only: the browser then fetches the listings from /jm-ajax/get_listings/ (a
//    POST, as its script sends it), so the peer's list and search are measured as both requests,
//    and as their sum ("page + AJAX": the requests/s one would get if every visit made both,
//    1 / (1/page + 1/AJAX); its CPU per visit is the two added).
//    BENCH_PEER_ROUNDS (default 1) repeats the whole sequence.
// Prints requests/s, p50/p99, the servers' CPU time per response (the processes' user + system
// time from /proc over the run, divided by the responses: far steadier than requests/s when the
// machine is busy, though contention inflates it too; BENCH_PEER_CONNECTIONS=1 gives each page's
// cost without queueing), bytes per response (the body as sent without
// compression, and gzipped here at level 6 for a like-for-like size) and our ratios to the peer,
// with the load average before each run. Asserts nothing. autocannon runs in this process, on the
// same two cores as both servers and their databases: the figures are a floor, not a ceiling.
import type { ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import type { Result } from "autocannon";

process.env.LOG_LEVEL ??= "warn";

const CONNECTIONS = wholeFromEnv("BENCH_PEER_CONNECTIONS", 32);
const WARM_UP_SECONDS = 3;
const PEER_PORT = Number(process.env.PEER_PORT || 4250);
const PEER = `http://127.0.0.1:${PEER_PORT}`;
/** The job types WP Job Manager's filter form sends, all ticked (its default). */
const PEER_JOB_TYPES = ["contract", "freelance", "full-time", "internship", "part-time", "temporary"];

function wholeFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, 1 or more (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The body the AJAX call of WP Job Manager's board script posts (jQuery's encoding of its data). */
function peerListingsBody(keywords: string): string {
  const form = new URLSearchParams({ search_keywords: keywords, search_location: "", search_categories: "" });
  for (const type of PEER_JOB_TYPES) form.append("filter_job_type[]", type);
  const body = new URLSearchParams({
    lang: "",
    search_keywords: keywords,
    search_location: "",
    "search_categories[]": "",
  });
  for (const type of PEER_JOB_TYPES) body.append("filter_job_type[]", type);
  for (const [k, v] of Object.entries({
    per_page: "20",
    orderby: "featured",
    order: "DESC",
    page: "1",
    featured: "",
    filled: "",
    remote_position: "",
    show_pagination: "false",
  }))
    body.append(k, v);
  body.append("form_data", form.toString());
  return body.toString();
}

interface Target {
  name: string;
  url: string;
  method?: "POST";
  body?: string;
  headers?: Record<string, string>;
}

/** The request's headers: a form POST's, and the target's own. */
const headersOf = (t: Target): Record<string, string> => ({ ...post(t.body).headers, ...t.headers });

async function main() {
  const [
    { default: pg },
    { execFile, spawn },
    { promisify },
    { default: autocannon },
    server,
    { writeFile, mkdir, readFile },
    path,
    os,
    zlib,
  ] = await Promise.all([
    import("pg"),
    import("node:child_process"),
    import("node:util"),
    import("autocannon"),
    import("./server.ts"),
    import("node:fs/promises"),
    import("node:path"),
    import("node:os"),
    import("node:zlib"),
  ]);
  const { benchEnvironment, running, stop, WEB_NODE_FLAGS } = server;
  const jobs = wholeFromEnv("BENCH_PEER_JOBS", 2000);
  const seconds = wholeFromEnv("BENCH_PEER_SECONDS", 15);
  const rounds = wholeFromEnv("BENCH_PEER_ROUNDS", 1);
  const appPort = wholeFromEnv("BENCH_PEER_APP_PORT", 4252);
  const root = path.resolve(import.meta.dirname, "..");
  const peerDir = process.env.PEER_DIR || path.join(root, ".cache/php-peer");
  const { dataDir, pgPort, cleanup } = await benchEnvironment();

  // Our database: DATABASE_URL's server, or an embedded one this process runs (as bench/search.ts).
  let adminUrl = process.env.DATABASE_URL;
  let releaseEmbedded = async () => {};
  if (!adminUrl) {
    const [{ loadConfig }, { pino }, { openDatabase }] = await Promise.all([
      import("../lib/config.ts"),
      import("pino"),
      import("../db/database.ts"),
    ]);
    const db = await openDatabase(
      loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn" }),
      pino({ level: "warn" }),
    );
    adminUrl = db.url;
    releaseEmbedded = db.release;
  }
  const withDatabase = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const sql = async <T extends object>(database: string, text: string) => {
    const client = new pg.Client({ connectionString: withDatabase(database) });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  await sql("postgres", "drop database if exists hirewise_bench_peer with (force)");
  await sql("postgres", "create database hirewise_bench_peer");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: withDatabase("hirewise_bench_peer"),
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEMO_DATA: "false",
    SEARCH_PROVIDER: "none",
  };
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env, cwd: root, maxBuffer: 16 << 20 });
  const shell = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn("bash", [path.join(root, "bench/php-peer.sh"), ...args], {
        env: { ...process.env, PEER_DIR: peerDir },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`bench/php-peer.sh ${args.join(" ")} exited with ${code}`)),
      );
    });

  let web: ChildProcess | undefined;
  const lines: string[] = [];
  const say = (line = "") => {
    lines.push(line);
    console.log(line);
  };
  try {
    // 1. Our jobs and our server.
    const seedStarted = performance.now();
    for (let left = jobs; left > 0; left -= 100_000) await cli("demo:jobs", "--count", String(Math.min(left, 100_000)));
    await sql("hirewise_bench_peer", "analyze");
    console.log(
      `our ${jobs.toLocaleString("en-US")} jobs seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    web = spawn(process.execPath, [...WEB_NODE_FLAGS, "server.ts"], {
      env: { ...env, PORT: String(appPort), DATA_DIR: dataDir },
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const ours = `http://127.0.0.1:${appPort}`;
    for (const started = performance.now(); ; await sleep(100)) {
      if (
        await fetch(`${ours}/`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      if (!running(web)) throw new Error(`our server exited with ${web.exitCode ?? web.signalCode}`);
      if (performance.now() - started > 180_000) throw new Error("our server did not answer 200 on / within 3 minutes");
    }

    // 2. The same jobs for the peer, newest last (WordPress gives later posts the higher ids).
    await mkdir(peerDir, { recursive: true });
    const jobsFile = path.join(peerDir, "jobs.jsonl");
    const rows = await sql<Record<string, unknown>>(
      "hirewise_bench_peer",
      `select title, company_name as "companyName", location, location_type as "locationType", employment_type as "employmentType",
              category, description, requirements, benefits, skills, salary_min as "salaryMin", salary_max as "salaryMax",
              salary_currency as "salaryCurrency", published_at as "publishedAt"
         from jobs where status = 'active' order by published_at, title`,
    );
    await writeFile(jobsFile, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
    process.env.PEER_JOBS_FILE = jobsFile;
    await shell("up");

    // 3. The pages: the newest job on each side (the same job: the same rows, the same order).
    const [newest] = await sql<{ id: string }>(
      "hirewise_bench_peer",
      "select id from jobs where status = 'active' order by published_at desc, title desc limit 1",
    );
    const ourJob = newest && `/jobs/${newest.id}`;
    const peerListing = (await (await fetch(`${PEER}/jm-ajax/get_listings/`, post(peerListingsBody("")))).json()) as {
      html: string;
    };
    const peerJob = peerListing.html.match(/href="(http[^"]+\/job\/[^"]+)"/)?.[1];
    if (!ourJob || !peerJob) throw new Error(`no job link found (ours: ${ourJob}, the peer's: ${peerJob})`);
    // Ours twice: as a visitor gets it (from the web process's seconds-long cache of signed-out
    // pages, nearly always, at one URL) and rendered afresh: a `__last_write` cookie (a browser
    // that just wrote) skips both the page and the results cache (app/edge-cache.server.ts).
    const oursBoth = (name: string, url: string): Target[] => [
      { name: `ours ${name}`, url },
      { name: `ours ${name} uncached`, url, headers: { cookie: "__last_write=1" } },
    ];
    const pairs: { page: string; ours: Target[]; peer: Target[] }[] = [
      {
        page: "list",
        ours: oursBoth("/jobs", `${ours}/jobs`),
        peer: [
          { name: "peer /jobs/ (page)", url: `${PEER}/jobs/` },
          {
            name: "peer get_listings (AJAX)",
            url: `${PEER}/jm-ajax/get_listings/`,
            method: "POST",
            body: peerListingsBody(""),
          },
        ],
      },
      {
        page: "search",
        ours: oursBoth("/jobs?q=developer", `${ours}/jobs?q=developer`),
        peer: [
          { name: "peer /jobs/?search_keywords=developer", url: `${PEER}/jobs/?search_keywords=developer` },
          {
            name: "peer get_listings developer (AJAX)",
            url: `${PEER}/jm-ajax/get_listings/`,
            method: "POST",
            body: peerListingsBody("developer"),
          },
        ],
      },
      {
        page: "job",
        ours: oursBoth("/jobs/{id}", `${ours}${ourJob}`),
        peer: [{ name: `peer ${new URL(peerJob).pathname}`, url: peerJob }],
      },
    ];

    /** The body as served without compression, and its gzip size here (level 6, the same for both sides). */
    const size = async (t: Target) => {
      const response = await fetch(t.url, {
        method: t.method ?? "GET",
        body: t.body,
        headers: { ...headersOf(t), "accept-encoding": "identity" },
      });
      if (response.status !== 200) throw new Error(`${t.url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { bytes: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length };
    };
    const load = async (t: Target, duration: number) => {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const result = await new Promise<Result>((resolve, reject) => {
        const instance = autocannon(
          // A 30 s timeout (autocannon's is 10 s): on a busy machine the peer's queue is that long.
          {
            url: t.url,
            connections: CONNECTIONS,
            duration,
            timeout: 30,
            method: t.method ?? "GET",
            body: t.body,
            headers: headersOf(t),
          },
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
    // The servers' own CPU time per response (user + system, from /proc): what a page costs
    // whatever else the machine runs. Ours: the web process and its PostgreSQL backends; the
    // peer's: nginx, the PHP-FPM workers and MariaDB, each with its children.
    const ourProcesses = async () => [
      web!.pid!,
      ...(
        await sql<{ pid: number }>("postgres", "select pid from pg_stat_activity where datname = 'hirewise_bench_peer'")
      ).map((r) => r.pid),
    ];
    const peerProcesses = async () => {
      const masters = await Promise.all(
        ["nginx", "php-fpm", "mariadb"].map((name) =>
          readFile(path.join(peerDir, "run", `${name}.pid`), "utf8").then(Number, () => 0),
        ),
      );
      const children = await Promise.all(
        masters.map((pid) => readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "")),
      );
      return [...masters, ...children.join(" ").split(/\s+/).filter(Boolean).map(Number)].filter((pid) => pid > 0);
    };
    const cpuTicks = async (pids: number[]) =>
      new Map(
        await Promise.all(
          pids.map(async (pid) => {
            const fields = await readFile(`/proc/${pid}/stat`, "utf8").then(
              (stat) => stat.slice(stat.lastIndexOf(")") + 2).split(" "),
              () => [],
            );
            return [pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0)] as const; // utime + stime
          }),
        ),
      );
    const TICK_MS = 10; // Linux's USER_HZ: 100 ticks a second

    type Measured = Awaited<ReturnType<typeof load>> & Awaited<ReturnType<typeof size>> & { cpuMs: number };
    const row = (name: string, m: Measured, extra = "") =>
      say(
        `  ${name.padEnd(40)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(m.p50).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  ` +
          `cpu ${fmt(m.cpuMs).padStart(5)} ms/req  ${kib(m.bytes).padStart(10)} (${kib(m.gzip)} gzip)${extra}${m.problems.length ? `  (${m.problems.join(", ")})` : ""}`,
      );
    const measure = async (t: Target, processes: () => Promise<number[]>): Promise<Measured> => {
      const sized = await size(t);
      await load(t, WARM_UP_SECONDS);
      // Requests the warm-up left queued would count in the run: wait (up to 30 s) until the
      // servers stop working, i.e. use under 3 ticks in a quarter of a second.
      for (let last = await cpuTicks(await processes()), waited = 0; waited < 30_000; waited += 250) {
        await sleep(250);
        const now = await cpuTicks(await processes());
        const used = [...now].reduce((sum, [pid, n]) => sum + Math.max(0, n - (last.get(pid) ?? n)), 0);
        if (used < 3) break;
        last = now;
      }
      const load1 = os.loadavg()[0]!.toFixed(1);
      const before = await cpuTicks(await processes());
      const loaded = await load(t, seconds);
      const after = await cpuTicks([...new Set([...before.keys(), ...(await processes())])]);
      const ticks = [...after].reduce((sum, [pid, n]) => sum + Math.max(0, n - (before.get(pid) ?? 0)), 0);
      // Too few responses and the work still under way at the end would be most of the figure.
      const measured = {
        ...loaded,
        ...sized,
        cpuMs: loaded.responses >= 20 ? (ticks * TICK_MS) / loaded.responses : NaN,
      };
      row(t.name, measured, `  [load ${load1}]`);
      return measured;
    };

    say(
      `== ${jobs.toLocaleString("en-US")} jobs; ${CONNECTIONS} connections, ${seconds} s each after ${WARM_UP_SECONDS} s of warm-up; ours: 1 web process; [load] = 1-minute load average before the run`,
    );
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) say(`round ${round} of ${rounds}`);
      for (const pair of pairs) {
        const mine: Measured[] = [];
        for (const t of pair.ours) mine.push(await measure(t, ourProcesses));
        const theirs: Measured[] = [];
        for (const t of pair.peer) theirs.push(await measure(t, peerProcesses));
        const sum = (pick: (m: Measured) => number) => theirs.reduce((total, m) => total + pick(m), 0);
        const peerRps = 1 / sum((m) => 1 / m.rps);
        const peerCpu = sum((m) => m.cpuMs);
        if (theirs.length > 1) {
          say(
            `  ${"peer page + AJAX (both per visit)".padEnd(40)} ${peerRps.toFixed(0).padStart(6)} req/s${" ".repeat(34)}cpu ${fmt(peerCpu).padStart(5)} ms/req  ${kib(sum((m) => m.bytes)).padStart(10)} (${kib(sum((m) => m.gzip))} gzip)`,
          );
        }
        const times = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : "n/a");
        const vsPage =
          theirs.length > 1
            ? ` (against its page alone: ${mine.map((m) => times(m.rps / theirs[0]!.rps)).join(", ")})`
            : "";
        say(
          `  → ${pair.page}: ours ${times(mine[0]!.rps / peerRps)} the peer's requests/s, uncached ${times(mine[1]!.rps / peerRps)}${vsPage}`,
        );
        say(
          `    by CPU per visit: ours ${times(peerCpu / mine[0]!.cpuMs)} cheaper, uncached ${times(peerCpu / mine[1]!.cpuMs)}`,
        );
      }
    }
    say("  target (issue 19): list pages 20× the PHP peer");
  } finally {
    if (web) await stop(web);
    if (process.env.BENCH_PEER_KEEP !== "1") await shell("down").catch((error: unknown) => console.error(error));
    await sql("postgres", "drop database if exists hirewise_bench_peer with (force)").catch((error: unknown) =>
      console.error("could not drop hirewise_bench_peer:", error),
    );
    await releaseEmbedded();
    await cleanup();
  }
  console.log(
    `(Node ${process.version}; ${os.cpus().length} cores; ${process.env.DATABASE_URL ? "DATABASE_URL's server" : "embedded PostgreSQL"}; autocannon in this process on the same machine)`,
  );
}

/** A form POST's options for fetch, or nothing for a GET. */
function post(body: string | undefined): { method?: "POST"; body?: string; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  return {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
      "x-requested-with": "XMLHttpRequest",
    },
  };
}

await main();
