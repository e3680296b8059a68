// npm run bench:alerts: one full job alert run over BENCH_ALERTS (default 10,000) alerts against a
// realistic board of BENCH_ALERT_JOBS (default 100,000) demo jobs (db/seed/demo.ts, skewed
// towards recent days as a live board is). Alerts come from a pool of realistic searches (words,
// locations, filters) with a long tail, as people's searches are: many share a search, many are
// their own. 80% are daily (last look a day ago), 20% weekly (a week ago); all are due. The sample
// provider answers for listings, as on a fresh clone.
// The clock runs from enqueueing the run to the last digest written to the dev mailbox, with one
// process running workers (as `npm start` does): claim, search, queue, render and send. Prints the
// phases and totals (target: ≤ 60 s for 10,000 alerts on this machine). Asserts nothing.
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL, in a database of its own,
// hirewise_bench_alerts, dropped at the start and at the end.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";

process.env.LOG_LEVEL ??= "warn";

const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const JOBS = Number(process.env.BENCH_ALERT_JOBS ?? 100_000);
const DATABASE = "hirewise_bench_alerts";

const { benchDatabase, sql } = await import("./database.ts");
const bench = await benchDatabase(DATABASE);
const { url: benchUrl, dataDir, where } = bench;
process.env.SEARCH_PROVIDER = "sample";
delete process.env.SMTP_URL;

// Searches people set alerts for: words (with a long tail), places, and sometimes a filter.
const WORDS = [
  "software engineer",
  "react",
  "python",
  "data scientist",
  "product manager",
  "designer",
  "nurse",
  "accountant",
  "devops",
  "java",
  "frontend",
  "backend",
  "typescript",
  "marketing",
  "sales",
  "recruiter",
  "data engineer",
  "machine learning",
  "kubernetes",
  "golang",
  "ios",
  "android",
  "security",
  "qa",
  "support",
  "analyst",
  "finance",
  "operations",
  "writer",
  "ux research",
  "engineering manager",
  "sql",
  "node",
  "aws",
  "rust",
  "customer success",
  "growth",
  "content",
  "hr",
  "legal",
];
const PLACES = [
  "",
  "",
  "",
  "Remote",
  "Berlin",
  "London",
  "New York",
  "San Francisco",
  "Toronto",
  "Amsterdam",
  "United States",
  "Germany",
  "Austin",
  "Paris",
  "Madrid",
];
const FILTERS: [string, string][] = [
  ["", ""],
  ["", ""],
  ["", ""],
  ["location_type", "remote"],
  ["employment_type", "FULLTIME"],
  ["employment_type", "CONTRACT"],
  ["min_salary", "100000"],
];
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(7);
// Skewed picks: the first items far more often (a few searches are very common).
const skewed = <T>(list: readonly T[]) => list[Math.floor(random() ** 2.2 * list.length)]!;

try {
  const { boot } = await import("../boot.ts");
  const setup = await boot({ workers: false, demoData: false });
  const { insertDemoJobs } = await import("../db/demo-jobs.ts");
  let started = performance.now();
  await insertDemoJobs({ count: JOBS, employerIds: [], seed: 11 });
  console.log(
    `\nBoard: ${JOBS.toLocaleString("en-US")} demo jobs inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await setup.stop();

  const { searchKey } = await import("../modules/saved/index.server.ts");
  const now = new Date();
  const users = Array.from({ length: ALERTS }, () => randomUUID());
  const alerts = users.map((user) => {
    const [filter, value] = skewed(FILTERS);
    const search = {
      q: random() < 0.15 ? `${skewed(WORDS)} ${skewed(WORDS)}` : skewed(WORDS),
      location: skewed(PLACES),
      locationType: filter === "location_type" ? value : "",
      employmentType: filter === "employment_type" ? value : "",
      category: "",
      minSalary: filter === "min_salary" ? Number(value) : null,
      includeRemote: null,
      salaryCurrency: "USD",
    };
    const weekly = random() < 0.2;
    return {
      id: randomUUID(),
      candidate_id: user,
      ...search,
      search_key: searchKey(search),
      frequency: weekly ? "weekly" : "daily",
      seen_until: new Date(now.getTime() - (weekly ? 7 : 1) * 86_400_000),
    };
  });
  await sql(
    benchUrl,
    `insert into users (id, email, password_hash, role, full_name, created_at, updated_at)
     select u, 'bench-' || u || '@example.com', 'x', 'candidate', 'Bench Candidate', $2, $2 from unnest($1::uuid[]) as u`,
    [users, now],
  );
  await sql(
    benchUrl,
    `insert into job_alerts (id, candidate_id, q, location, location_type, employment_type, category, min_salary, search_key, frequency, seen_until, next_run_at, created_at, updated_at)
     select id, candidate_id, q, location, "locationType", "employmentType", category, "minSalary", search_key, frequency, seen_until, $2, $2, $2
       from json_to_recordset($1::json) as a(id uuid, candidate_id uuid, q text, location text, "locationType" text, "employmentType" text, category text, "minSalary" int, search_key text, frequency text, seen_until timestamptz)`,
    [JSON.stringify(alerts), new Date(now.getTime() - 60_000)],
  );
  await sql(benchUrl, "analyze");
  const distinct = new Set(alerts.map((a) => a.search_key)).size;
  console.log(
    `Alerts: ${ALERTS.toLocaleString("en-US")} (${distinct.toLocaleString("en-US")} distinct searches), all due (${where})`,
  );

  // The run, as the schedule starts it, in a process running workers.
  const runtime = await boot({ workers: true, demoData: false });
  const { getBoss } = await import("../lib/queue.ts");
  const { RUN_ALERTS_QUEUE, SEND_DIGESTS_QUEUE } = await import("../modules/saved/index.server.ts");
  const mailDir = path.join(dataDir, "mail");
  started = performance.now();
  const runJob = await getBoss().send(RUN_ALERTS_QUEUE, {});
  let runDone = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const state = (await sql(benchUrl, "select state from pgboss.job where id = $1", [runJob])).rows[0]?.state;
    if (!runDone && (state === "completed" || state === "failed")) {
      runDone = performance.now();
      if (state === "failed") throw new Error("the alert run failed");
      console.log(`  run done after ${((runDone - started) / 1000).toFixed(1)} s; sending…`);
    }
    if (!runDone) continue;
    const waiting = Number(
      (
        await sql(
          benchUrl,
          "select count(*) from pgboss.job where name = $1 and state not in ('completed', 'failed', 'cancelled')",
          [SEND_DIGESTS_QUEUE],
        )
      ).rows[0].count,
    );
    if (!waiting) break;
    if (performance.now() - started > 900_000) {
      console.log("  gave up waiting after 15 minutes; the figures below are what was done by then");
      break;
    }
  }
  const total = (performance.now() - started) / 1000;
  const stats = (
    await sql(
      benchUrl,
      "select count(*) filter (where last_sent_at is not null) as sent, count(*) filter (where next_run_at > now()) as claimed from job_alerts",
    )
  ).rows[0];
  const sendJobs = (
    await sql(
      benchUrl,
      "select count(*) filter (where state = 'completed') as ok, count(*) filter (where state = 'failed') as failed from pgboss.job where name = $1",
      [SEND_DIGESTS_QUEUE],
    )
  ).rows[0];
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).length;
  await runtime.stop();
  console.log(`\nOne full run (${where}, one process running workers):`);
  console.log(
    `  alerts claimed: ${stats.claimed}; digests sent: ${stats.sent} (${files} .eml files); send jobs: ${sendJobs.ok} completed, ${sendJobs.failed} failed`,
  );
  console.log(`  run (claim, search, queue): ${((runDone - started) / 1000).toFixed(1)} s`);
  console.log(`  total until the last digest is written: ${total.toFixed(1)} s (target ≤ 60 s for 10,000 alerts)`);
} finally {
  await bench.release();
}
