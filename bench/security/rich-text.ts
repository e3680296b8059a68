// Descriptions and listings as pages show them: the Markdown subset (headings, bullets, bold) is
// rendered from text, so HTML typed into a description, inside bold or a bullet, stays text.
// Each check name starts with "ai:" (BENCH_SECURITY_ONLY=ai:).
import { query, type Probe, type ProbeContext } from "./probe.ts";

const PAYLOADS = [
  "**<img src=x onerror=alert(1)>**",
  "- <script>alert(1)</script>",
  "## <iframe src=javascript:alert(1)>",
  "Intro **bold <a href=javascript:alert(1)>link</a>** end",
];

const markupProbe: Probe = {
  check: "ai: a job description holding HTML in bold, bullets and headings is shown as text on the job page",
  tries: PAYLOADS.length,
  async run(ctx: ProbeContext) {
    const [job] = await query<{ id: string; description: string }>(
      ctx,
      "select id, description from jobs where status = 'active' and employer_id is not null order by created_at limit 1",
    );
    if (!job) return { passed: 0, detail: "no active job" };
    let passed = 0;
    const seen: string[] = [];
    try {
      for (const payload of PAYLOADS) {
        await query(ctx, "update jobs set description = $1 where id = $2", [`Summary.\n\n${payload}`, job.id]);
        const html = await (await fetch(new URL(`/jobs/${job.id}`, ctx.base))).text();
        const raw = /<(?:img|script|iframe)[^>]*(?:onerror|alert|javascript)|href="?javascript:/i.test(html);
        if (!raw && html.includes("&lt;")) passed++;
        else seen.push(payload);
      }
    } finally {
      await query(ctx, "update jobs set description = $1 where id = $2", [job.description, job.id]);
    }
    return { passed, detail: seen.length ? `shown as markup: ${seen.join(" | ")}` : undefined };
  },
};

export const probes: Probe[] = [markupProbe];
