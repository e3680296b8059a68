// npm run bench:applicants: the employer's applicants list (modules/applications/applicant-list.ts,
// the function /employer/jobs/{id} calls) on one job with BENCH_APPLICANTS (default 5,000)
// applications, 90% of them scored, spread over 60 days and the five stages, 40% with two submitted
// scorecards (the list's average recommendation and count, decision 085). Rows are written
// straight to the database in a few statements. Each case reads one page (25 rows, with the stage
// counts and the names) BENCH_ROUNDS (default 60) times: the first page and a deep page (the
// middle of the list, reached by following Next), newest first, best match first and best
// recommendation first, all stages
// and one stage. Prints p50/p95 per case (target: ≤ 50 ms per page on this machine), and with
// BENCH_EXPLAIN=1 the plans of the deep pages' row query. Asserts nothing.
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL, in a database of its own,
// hirewise_bench_applicants, dropped at the start and at the end.
import { randomUUID } from "node:crypto";

process.env.LOG_LEVEL ??= "warn";

const COUNT = Number(process.env.BENCH_APPLICANTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const DATABASE = "hirewise_bench_applicants";

const { benchDatabase, sql } = await import("./database.ts");
const bench = await benchDatabase(DATABASE);
const { url: benchUrl, where } = bench;

const STAGES = [
  ["submitted", 0.4],
  ["reviewed", 0.25],
  ["shortlisted", 0.15],
  ["rejected", 0.15],
  ["withdrawn", 0.05],
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

try {
  const { boot } = await import("../boot.ts");
  const runtime = await boot({ workers: false, demoData: false });
  const { signUpOnPlan } = await import("../tests/support/accounts.ts");
  const { publishTestJob } = await import("../tests/support/jobs.ts");
  const { memberFor } = await import("../modules/hiring/index.server.ts");
  const { applicantList } = await import("../modules/applications/index.server.ts");
  const employer = await signUpOnPlan({
    email: "bench-applicants@example.com",
    password: "bench-applicants-pass",
    role: "employer",
    company_name: "Bench Co",
    plan: "business",
  });
  const jobId = await publishTestJob(employer.id, { title: "Senior Backend Engineer" });
  const member = await memberFor(employer.id);
  // Another job of the same company with as many applications, so the job's rows are not the table.
  const otherJobId = await publishTestJob(employer.id, { title: "Staff Backend Engineer" });

  // A colleague whose scorecards sit beside the owner's (a user row is all a scorecard's author needs).
  const colleague = randomUUID();
  await sql(
    benchUrl,
    `insert into users (id, email, password_hash, role, full_name, created_at, updated_at) values ($1, 'bench-colleague@example.com', 'x', 'employer', 'Bench Colleague', now(), now())`,
    [colleague],
  );

  let started = performance.now();
  const now = Date.now();
  for (const job of [jobId, otherJobId]) {
    const rows = Array.from({ length: COUNT }, (_, i) => {
      let pick = ((i * 7919) % 1000) / 1000;
      const stage = STAGES.find(([, share]) => (pick -= share) < 0)?.[0] ?? "submitted";
      return {
        user: randomUUID(),
        application: randomUUID(),
        stage,
        at: new Date(now - ((i * 104_729) % (60 * 86_400_000))),
        score: i % 10 === 0 ? null : (i * 37) % 101,
      };
    });
    await sql(
      benchUrl,
      `insert into users (id, email, password_hash, role, full_name, created_at, updated_at)
       select u, 'bench-' || u || '@example.com', 'x', 'candidate', 'Bench Candidate ' || n, now(), now() from unnest($1::uuid[]) with ordinality as t(u, n)`,
      [rows.map((r) => r.user)],
    );
    await sql(
      benchUrl,
      `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
       select a, $3, u, $4, s, t, t from unnest($1::uuid[], $2::uuid[], $5::text[], $6::timestamptz[]) as x(a, u, s, t)`,
      [
        rows.map((r) => r.application),
        rows.map((r) => r.user),
        job,
        member.companyId,
        rows.map((r) => r.stage),
        rows.map((r) => r.at),
      ],
    );
    // Two submitted scorecards (the owner's and a colleague's) on 40% of the applications.
    const carded = rows.filter((_, i) => i % 5 < 2);
    for (const [n, author] of [employer.id, colleague].entries())
      await sql(
        benchUrl,
        `insert into scorecards (id, application_id, author_id, takeaways, recommendation, submitted_at, created_at, updated_at)
         select gen_random_uuid(), a, $2, 'Seen.', r, now(), now(), now() from unnest($1::uuid[], $3::int[]) as x(a, r)`,
        [carded.map((r) => r.application), author, carded.map((_, i) => 1 + ((i * 7 + n * 3) % 4))],
      );
    const scored = rows.filter((r) => r.score !== null);
    await sql(
      benchUrl,
      `insert into application_scores (application_id, technical, communication, culture_fit, overall, reasons, method, source, with_resume, scored_at)
       select a, o, o, o, o, jsonb_build_object('technical', 't', 'communication', 'c', 'cultureFit', 'f', 'overall', 'A match on the answers.'), 'builtin', 'builtin', false, now()
         from unnest($1::uuid[], $2::int[]) as x(a, o)`,
      [scored.map((r) => r.application), scored.map((r) => r.score)],
    );
  }
  await sql(benchUrl, "analyze");
  console.log(
    `\nSeeded ${(2 * COUNT).toLocaleString("en-US")} applications (40% with two scorecards) to two jobs in ${((performance.now() - started) / 1000).toFixed(1)} s (${where})`,
  );

  type View = { show: string; sort: "newest" | "match" | "recommendation" };
  /** The cursor of the page in the middle of the list, by following Next as a person would. */
  async function middleCursor(view: View): Promise<{ cursor: string | null; page: number }> {
    let page = await applicantList(member, jobId, view);
    const total = page.stages.find((s) => s.value === view.show)!.count;
    const target = Math.floor(total / 25 / 2);
    let n = 1;
    while (n < target && page.next) {
      const cursor: string = page.next;
      page = await applicantList(member, jobId, view, cursor);
      n += 1;
    }
    return { cursor: page.cursor, page: n };
  }

  const cases: { label: string; view: View; deep: boolean }[] = [];
  for (const view of [
    { show: "all", sort: "newest" },
    { show: "all", sort: "match" },
    { show: "reviewed", sort: "newest" },
    { show: "reviewed", sort: "match" },
    { show: "all", sort: "recommendation" },
    { show: "reviewed", sort: "recommendation" },
  ] as View[]) {
    cases.push({ label: "first page", view, deep: false }, { label: "middle page", view, deep: true });
  }
  const table: string[][] = [];
  for (const c of cases) {
    const { cursor, page } = c.deep ? await middleCursor(c.view) : { cursor: null, page: 1 };
    for (let i = 0; i < 5; i++) await applicantList(member, jobId, c.view, cursor); // warm up
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      started = performance.now();
      await applicantList(member, jobId, c.view, cursor);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    table.push([
      `${c.view.show === "all" ? "all stages" : c.view.show}, ${c.view.sort}`,
      `${c.label} (${page})`,
      percentile(times, 50).toFixed(1),
      percentile(times, 95).toFixed(1),
    ]);
  }
  const widths = [28, 18, 9, 9];
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(
    `\nApplicants list, one job with ${COUNT.toLocaleString("en-US")} applications (25 per page, ${ROUNDS} reads each; target ≤ 50 ms)`,
  );
  console.log(line(["view", "page", "p50 ms", "p95 ms"]));
  for (const row of table) console.log(line(row));

  if (process.env.BENCH_EXPLAIN) {
    const { cursor } = await middleCursor({ show: "all", sort: "match" });
    const [, score, micros, id] = cursor!.split(".");
    for (const [label, text, params] of [
      [
        "newest, reviewed, after a cursor",
        `select a.id from applications a left join application_scores s on s.application_id = a.id
          where a.company_id = $1 and a.job_id = $2 and a.status = 'reviewed' and (a.created_at, a.id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid)
          order by a.created_at desc, a.id desc limit 26`,
        [member.companyId, jobId, micros, id],
      ],
      [
        "match, all, after a cursor",
        `select a.id from applications a left join application_scores s on s.application_id = a.id
          where a.company_id = $1 and a.job_id = $2 and (coalesce(s.overall, -1), a.created_at, a.id) < ($5::int, timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid)
          order by coalesce(s.overall, -1) desc, a.created_at desc, a.id desc limit 26`,
        [member.companyId, jobId, micros, id, score],
      ],
      [
        "recommendation, all, after the middle page's cursor (the owner reads every average)",
        `select a.id from applications a left join application_scores s on s.application_id = a.id
          left join (select sc.application_id, ((200 * sum(sc.recommendation) + count(*)) / (2 * count(*)))::int as rec
                       from scorecards sc join applications sa on sa.id = sc.application_id
                      where sa.job_id = $2 and sc.submitted_at is not null group by sc.application_id) r on r.application_id = a.id
          where a.company_id = $1 and a.job_id = $2 and (coalesce(r.rec, -1), a.created_at, a.id) < ($5::int, timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid)
          order by coalesce(r.rec, -1) desc, a.created_at desc, a.id desc limit 26`,
        [member.companyId, jobId, micros, id, 250],
      ],
    ] as const) {
      const plan = await sql(benchUrl, `explain (analyze, costs off) ${text}`, [...params]);
      console.log(`\n${label}:\n${plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
  await runtime.stop();
} finally {
  await bench.release();
}
