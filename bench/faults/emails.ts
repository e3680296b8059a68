// Fault: a worker process (`node jobs/worker.ts`, as the image runs it) SIGKILLed in the middle of a
// batch of application emails, then a fresh worker started. BENCH_EMAIL_APPLICATIONS applications
// (default 120) are submitted and shortlisted before any worker runs: a new-application email, a
// status email and a score each. A real SMTP server on 127.0.0.1 answers the first messages and
// then holds one unanswered, so the kill lands mid-batch every time. Reports duplicate emails
// (each one past the first per application and kind), missing ones, and how long after the kill the
// killed runs started again and were done. Targets: no duplicate or missing email, one score per
// application, the killed runs started again within 30 s.
// The database: a fresh one on DATABASE_URL's server, else an embedded PostgreSQL in a temp
// directory. Seeding runs in a child process (`node bench/faults/emails.ts seed`), so this process
// never fixes the app's configuration for the other faults.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Fault, FaultReport } from "./fault.ts";
import { benchEnvironment, running } from "../server.ts";
import { applicationEmailCounts, startGatedSmtpServer, type GatedSmtpServer } from "../../tests/support/smtp.ts";

const APPLICATIONS = Number(process.env.BENCH_EMAIL_APPLICATIONS ?? 120);
// Not a multiple of the batch size (10), so some batch is cut short after some of its messages went out.
const ANSWERED_BEFORE_KILL = 25;
const RETRY_TARGET_MS = 30_000;
const OUTAGES = 4;
const EMPLOYER = "fault-employer@example.com";
const EMAIL_QUEUES = [
  "applications.new-application-email",
  "applications.status-email",
  "applications.confirmation-email",
];
const SCORE_QUEUE = "applications.score";
const root = fileURLToPath(new URL("../..", import.meta.url));

interface Seeded {
  /** Candidate's address → application id. */
  applications: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (child: ChildProcess) =>
  new Promise<string>((resolve) => {
    if (!running(child)) return resolve(String(child.exitCode ?? child.signalCode));
    child.once("exit", (code, signal) => resolve(String(code ?? signal)));
  });

function spawnNode(args: string[], env: Record<string, string>, stdout: "pipe" | "ignore" = "ignore"): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", DEMO_DATA: "false", STATUS_EMAIL_DELAY_SECONDS: "0", ...env },
    stdio: ["ignore", stdout, "inherit"],
  });
}

async function seed(env: Record<string, string>): Promise<Seeded> {
  const child = spawnNode(["bench/faults/emails.ts", "seed"], env, "pipe");
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await exited(child);
  if (code !== "0") throw new Error(`seeding exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Seeded;
}

/** A database of its own: on DATABASE_URL's server when set, else on an embedded PostgreSQL. */
async function openDatabase(dataDir: string, pgPort: number): Promise<{ url: string; release(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let release = async () => {};
  if (!adminUrl) {
    const [{ loadConfig }, { pino }, { openDatabase: openAppDatabase }] = await Promise.all([
      import("../../lib/config.ts"),
      import("pino"),
      import("../../db/database.ts"),
    ]);
    const db = await openAppDatabase(
      loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn" }),
      pino({ level: "warn" }),
    );
    adminUrl = db.url;
    release = db.release;
  }
  const at = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const admin = new pg.Client({ connectionString: at("postgres") });
  await admin.connect();
  try {
    await admin.query("drop database if exists hirewise_fault_emails with (force)");
    await admin.query("create database hirewise_fault_emails");
  } finally {
    await admin.end();
  }
  return { url: at("hirewise_fault_emails"), release };
}

interface Setup {
  childEnv: Record<string, string>;
  client: pg.Client;
  smtp: GatedSmtpServer;
  byCandidate: Map<string, string>;
  workers: ChildProcess[];
}

/** A fresh database with the applications and their jobs queued, an SMTP server, and no worker yet. */
async function withSetup(
  acceptLimit: number,
  answerDelayMs: number,
  work: (setup: Setup) => Promise<FaultReport>,
): Promise<FaultReport> {
  const env = await benchEnvironment();
  const smtp = await startGatedSmtpServer(acceptLimit, { answerDelayMs });
  const db = await openDatabase(env.dataDir, env.pgPort);
  const setup: Setup = {
    childEnv: { DATABASE_URL: db.url, DATA_DIR: env.dataDir, SMTP_URL: smtp.url },
    client: new pg.Client({ connectionString: db.url }),
    smtp,
    byCandidate: new Map(),
    workers: [],
  };
  try {
    const { applications } = await seed(setup.childEnv);
    setup.byCandidate = new Map(Object.entries(applications));
    await setup.client.connect();
    return await work(setup);
  } finally {
    for (const w of setup.workers) if (running(w)) w.kill("SIGKILL");
    await Promise.all(setup.workers.map(exited));
    await setup.client.end().catch(() => {});
    await smtp.close();
    await db.release();
    await env.cleanup();
  }
}

const QUEUES = [...EMAIL_QUEUES, SCORE_QUEUE];

/** Waits until every email and score job has run to the end (nothing can send after that). */
async function allDone(client: pg.Client, worker: ChildProcess): Promise<void> {
  for (;;) {
    const {
      rows: [r],
    } = await client.query<{ done: number; total: number }>(
      "select count(*) filter (where state = 'completed')::int as done, count(*)::int as total from pgboss.job where name = any($1)",
      [QUEUES],
    );
    if (r!.total === APPLICATIONS * QUEUES.length && r!.done === r!.total) return;
    if (!running(worker)) throw new Error(`the worker exited (${worker.exitCode ?? worker.signalCode})`);
    await sleep(200);
  }
}

/** Duplicate and missing emails per application and kind, and applications without exactly one score. */
async function outcome({ client, smtp, byCandidate }: Setup) {
  const { rows: scores } = await client.query<{ n: number }>(
    "select count(s.application_id)::int as n from applications a left join application_scores s on s.application_id = a.id group by a.id",
  );
  const counts = applicationEmailCounts(smtp.delivered, EMPLOYER, byCandidate);
  const ids = [...byCandidate.values()];
  const duplicates = (m: Map<string, number>) => ids.reduce((n, id) => n + Math.max(0, (m.get(id) ?? 0) - 1), 0);
  const missing = (m: Map<string, number>) => ids.filter((id) => !m.get(id)).length;
  const duplicateEmails =
    duplicates(counts.newApplication) + duplicates(counts.confirmation) + duplicates(counts.status);
  const missingEmails =
    missing(counts.newApplication) + missing(counts.confirmation) + missing(counts.status) + counts.strays.length;
  const badScores = scores.filter((s) => s.n !== 1).length;
  return {
    duplicateEmails,
    missingEmails,
    badScores,
    ok: duplicateEmails === 0 && missingEmails === 0 && badScores === 0,
    summary: `${APPLICATIONS} applications, ${smtp.delivered.length} emails delivered, ${duplicateEmails} duplicate, ${missingEmails} missing, ${badScores} applications without exactly one score`,
  };
}

function killMidBatch(): Promise<FaultReport> {
  return withSetup(ANSWERED_BEFORE_KILL, 0, async (setup) => {
    const { childEnv, client, smtp, workers } = setup;
    const first = spawnNode(["jobs/worker.ts"], childEnv);
    workers.push(first);
    while (smtp.waiting() === 0) {
      if (!running(first)) throw new Error("the first worker exited before the kill");
      await sleep(20);
    }
    first.kill("SIGKILL");
    const firstExit = await exited(first);
    const {
      rows: [{ killed_at: killedAt }],
    } = await client.query<{ killed_at: Date }>("select now() as killed_at");
    smtp.open();
    const second = spawnNode(["jobs/worker.ts"], childEnv);
    workers.push(second);
    await allDone(client, second);
    // The runs the kill cut short came back with a retry count: when the last of them started
    // again (the target) and when it was done.
    const { rows: late } = await client.query<{ name: string; retried: number; started_ms: number; done_ms: number }>(
      `select name, count(*)::int as retried,
              (extract(epoch from max(started_on) - $2::timestamptz) * 1000)::float8 as started_ms,
              (extract(epoch from max(completed_on) - $2::timestamptz) * 1000)::float8 as done_ms
         from pgboss.job where name = any($1) and retry_count > 0 group by name`,
      [QUEUES, killedAt],
    );
    const lateMs = (names: string[], key: "started_ms" | "done_ms" = "started_ms") =>
      Math.max(0, ...late.filter((l) => names.includes(l.name)).map((l) => l[key]));
    const retried = (names: string[]) => late.filter((l) => names.includes(l.name)).reduce((n, l) => n + l.retried, 0);
    second.kill("SIGTERM");
    const secondExit = await exited(second);
    const result = await outcome(setup);
    const emailMs = lateMs(EMAIL_QUEUES);
    const scoreMs = lateMs([SCORE_QUEUE]);
    return {
      requests: APPLICATIONS * 2,
      failures: result.missingEmails,
      writesLost: 0,
      recoveryMs: Math.max(emailMs, scoreMs),
      duplicateEmails: result.duplicateEmails,
      exitCodes: `worker ${firstExit}, worker ${secondExit}`,
      ok: result.ok && emailMs <= RETRY_TARGET_MS && scoreMs <= RETRY_TARGET_MS && secondExit === "0",
      detail:
        `${result.summary}; killed runs started again ${(emailMs / 1000).toFixed(1)} s after the kill and done ` +
        `${(lateMs(EMAIL_QUEUES, "done_ms") / 1000).toFixed(1)} s for emails (${retried(EMAIL_QUEUES)} retried), ` +
        `${(scoreMs / 1000).toFixed(1)} s and ${(lateMs([SCORE_QUEUE], "done_ms") / 1000).toFixed(1)} s for scores (${retried([SCORE_QUEUE])} retried)`,
    };
  });
}

/**
 * What a database restart does to a running worker, without restarting the server (that is the
 * PostgreSQL faults' part): OUTAGES times while the worker sends, the database refuses new
 * connections for 2 s and every open one is killed, then it comes back for 3 s.
 */
function databaseOutages(): Promise<FaultReport> {
  // Answers take 40 ms, so the sending lasts longer than the outages.
  return withSetup(Infinity, 40, async (setup) => {
    const { childEnv, client, smtp, workers } = setup;
    const worker = spawnNode(["jobs/worker.ts"], childEnv);
    workers.push(worker);
    while (smtp.delivered.length === 0) {
      if (!running(worker)) throw new Error("the worker exited before sending");
      await sleep(20);
    }
    // From the server's `postgres` database: a database cannot refuse connections to itself.
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(childEnv.DATABASE_URL!), { pathname: "/postgres" }).toString(),
    });
    await admin.connect();
    const database = (await client.query<{ db: string }>("select current_database() as db")).rows[0]!.db;
    client.on("error", () => {}); // killed with the others below
    let killed = 0;
    try {
      for (let i = 0; i < OUTAGES; i++) {
        await admin.query(`alter database "${database}" with allow_connections false`);
        const { rows } = await admin.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1",
          [database],
        );
        killed += rows[0]!.n;
        await sleep(2000);
        await admin.query(`alter database "${database}" with allow_connections true`);
        await sleep(3000);
      }
    } finally {
      await admin.query(`alter database "${database}" with allow_connections true`).catch(() => {});
      await admin.end();
    }
    // This process's own connection was killed with the others.
    await client.end().catch(() => {});
    setup.client = new pg.Client({ connectionString: childEnv.DATABASE_URL });
    await setup.client.connect();
    await allDone(setup.client, worker);
    worker.kill("SIGTERM");
    const exit = await exited(worker);
    const result = await outcome(setup);
    return {
      requests: APPLICATIONS * 2,
      failures: result.missingEmails,
      writesLost: 0,
      recoveryMs: 0,
      duplicateEmails: result.duplicateEmails,
      exitCodes: `worker ${exit}`,
      ok: result.ok && exit === "0",
      detail: `${result.summary}; ${OUTAGES} outages of 2 s, ${killed} connections killed`,
    };
  });
}

export const faults: Fault[] = [
  { name: "emails: worker SIGKILL mid-batch", run: killMidBatch },
  { name: "emails: database unavailable for 2 s, four times, while sending", run: databaseOutages },
];

// `node bench/faults/emails.ts seed`: the applications, made through the modules on DATABASE_URL.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "seed") {
  const { boot } = await import("../../boot.ts");
  const runtime = await boot({ workers: false, demoData: false });
  const { signUpOnPlan: signUp } = await import("../../tests/support/accounts.ts");
  const { publishTestJob } = await import("../../tests/support/jobs.ts");
  const { decideApplication, submitApplication } = await import("../../modules/applications/index.server.ts");
  const { memberFor } = await import("../../modules/hiring/index.server.ts");
  const employer = await signUp({
    email: EMPLOYER,
    password: "fault-emails-password",
    role: "employer",
    company_name: "Fault Ltd",
    plan: "business",
  });
  const jobId = await publishTestJob(employer.id);
  const applications: Record<string, string> = {};
  for (let i = 0; i < APPLICATIONS; i++) {
    const email = `fault-candidate-${i}@example.com`;
    const candidate = await signUp({ email, password: "fault-emails-password", role: "candidate", plan: "essential" });
    const { applicationId } = await submitApplication(candidate.id, jobId);
    await decideApplication(await memberFor(employer.id), applicationId, "shortlist");
    applications[email] = applicationId;
  }
  await runtime.stop();
  console.log(JSON.stringify({ applications } satisfies Seeded));
  process.exit(0);
}
