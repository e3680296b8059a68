// npm run bench:ai: the built-in AI provider's cost per call, in this process (no database, no
// network). Runs each case BENCH_AI_RUNS times (default 200) after 20 warm-up runs and prints
// p50/p95/max against the targets: a description plus 10 questions <= 50 ms, one score <= 20 ms.
// Prints figures; asserts nothing. The module is imported after the environment is set, because
// lib/config.ts reads it once.
import type { ScoreAnswer } from "../modules/ai/index.server.ts";

process.env.LOG_LEVEL ??= "warn";
process.env.AI_PROVIDER = "builtin";

const { generateDescription, generateQuestions, scoreApplication } = await import("../modules/ai/index.server.ts");

const RUNS = Number(process.env.BENCH_AI_RUNS ?? 200);

const job = {
  title: "Senior Backend Engineer",
  company: "Acme Logistics",
  requirements: [
    "5+ years of experience with Node.js and TypeScript",
    "Strong knowledge of PostgreSQL and Redis",
    "Experience with AWS, Docker and Kubernetes",
    "Excellent written communication",
    "Nice to have: Kafka, machine learning",
  ].join("\n"),
  details:
    "Remote-first team across Europe\nHealth insurance, equity and a learning budget\nWe ship small changes daily",
};

const paragraph =
  "I rebuilt our order service in Node.js on PostgreSQL. Because writes were contended, I moved to batched inserts and measured p95 latency falling from 900 ms to 120 ms. Then I ran it on Kubernetes with autoscaling and wrote the runbook with my team.";
// A two-page resume's worth of text (about 900 words).
const resumeText = [
  "Jane Doe",
  "jane@example.com | +1 415 555 0134 | 742 Evergreen Terrace, Springfield",
  ...Array.from({ length: 30 }, (_, i) => `${2010 + (i % 14)}: ${paragraph}`),
].join("\n");

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

async function measure(name: string, target: number, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const s = stats(times);
  const f = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `${name.padEnd(34)} p50 ${f(s.p50).padStart(9)}  p95 ${f(s.p95).padStart(9)}  max ${f(s.max).padStart(9)}  target <= ${target} ms: ${s.p95 <= target ? "met" : "MISSED"}`,
  );
}

console.log(`bench:ai, built-in provider, ${RUNS} runs each (Node ${process.version})`);
await measure("description + 10 questions", 50, async () => {
  const description = await generateDescription(job);
  await generateQuestions({
    title: job.title,
    description: description.text,
    requirements: job.requirements,
    count: 10,
  });
});
const questions = (
  await generateQuestions({ title: job.title, description: "", requirements: job.requirements, count: 12 })
).questions;
const answers: ScoreAnswer[] = questions.map((q) => ({
  question: q.question,
  type: q.type,
  category: q.category,
  answer: q.type === "rating" ? "4" : q.type === "multiple_choice" ? q.options![1]! : paragraph,
  rating: q.type === "rating" ? 4 : null,
}));
await measure("one score (12 answers, resume)", 20, () =>
  scoreApplication({
    job: {
      title: job.title,
      requirements: job.requirements,
      skills: ["Node.js", "PostgreSQL", "Kubernetes"],
      description: job.details,
    },
    answers,
    resumeText,
  }),
);
