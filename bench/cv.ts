// npm run bench:cv: how long a two-page CV takes to render, through the path the web uses
// (modules/profiles renderCvPdf: the pool of render children). Warms the pool up, then renders
// BENCH_CV_RENDERS (default 60) CVs one after another, alternating the two templates, and the same
// number 4 at a time. Prints p50/p95 wall time per CV (target: p95 ≤ 500 ms one at a time on this
// machine), the CPU time the child spent (wall time on a busy machine is mostly waiting for a core),
// pages and bytes, and the longest event-loop delay this process saw meanwhile (the
// render runs in the children, so that stays small). Needs no database. Prints figures; asserts nothing.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadavg } from "node:os";
import { PDFParse } from "pdf-parse";

process.env.LOG_LEVEL ??= "warn";
const { cvWords, renderCvPdf, renderCvPdfMeasured, stopCvRenderers, CV_RENDER_LIMITS } =
  await import("../modules/profiles/index.server.ts");
type CvData = import("../modules/profiles/index.server.ts").CvData;

const COUNT = Number(process.env.BENCH_CV_RENDERS ?? 60);

const cv: CvData = {
  words: cvWords("en"),
  name: "Łukasz Żółć",
  email: "lukasz@example.com",
  headline: "Senior Engineer – TypeScript and PostgreSQL",
  location: "Kraków, Poland",
  summary:
    "Worked with Zoë Brontë on hiring tools. Ten years across the stack, from PostgreSQL query plans to accessible React interfaces, in teams of three to thirty.",
  skills: ["TypeScript", "Node.js", "React", "Remix", "PostgreSQL", "pg-boss", "Playwright", "Accessibility", "Docker"],
  experience: Array.from({ length: 5 }, (_, i) => ({
    title: ["Staff Engineer", "Senior Engineer", "Engineer", "Junior Engineer", "Intern"][i]!,
    company: `Company ${i + 1} sp. z o.o.`,
    period: `Jan ${2022 - 2 * i} – Dec ${2023 - 2 * i}`,
    bullets: Array.from(
      { length: 5 },
      (_, j) =>
        `Responsibility ${j + 1}: delivered measurable improvements to the hiring pipeline, reducing time-to-offer by ${10 + j}% while keeping candidate satisfaction above 4.5 of 5.`,
    ),
  })),
  education: [
    { school: "Jagiellonian University", degree: "MSc Computer Science", period: "2012 – 2014" },
    { school: "Budapest University of Technology", degree: "BSc Computer Science", period: "2009 – 2012" },
  ],
  links: [
    { label: "GitHub", url: "https://github.com/lukasz" },
    { label: "", url: "https://lukasz.example.com" },
  ],
  languages: [
    { name: "Polish", level: "Native" },
    { name: "English", level: "Fluent" },
    { name: "Hungarian", level: "Conversational" },
  ],
};

const templates = ["classic", "compact"] as const;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function run(label: string, concurrency: number) {
  const times: number[] = [];
  const cpu: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < COUNT) {
        const i = next++;
        const t0 = performance.now();
        const { cpuMs } = await renderCvPdfMeasured(cv, templates[i % 2]!);
        times.push(performance.now() - t0);
        cpu.push(cpuMs);
      }
    }),
  );
  loop.disable();
  const total = (performance.now() - started) / 1000;
  console.log(
    `| ${label} | ${COUNT} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${percentile(cpu, 50).toFixed(0)} / ${percentile(cpu, 95).toFixed(0)} | ${(COUNT / total).toFixed(1)} | ${(loop.max / 1e6).toFixed(0)} |`,
  );
}

try {
  const t0 = performance.now();
  const first = await Promise.all(templates.map((t) => renderCvPdf(cv, t)));
  const warm = performance.now() - t0;
  for (const [i, pdf] of first.entries()) {
    const pages = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).total;
    console.log(`${templates[i]}: ${pages} pages, ${pdf.byteLength.toLocaleString("en-US")} bytes`);
  }
  console.log(
    `pool of ${CV_RENDER_LIMITS.children} render children; first renders (children starting, fonts loading) ${warm.toFixed(0)} ms`,
  );
  console.log(
    `| run | CVs | p50 ms | p95 ms | max ms | child CPU p50 / p95 ms | CVs/s | longest event-loop delay here, ms |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|`);
  await run("one at a time", 1);
  await run("4 at a time", 4);
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  stopCvRenderers();
}
