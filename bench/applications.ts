// npm run bench:applications: applying on the production server (web and workers in one process,
// as `npm start` runs it, with the web process's V8 heap limits).
// 1. BENCH_APPLICANTS (default 200) candidates, signed up and with their answers saved in a draft
//    (step 1) before the clock starts, all POST step 3's Submit to one job at once. Prints min,
//    p50, p95 and max latency (each request from sending to the last byte of the answer), the wall
//    time, the web process's CPU per submit (its workers' share included), the failures (anything but the redirect to My Applications), and then counts in the
//    database that each candidate has exactly one application, with its answer and its history.
// 2. A 10 MB PDF posted to step 2 (multipart, field `resume`) BENCH_UPLOADS times (default 3),
//    while the web process's RSS is read from /proc/<pid>/status every 20 ms: the peak growth over
//    the RSS just before each upload (target: under 30 MB), after one small warm-up upload.
// BENCH_CPU_PROF=1 adds V8's CPU profile of the web process over the submits (BENCH_CPU_PROF_DIR keeps it).
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL (in a temp directory, as
// bench/server.ts does); either way in a database of its own, hirewise_bench_applications, dropped
// at the start and at the end. Prints figures; asserts nothing.
// Modules are imported where needed: lib/config.ts reads the environment once, and DATABASE_URL
// names the bench database only once it exists.
import { readFile, writeFile } from "node:fs/promises";
import type { Client } from "pg";

process.env.LOG_LEVEL ??= "warn";

const APPLICANTS = count("BENCH_APPLICANTS", 200);
const UPLOADS = count("BENCH_UPLOADS", 3);
const PASSWORD = "bench-applications-password";
/** How many sign-ups and drafts are prepared at once (argon2 makes sign-up CPU-bound). */
const PREPARE_CONCURRENCY = 8;
const RSS_SAMPLE_MS = 20;
const UPLOAD_BYTES = 10 * 1024 * 1024;

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, 1 or more (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => ms.toFixed(1);
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The process's CPU time so far (user + system), in ms: /proc/<pid>/stat counts clock ticks of 10 ms. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
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

const [{ default: pg }, server, { goodPdf, paddedPdf, multipartBody, formPost }, { Inspector }, { summarise }] =
  await Promise.all([
    import("pg"),
    import("./server.ts"),
    import("../tests/fixtures/files.ts"),
    import("./inspector.ts"),
    import("./cpu-profile.ts"),
  ]);
const { benchEnvironment, startServer, stop } = server;
const { dataDir, port, pgPort, base, cleanup } = await benchEnvironment();

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
const benchUrl = withDatabase(adminUrl, "hirewise_bench_applications");
const admin = (sql: string) => withClient(pg, withDatabase(adminUrl, "postgres"), (c) => c.query(sql));
await admin("drop database if exists hirewise_bench_applications with (force)");
await admin("create database hirewise_bench_applications");
// The server and this process's ORM both use the bench database and the same stored files.
process.env.DATABASE_URL = benchUrl;
process.env.DATA_DIR = dataDir;
process.env.DEMO_DATA = "false";

const rows: [string, string][] = [];
const notes: string[] = [];
let runtime: { stop(): Promise<void> } | undefined;
let web: Awaited<ReturnType<typeof startServer>>["child"] | undefined;
try {
  // This process: migrations, then the employer and the job (one required text question).
  runtime = await (await import("../boot.ts")).boot({ workers: false, demoData: false });
  const { signUpOnPlan } = await import("../tests/support/accounts.ts");
  const hiring = await import("../modules/hiring/index.server.ts");
  const employer = await signUpOnPlan({
    email: "bench-employer@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Bench Ltd",
    full_name: "Bench Employer",
    plan: "business",
  });
  const member = await hiring.memberFor(employer.id);
  const draftId = await hiring.startDraft(member, {
    ...hiring.emptyWizardForm("Bench Ltd"),
    title: "Bench Engineer",
    location: "Austin, TX, United States",
    location_type: "onsite",
    employment_type: "FULLTIME",
    category: "Software Engineering",
    requirements: "Experience shipping software.",
    description: "A role on our team.",
    questions: [{ ...hiring.emptyQuestion(), question_text: "Why this role?" }],
  });
  await hiring.publishDraft(member, draftId);
  const job = (await hiring.jobToApply(draftId))!;
  const questionId = job.questions[0]!.id;
  const applyPath = (step: number) => `/candidate/jobs/${job.id}/apply?step=${step}`;

  // Every candidate signs up from this one address: room for them all past the sign-up quota.
  process.env.QUOTAS ??= `signups=${APPLICANTS + 10}`;
  // They submit straight after signing up: the bench times submits, not email confirmation.
  process.env.REQUIRE_EMAIL_VERIFICATION ??= "false";
  // BENCH_CPU_PROF=1: V8's CPU profile of the web process over the submits, summed by bench/cpu-profile.ts.
  const inspectPort = process.env.BENCH_CPU_PROF === "1" ? await server.freePort() : null;
  web = (
    await startServer(dataDir, port, pgPort, {
      keepDatabaseUrl: true,
      nodeFlags: inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [],
    })
  ).child;
  const inspector = inspectPort ? await Inspector.open(inspectPort) : null;
  const pid = web.pid!;

  const form = (cookie: string | null, fields: Record<string, string>): RequestInit => ({
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  /** A candidate signed up through /auth (which signs them in): their session cookie. */
  const newCandidate = async (i: number) => {
    const email = `bench-candidate-${i}@example.com`;
    const res = await fetch(
      `${base}/auth?mode=signup`,
      form(null, { mode: "signup", role: "candidate", full_name: `Candidate ${i}`, email, password: PASSWORD }),
    );
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (res.status !== 302 || !session) throw new Error(`signing up ${email} answered ${res.status}`);
    return session.split(";")[0]!;
  };

  // 1. Before the clock: the candidates, each with the answer saved by step 1's Next.
  const prepareStarted = performance.now();
  const cookies = await inBatches(
    Array.from({ length: APPLICANTS }, (_, i) => i),
    PREPARE_CONCURRENCY,
    async (i) => {
      const cookie = await newCandidate(i);
      const res = await fetch(
        base + applyPath(1),
        form(cookie, { step: "1", intent: "next", [`answer_${questionId}`]: `Answer from candidate ${i}` }),
      );
      await res.arrayBuffer();
      if (res.headers.get("Location") !== applyPath(2))
        throw new Error(`step 1 for candidate ${i} answered ${res.status}`);
      return cookie;
    },
  );
  notes.push(
    `${APPLICANTS} candidates signed up and their drafts saved over HTTP in ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s (not timed below)`,
  );

  // All submits at once, each on its own connection.
  await inspector?.send("Profiler.start");
  const cpuBefore = await cpuMs(pid);
  const submitted = performance.now();
  const outcomes = await Promise.all(
    cookies.map(async (cookie) => {
      const started = performance.now();
      try {
        const res = await fetch(base + applyPath(3), form(cookie, { step: "3", intent: "submit" }));
        await res.arrayBuffer();
        const ok = res.status === 302 && res.headers.get("Location") === "/candidate/applications?submitted=1";
        return {
          ms: performance.now() - started,
          failure: ok ? null : `${res.status} ${res.headers.get("Location") ?? ""}`.trim(),
        };
      } catch (error) {
        return { ms: performance.now() - started, failure: (error as Error).message };
      }
    }),
  );
  const wall = performance.now() - submitted;
  const cpuPerSubmit = (await cpuMs(pid)) - cpuBefore;
  if (inspector) {
    const { profile } = (await inspector.send("Profiler.stop")) as { profile: import("./cpu-profile.ts").CpuProfile };
    notes.push(`CPU profile of the web process over the submits:\n${summarise(profile, 40)}`);
    if (process.env.BENCH_CPU_PROF_DIR)
      await writeFile(`${process.env.BENCH_CPU_PROF_DIR}/submits.cpuprofile`, JSON.stringify(profile));
    inspector.close();
  }
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const o of outcomes) if (o.failure) failures.set(o.failure, (failures.get(o.failure) ?? 0) + 1);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const label = `${APPLICANTS} concurrent submits (step 3 POST)`;
  rows.push([
    `${label}: latency min / p50 / p95 / max`,
    `${fmt(latencies[0]!)} / ${fmt(percentile(latencies, 0.5))} / ${fmt(percentile(latencies, 0.95))} / ${fmt(latencies.at(-1)!)} ms`,
  ]);
  rows.push([`${label}: wall time, all answered`, `${fmt(wall)} ms`]);
  rows.push([`${label}: web process CPU per submit`, `${fmt(cpuPerSubmit / APPLICANTS)} ms`]);
  rows.push([
    `${label}: failures`,
    failed ? `${failed} (${[...failures].map(([k, n]) => `${n} × ${k}`).join(", ")})` : "0",
  ]);

  const stored = await withClient(pg, benchUrl, async (c) => {
    const {
      rows: [r],
    } = await c.query(
      `select count(*)::int as applications, count(distinct a.candidate_id)::int as candidates,
              count(*) filter (where a.status = 'submitted')::int as submitted,
              (select count(*)::int from application_answers x join applications y on y.id = x.application_id where y.job_id = $1) as answers,
              (select count(*)::int from application_status_changes h join applications y on y.id = h.application_id where y.job_id = $1) as history,
              (select count(*)::int from application_drafts d where d.job_id = $1) as drafts_left
         from applications a where a.job_id = $1`,
      [job.id],
    );
    return r as {
      applications: number;
      candidates: number;
      submitted: number;
      answers: number;
      history: number;
      drafts_left: number;
    };
  });
  rows.push([
    `${label}: in the database afterwards`,
    `${stored.applications} applications from ${stored.candidates} candidates (${stored.submitted} submitted), ${stored.answers} answers, ${stored.history} history rows, ${stored.drafts_left} drafts left`,
  ]);
  if (
    stored.applications !== APPLICANTS ||
    stored.candidates !== APPLICANTS ||
    stored.answers !== APPLICANTS ||
    stored.history !== APPLICANTS
  ) {
    notes.push(`MISMATCH: expected ${APPLICANTS} applications, answers and history rows, one per candidate`);
  }

  // 2. A 10 MB PDF on step 2, the web process's RSS sampled every 20 ms.
  const uploader = await newCandidate(APPLICANTS);
  const multipart = (pdf: Buffer): RequestInit => {
    const body = multipartBody([
      { name: "step", value: "2" },
      { name: "intent", value: "upload" },
      { name: "resume", filename: "resume.pdf", body: pdf },
    ]);
    return {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": formPost([]).headers.get("Content-Type")!,
        "Content-Length": String(body.length),
        Origin: base,
        Cookie: uploader,
      },
      body: new Uint8Array(body),
    };
  };
  const upload = async (pdf: Buffer) => {
    const res = await fetch(base + applyPath(2), multipart(pdf));
    await res.arrayBuffer();
    if (res.headers.get("Location") !== applyPath(2)) throw new Error(`the upload answered ${res.status}`);
  };
  // Warm-up: the upload path's code loaded once, with a small file.
  await upload(await goodPdf("Warm-up"));
  const big = paddedPdf(await goodPdf("Ten megabytes of resume"), UPLOAD_BYTES);
  const growths: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    await sleep(1_000);
    const before = await rssMb(pid);
    let peak = before;
    const sampler = setInterval(
      () =>
        void rssMb(pid).then(
          (v) => (peak = Math.max(peak, v)),
          () => {},
        ),
      RSS_SAMPLE_MS,
    );
    const started = performance.now();
    await upload(big);
    const ms = performance.now() - started;
    // The file is checked and stored before the answer; a little longer catches anything after it.
    await sleep(500);
    clearInterval(sampler);
    growths.push(peak - before);
    rows.push([
      `10 MB PDF upload ${i + 1} of ${UPLOADS}: web RSS before → peak (growth), time`,
      `${before.toFixed(1)} → ${peak.toFixed(1)} MB (+${(peak - before).toFixed(1)} MB), ${fmt(ms)} ms`,
    ]);
  }
  const sorted = [...growths].sort((a, b) => a - b);
  rows.push([
    `10 MB PDF upload: peak RSS growth median / max (target < 30 MB)`,
    `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} / ${sorted.at(-1)!.toFixed(1)} MB`,
  ]);
  const [kept] = await withClient(
    pg,
    benchUrl,
    async (c) => (await c.query(`select max(size_bytes)::int as size from resumes`)).rows as { size: number }[],
  );
  if (kept?.size !== UPLOAD_BYTES)
    notes.push(`MISMATCH: the largest stored resume is ${kept?.size} bytes, not ${UPLOAD_BYTES}`);
} finally {
  if (web) await stop(web);
  await runtime?.stop();
  await admin("drop database if exists hirewise_bench_applications with (force)").catch((error: unknown) =>
    console.error("could not drop hirewise_bench_applications:", error),
  );
  await releaseEmbedded();
  await cleanup();
}

const width = Math.max(...rows.map(([k]) => k.length));
const database = embedded ? "embedded PostgreSQL" : "DATABASE_URL's server";
console.log(
  `Hirewise applications (Node ${process.version}, production build, web and workers in one process, ${database}; the clients run in this process on the same machine)`,
);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
for (const note of notes) console.log(`note: ${note}`);
