// npm run bench:scoring: how fast one worker process scores a backlog of applications with the
// built-in provider. BENCH_SCORES (default 1,000) applications to one job, each with three answers
// and a resume's text, are written straight to the database and their score jobs queued at once;
// then one `node jobs/worker.ts` starts and the clock runs until every application has its score.
// Prints the time (target: 1,000 in 60 s or less on this machine) and scores per second.
// Uses the server DATABASE_URL names, else a fresh embedded PostgreSQL, in a database of its own,
// hirewise_bench_scoring, dropped at the start and at the end. Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";

process.env.LOG_LEVEL ??= "warn";

const COUNT = Number(process.env.BENCH_SCORES ?? 1000);
const DATABASE = "hirewise_bench_scoring";

const { stop } = await import("./server.ts");
const { benchDatabase, sql } = await import("./database.ts");
const bench = await benchDatabase(DATABASE);
const { url: benchUrl, where } = bench;

try {
  // Schema and queues as the app makes them; no workers in this process.
  const { boot } = await import("../boot.ts");
  const runtime = await boot({ workers: false, demoData: false });
  const { signUpOnPlan } = await import("../tests/support/accounts.ts");
  const { publishTestJob } = await import("../tests/support/jobs.ts");
  const { emptyQuestion } = await import("../modules/hiring/index.server.ts");
  const { getBoss } = await import("../lib/queue.ts");
  const employer = await signUpOnPlan({
    email: "bench-scoring@example.com",
    password: "bench-scoring-pass",
    role: "employer",
    company_name: "Bench Co",
    plan: "business",
  });
  const jobId = await publishTestJob(employer.id, {
    title: "Senior Backend Engineer",
    requirements: "Five years of Go or Node.js, PostgreSQL, Kafka, Kubernetes; on-call experience.",
    skills: "Go, Node.js, PostgreSQL, Kafka, Kubernetes",
    questions: [
      { ...emptyQuestion(), question_text: "Tell us about a service you scaled.", category: "practical-experience" },
      {
        ...emptyQuestion(),
        question_text: "Which queue have you run?",
        question_type: "multiple_choice",
        options: "Kafka, RabbitMQ, SQS",
      },
      { ...emptyQuestion(), question_text: "Rate your SQL.", question_type: "rating", category: "technical-deep" },
    ],
  });
  await runtime.stop();

  // The backlog, written in three statements: candidates, resumes with text, applications and answers.
  const ids = Array.from({ length: COUNT }, () => ({
    user: randomUUID(),
    resume: randomUUID(),
    application: randomUUID(),
  }));
  const now = new Date();
  await sql(
    benchUrl,
    `insert into users (id, email, password_hash, role, full_name, created_at, updated_at)
     select u, 'bench-' || u || '@example.com', 'x', 'candidate', 'Bench Candidate', $2, $2 from unnest($1::uuid[]) as u`,
    [ids.map((i) => i.user), now],
  );
  await sql(
    benchUrl,
    `insert into resumes (id, candidate_id, storage_key, original_name, size_bytes, sha256, text_status, text, created_at)
     select r, u, 'resumes/bench/' || r || '.pdf', 'resume.pdf', 1000, repeat('0', 64), 'ready', $3, $4
       from unnest($1::uuid[], $2::uuid[]) as t(r, u)`,
    [
      ids.map((i) => i.resume),
      ids.map((i) => i.user),
      "Backend engineer, seven years.\nScaled an order service on Node.js and PostgreSQL to 4k requests per second.\nRan Kafka clusters; on call for payments.\nLed a migration to Kubernetes.",
      now,
    ],
  );
  await sql(
    benchUrl,
    `insert into applications (id, job_id, candidate_id, company_id, status, resume_id, created_at, updated_at)
     select a, $4, u, (select company_id from jobs where id = $4), 'submitted', r, $5, $5 from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as t(a, u, r)`,
    [ids.map((i) => i.application), ids.map((i) => i.user), ids.map((i) => i.resume), jobId, now],
  );
  const questions = (
    await sql(
      benchUrl,
      `select id, question_text, question_type, category from job_questions where job_id = $1 order by order_index`,
      [jobId],
    )
  ).rows;
  const answers = [
    "I split the monolith's order path into a Go service behind Kafka and cut p99 from 900 ms to 120 ms.",
    "Kafka",
    "4",
  ];
  for (const [index, q] of questions.entries()) {
    await sql(
      benchUrl,
      `insert into application_answers (id, application_id, question_id, question_text, question_type, category, answer, rating, order_index)
       select gen_random_uuid(), a, $2, $3, $4, $5, $6, $7, $8 from unnest($1::uuid[]) as a`,
      [
        ids.map((i) => i.application),
        q.id,
        q.question_text,
        q.question_type,
        q.category,
        answers[index],
        q.question_type === "rating" ? 4 : null,
        index,
      ],
    );
  }
  const queue = await boot({ workers: false, demoData: false });
  await getBoss().insert(
    "applications.score",
    ids.map((i) => ({ data: { applicationId: i.application } })),
  );
  await queue.stop();

  // One worker process, as `npm run worker` runs it.
  const started = performance.now();
  const worker = spawn(process.execPath, ["jobs/worker.ts"], {
    env: { ...process.env, DATABASE_URL: benchUrl, AI_PROVIDER: "builtin" },
    stdio: "ignore",
  });
  let scored = 0;
  while (scored < COUNT && performance.now() - started < 300_000) {
    await new Promise((r) => setTimeout(r, 200));
    scored = Number((await sql(benchUrl, "select count(*) from application_scores")).rows[0].count);
  }
  const seconds = (performance.now() - started) / 1000;
  await stop(worker);
  console.log(`\nScoring ${COUNT} queued applications with one worker (builtin provider, ${where})`);
  console.log(`  scored: ${scored} of ${COUNT}`);
  console.log(
    `  time from worker start: ${seconds.toFixed(1)} s (target ≤ 60 s for 1,000), ${(scored / seconds).toFixed(0)} scores/s (includes the worker's start-up)`,
  );
} finally {
  await bench.release();
}
