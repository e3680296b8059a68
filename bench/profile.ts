// npm run bench:profile: what the pages rendered afresh cost in Node CPU per request, and where it goes.
// Pages: /jobs?q=developer with a `__last_write` cookie (it skips the page cache, the results cache
// and the shared render: app/edge-cache.server.ts), the dashboard of an employer with 500 jobs, one
// of its jobs' page with 200 applicants, and /candidate/applications of a candidate with 50
// applications; BENCH_PROFILE_JOBS (default 2000) board jobs besides.
//
//   BENCH_PROFILE_SERVERS="before=/path/to/other/checkout,after=." npm run bench:profile
//
// Each named checkout (built already; default: this one, as "this") runs ONE web process on the
// same database (hirewise_bench_profile on DATABASE_URL's server, else an embedded PostgreSQL),
// so two commits are measured side by side. autocannon (BENCH_PROFILE_CONNECTIONS, default 8) for
// BENCH_PROFILE_SECONDS (default 8) per page and server, after 2 s of warm-up, alternating the
// servers page by page, BENCH_PROFILE_ROUNDS (default 3) times. The figure is the web process's
// own CPU (user + system from /proc) over the run divided by its responses; medians over rounds.
// BENCH_CPU_PROF=1 profiles each page's run instead (one round): V8's CPU profiler, as `node
// --cpu-prof` runs it, started and stopped through the inspector around the run, and prints its
// self time by function and by file (bench/cpu-profile.ts); BENCH_CPU_PROF_DIR keeps the profiles
// (<server>-<page number>.cpuprofile, for Chrome's DevTools or `node bench/cpu-profile.ts`);
// BENCH_PROFILE_PAGES_DIR keeps each page's HTML (<server>-<page number>.html). Asserts nothing.
import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import type { EventEmitter } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { freePort, running, stop, WEB_NODE_FLAGS } from "./server.ts";
import { benchDatabase, sql } from "./database.ts";
import { summarise, type CpuProfile } from "./cpu-profile.ts";
import { Inspector } from "./inspector.ts";

const whole = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, 1 or more`);
  return n;
};
const JOBS = whole("BENCH_PROFILE_JOBS", 2000);
const SECONDS = whole("BENCH_PROFILE_SECONDS", 8);
const ROUNDS = whole("BENCH_PROFILE_ROUNDS", 3);
const CONNECTIONS = whole("BENCH_PROFILE_CONNECTIONS", 8);
const CPU_PROF = process.env.BENCH_CPU_PROF === "1";
const PASSWORD = "bench-profile-password";
const TICK_MS = 10; // USER_HZ
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const servers = (process.env.BENCH_PROFILE_SERVERS ?? "this=.").split(",").map((entry) => {
  const [name, dir] = entry.split("=");
  return { name: name!, dir: path.resolve(dir!) };
});

const bench = await benchDatabase("hirewise_bench_profile");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  DATABASE_URL: bench.url,
  DATA_DIR: bench.dataDir,
  RUN_WORKERS: "false",
  DEMO_DATA: "false",
};
const cli = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env, maxBuffer: 1 << 26 })).stdout;

const started: { name: string; child: ChildProcess; base: string; inspector?: Inspector }[] = [];

try {
  // 1. The data: board jobs, an employer with 500 jobs (one with 200 applicants), a candidate with 50 applications.
  const seeding = performance.now();
  const employer = `bench-profile-employer@example.com`;
  const candidate = `bench-profile-candidate@example.com`;
  // The first server migrates the empty database; the CLI then writes to it.
  const launch = async (server: (typeof servers)[number]) => {
    const port = await freePort();
    const inspectPort = await freePort();
    const flags = CPU_PROF ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
    const child = spawn(process.execPath, [...WEB_NODE_FLAGS, ...flags, "server.ts"], {
      env: { ...env, PORT: String(port) },
      cwd: server.dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${port}`;
    for (const t0 = performance.now(); ; await sleep(100)) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (!running(child)) throw new Error(`${server.name}: server exited with ${child.exitCode ?? child.signalCode}`);
      if (performance.now() - t0 > 180_000) throw new Error(`${server.name}: not up within 3 minutes`);
    }
    return { name: server.name, child, base, inspector: CPU_PROF ? await Inspector.open(inspectPort) : undefined };
  };
  started.push(await launch(servers[0]!));
  await cli("demo:jobs", "--count", String(JOBS));
  await cli(
    "users:create",
    "--email",
    employer,
    "--password",
    PASSWORD,
    "--role",
    "employer",
    "--company",
    "Bench Profile Ltd",
    "--plan",
    "business",
  );
  await cli("demo:jobs", "--count", "500", "--employer", employer);
  await cli("users:create", "--email", candidate, "--password", PASSWORD, "--role", "candidate");
  const [job] = JSON.parse(await cli("jobs:list", "--employer", employer, "--limit", "1", "--json")) as {
    id: string;
  }[];
  const { rows: company } = await sql(bench.url, "select company_id from jobs where id = $1", [job!.id]);
  const applicants = Array.from({ length: 200 }, (_, i) => ({ user: randomUUID(), application: randomUUID(), i }));
  const stages = ["submitted", "reviewed", "shortlisted", "rejected"];
  await sql(
    bench.url,
    `insert into users (id, email, password_hash, role, full_name, created_at, updated_at)
     select u, 'bench-applicant-' || n || '@example.com', 'x', 'candidate', 'Bench Applicant ' || n, now(), now()
       from unnest($1::uuid[]) with ordinality as t(u, n)`,
    [applicants.map((a) => a.user)],
  );
  await sql(
    bench.url,
    `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
     select a, $3, u, $4, s, now() - n * interval '1 hour', now() - n * interval '1 hour'
       from unnest($1::uuid[], $2::uuid[], $5::text[]) with ordinality as x(a, u, s, n)`,
    [
      applicants.map((a) => a.application),
      applicants.map((a) => a.user),
      job!.id,
      company[0].company_id,
      applicants.map((a) => stages[a.i % stages.length]),
    ],
  );
  await sql(
    bench.url,
    `insert into application_scores (application_id, technical, communication, culture_fit, overall, reasons, method, source, with_resume, scored_at)
     select a, o, o, o, o, jsonb_build_object('technical', 't', 'communication', 'c', 'cultureFit', 'f', 'overall', 'A match on the answers.'), 'builtin', 'builtin', false, now()
       from unnest($1::uuid[], $2::int[]) as x(a, o)`,
    [applicants.map((a) => a.application), applicants.map((a) => (a.i * 37) % 101)],
  );
  // The candidate's 50 applications, to 50 board jobs of other companies, in every stage.
  await sql(
    bench.url,
    `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
     select gen_random_uuid(), j.id, u.id, j.company_id, (array['submitted','reviewed','shortlisted','rejected','withdrawn'])[1 + j.n % 5],
            now() - j.n * interval '1 day', now() - j.n * interval '1 day'
       from (select id, company_id, row_number() over (order by published_at desc) as n from jobs
              where status = 'active' and company_id <> $2 order by published_at desc limit 50) j,
            users u where u.email = $1`,
    [candidate, company[0].company_id],
  );
  await sql(bench.url, "analyze");
  console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${bench.where})`);
  for (const server of servers.slice(1)) started.push(await launch(server));

  // 2. Sessions (each server signs in on its own: the cookie is the same secret's either way).
  const signIn = async (base: string, email: string) => {
    const res = await fetch(`${base}/auth?mode=signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (!cookie)
      throw new Error(
        `sign-in of ${email} answered ${res.status} without a session: ${(await res.text()).slice(0, 2000)}`,
      );
    return cookie.split(";")[0]!;
  };
  const pages = async (base: string) => {
    const employerCookie = await signIn(base, employer);
    const candidateCookie = await signIn(base, candidate);
    return [
      { name: "/jobs?q=developer (fresh)", path: "/jobs?q=developer", cookie: "__last_write=1" },
      { name: "/employer/dashboard (500 jobs)", path: "/employer/dashboard", cookie: employerCookie },
      { name: "/employer/jobs/{id} (200 applicants)", path: `/employer/jobs/${job!.id}`, cookie: employerCookie },
      { name: "/candidate/applications (50)", path: "/candidate/applications", cookie: candidateCookie },
    ];
  };
  const pagesOf = new Map<string, Awaited<ReturnType<typeof pages>>>();
  for (const s of started) pagesOf.set(s.name, await pages(s.base));

  const cpuTicks = async (pid: number) => {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const load = (url: string, cookie: string, duration: number) =>
    new Promise<{ responses: number; bad: number; p50: number; rps: number }>((resolve, reject) => {
      let bad = 0;
      const instance: EventEmitter = autocannon(
        { url, connections: CONNECTIONS, duration, headers: { cookie, "accept-encoding": "gzip" } },
        (err, res) =>
          err
            ? reject(err)
            : resolve({ responses: res.requests.total, bad, p50: res.latency.p50, rps: res.requests.average }),
      );
      instance.on("response", (_c: unknown, status: number) => void (status === 200 || bad++));
    });

  // 3. Each page, server after server, ROUNDS times.
  const figures = new Map<string, { cpu: number[]; rps: number[]; p50: number[]; bytes: number }>();
  for (let round = 1; round <= (CPU_PROF ? 1 : ROUNDS); round++) {
    for (const [index] of pagesOf.get(started[0]!.name)!.entries()) {
      for (const server of started) {
        const page = pagesOf.get(server.name)![index]!;
        const url = server.base + page.path;
        const probe = await fetch(url, {
          headers: { cookie: page.cookie, "accept-encoding": "gzip" },
          redirect: "manual",
        });
        const body = Buffer.from(await probe.arrayBuffer());
        const bytes = body.byteLength;
        if (process.env.BENCH_PROFILE_PAGES_DIR && round === 1)
          await writeFile(path.join(process.env.BENCH_PROFILE_PAGES_DIR, `${server.name}-${index}.html`), body);
        if (probe.status !== 200) throw new Error(`${server.name} ${page.name}: ${probe.status}`);
        await load(url, page.cookie, 2);
        const pid = server.child.pid!;
        await server.inspector?.send("Profiler.start");
        const before = await cpuTicks(pid);
        const run = await load(url, page.cookie, SECONDS);
        const cpuMs = (((await cpuTicks(pid)) - before) * TICK_MS) / run.responses;
        if (server.inspector) {
          const { profile } = (await server.inspector.send("Profiler.stop")) as { profile: CpuProfile };
          console.log(`\n== ${server.name} ${page.name}: ${run.responses} responses`);
          console.log(summarise(profile, 30));
          if (process.env.BENCH_CPU_PROF_DIR)
            await writeFile(
              path.join(process.env.BENCH_CPU_PROF_DIR, `${server.name}-${index}.cpuprofile`),
              JSON.stringify(profile),
            );
        }
        const key = `${page.name}\t${server.name}`;
        const f = figures.get(key) ?? { cpu: [], rps: [], p50: [], bytes };
        f.cpu.push(cpuMs);
        f.rps.push(run.rps);
        f.p50.push(run.p50);
        figures.set(key, f);
        console.log(
          `round ${round} ${server.name.padEnd(7)} ${page.name.padEnd(38)} ${cpuMs.toFixed(2).padStart(6)} ms CPU/req  ${run.rps.toFixed(0).padStart(5)} req/s  p50 ${run.p50} ms  ${(bytes / 1024).toFixed(1)} KiB${run.bad ? `  ${run.bad} not 200` : ""}  [load ${os.loadavg()[0]!.toFixed(1)}]`,
        );
      }
    }
  }

  // 4. The table: medians, and each server's CPU against the first's, round by round (the two ran
  // minutes apart at most, so the machine's other work weighs on both alike), as the rounds' median.
  const names = started.map((s) => s.name);
  console.log(
    `\n${ROUNDS} round(s) × ${SECONDS} s, ${CONNECTIONS} connections, ONE web process per server, Node ${process.version}, ${os.cpus().length} cores; medians\n`,
  );
  const ratios = names.slice(1).map((n) => `${n} / ${names[0]} CPU`);
  console.log(
    `| page | ${names.map((n) => `${n} ms CPU/req | ${n} req/s`).join(" | ")}${ratios.map((r) => ` | ${r}`).join("")} |`,
  );
  console.log(`| --- | ${names.map(() => "--- | ---").join(" | ")}${ratios.map(() => " | ---").join("")} |`);
  for (const page of pagesOf.get(started[0]!.name)!) {
    const cells = names.map((n) => figures.get(`${page.name}\t${n}`)!);
    const ratio = cells
      .slice(1)
      .map((c) => ` | ${median(c.cpu.map((cpu, round) => cpu / cells[0]!.cpu[round]!)).toFixed(2)}`)
      .join("");
    console.log(
      `| ${page.name} | ${cells.map((c) => `${median(c.cpu).toFixed(2)} | ${median(c.rps).toFixed(0)}`).join(" | ")}${ratio} |`,
    );
  }
} finally {
  for (const s of started) {
    s.inspector?.close();
    await stop(s.child);
  }
  await bench.release();
}
