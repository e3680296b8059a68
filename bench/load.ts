// npm run bench:load: the production server under sustained load, as an operator would see it.
// 1. `/` with autocannon (10 connections, BENCH_LOAD_SECONDS, default 60): requests/s, latency
//    p50/p95/p99 and the web process's RSS before, at its peak during, right after and 10 s after.
// 2. The dashboard of an employer with 500 jobs, signed in (BENCH_PAGE_SECONDS, default 20), then
//    one of its job pages the same way. Prints a table; asserts nothing. Uses DATABASE_URL when
//    set (the employer and its jobs then stay in that database), else a fresh embedded PostgreSQL.
import autocannon from "autocannon";
import { execFile } from "node:child_process";
import type { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { benchEnvironment, startServer, stop } from "./server.ts";

const LOAD_SECONDS = seconds("BENCH_LOAD_SECONDS", 60);
const PAGE_SECONDS = seconds("BENCH_PAGE_SECONDS", 20);
const CONNECTIONS = 10;
const JOBS = 500;
const PASSWORD = "bench-load-password";

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of seconds, 1 or more (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}
const mib = (n: number) => `${n.toFixed(0)} MiB`;
const ms = (n: number) => n.toFixed(1);

/** The server's and the CLI's environment: bench/server.ts's, except that DATABASE_URL is kept when set. */
function serverEnv(dataDir: string, port: number, pgPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
  };
}

/** autocannon on one URL. It has no p95: every response's latency is recorded and the percentiles taken here. */
async function load(url: string, duration: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance: EventEmitter = autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    // The run emits (client, statusCode, resBytes, responseTime in ms); @types/autocannon gives it the client's signature.
    instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const problems = [...statuses].filter(([s]) => s !== 200).map(([s, n]) => `${n} × ${s}`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  return {
    rps: result.requests.average,
    responses: latencies.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    problems,
  };
}

const { dataDir, port, pgPort, base, cleanup } = await benchEnvironment();
const rows: [string, string][] = [];
const notes: string[] = [];
/** The admin CLI on the server's database (DATABASE_URL, or the embedded PostgreSQL the server runs). */
const cli = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env: serverEnv(dataDir, port, pgPort) }))
    .stdout;

try {
  const { child } = await startServer(dataDir, port, pgPort, { keepDatabaseUrl: true });
  const pid = child.pid!;
  try {
    // 1. The landing page under sustained load, the web process's RSS sampled every second.
    const before = await rssMiB(pid);
    const samples: number[] = [];
    const sampler = setInterval(
      () =>
        void rssMiB(pid).then(
          (v) => samples.push(v),
          () => {},
        ),
      1_000,
    );
    const landing = await load(`${base}/`, LOAD_SECONDS);
    clearInterval(sampler);
    const after = await rssMiB(pid);
    await sleep(10_000);
    const settled = await rssMiB(pid);
    const label = `GET / (${CONNECTIONS} connections, ${LOAD_SECONDS} s)`;
    rows.push([`${label}: requests/s`, `${landing.rps.toFixed(0)} (${landing.responses} responses)`]);
    rows.push([`${label}: latency p50 / p95 / p99`, `${ms(landing.p50)} / ${ms(landing.p95)} / ${ms(landing.p99)} ms`]);
    if (landing.problems.length) notes.push(`GET /: ${landing.problems.join(", ")}`);
    rows.push(["web process RSS before the load", mib(before)]);
    rows.push(["web process RSS peak during the load", mib(Math.max(after, ...samples))]);
    rows.push(["web process RSS right after the load", mib(after)]);
    rows.push(["web process RSS 10 s after the load", mib(settled)]);
    const step = Math.max(1, Math.round(samples.length / 12));
    notes.push(
      `RSS during the load on /, every ${step} s (MiB): ${samples
        .filter((_, i) => i % step === 0)
        .map((v) => v.toFixed(0))
        .join(" ")}`,
    );

    // 1b. The job list, cached and shared (decision 059): without cookies, then for a visitor whose
    // only cookie is a chosen theme, who gets that theme's shared copy: about as many a second.
    const darkTheme = `theme=${encodeURIComponent(Buffer.from(JSON.stringify("dark")).toString("base64"))}`;
    for (const [name, headers] of [
      ["without cookies", {}],
      ["with only a theme cookie", { Cookie: darkTheme }],
    ] as const) {
      const list = await load(`${base}/jobs`, PAGE_SECONDS, headers);
      const label = `GET /jobs ${name} (${CONNECTIONS} connections, ${PAGE_SECONDS} s)`;
      rows.push([`${label}: requests/s`, `${list.rps.toFixed(0)} (${list.responses} responses)`]);
      rows.push([`${label}: latency p50 / p95 / p99`, `${ms(list.p50)} / ${ms(list.p95)} / ${ms(list.p99)} ms`]);
      if (list.problems.length) notes.push(`GET /jobs ${name}: ${list.problems.join(", ")}`);
    }

    // 2. An employer with 500 jobs, signed in: the dashboard, then one of its jobs' page.
    const email = `bench-load-${Date.now()}@example.com`;
    await cli(
      "users:create",
      "--email",
      email,
      "--password",
      PASSWORD,
      "--role",
      "employer",
      "--company",
      "Bench Load Ltd",
      "--plan",
      "business",
    );
    await cli("demo:jobs", "--count", String(JOBS), "--employer", email);
    const signIn = await fetch(`${base}/auth?mode=signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }),
    });
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (!session) throw new Error(`sign-in answered ${signIn.status} without a __session cookie`);
    const headers = { Cookie: session.split(";")[0]! };

    const [job] = JSON.parse(await cli("jobs:list", "--employer", email, "--limit", "1", "--json")) as { id: string }[];
    const pages: [string, string][] = [[`/employer/dashboard (${JOBS} jobs)`, "/employer/dashboard"]];
    if (job) pages.push(["/employer/jobs/<id>", `/employer/jobs/${job.id}`]);
    for (const [name, path] of pages) {
      const probe = await fetch(base + path, { headers, redirect: "manual" });
      const size = (await probe.arrayBuffer()).byteLength;
      if (probe.status !== 200) {
        notes.push(
          `GET ${name}: skipped, it answers ${probe.status}${probe.status === 404 ? " (no such route yet?)" : ""}`,
        );
        continue;
      }
      const page = await load(base + path, PAGE_SECONDS, headers);
      const label = `GET ${name} signed in (${CONNECTIONS} connections, ${PAGE_SECONDS} s)`;
      rows.push([
        `${label}: requests/s`,
        `${page.rps.toFixed(0)} (${page.responses} responses of ${(size / 1024).toFixed(0)} KiB)`,
      ]);
      rows.push([`${label}: latency p50 / p95 / p99`, `${ms(page.p50)} / ${ms(page.p95)} / ${ms(page.p99)} ms`]);
      if (page.problems.length) notes.push(`GET ${name}: ${page.problems.join(", ")}`);
    }
    rows.push(["web process RSS after the signed-in pages", mib(await rssMiB(pid))]);
  } finally {
    await stop(child);
  }
} finally {
  await cleanup();
}

const width = Math.max(...rows.map(([k]) => k.length));
const database = process.env.DATABASE_URL ? "DATABASE_URL" : "embedded PostgreSQL";
console.log(
  `Hirewise under load (Node ${process.version}, production build, ${database}; autocannon runs in this process on the same machine)`,
);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
for (const note of notes) console.log(`note: ${note}`);
