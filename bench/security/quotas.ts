// Quotas on expensive actions: the bursts that once ran unbounded (in 60 s with 4 connections one
// account made 4,716 drafts each queuing an AI generation, 6,314 CSV exports, 176 resume uploads
// and 107 re-encodes of a 40-megapixel logo; one address made 2,518 accounts), replayed with the
// default quotas. Each burst may get through at most the limit per window it touched; every other
// request must answer 429 with Retry-After and say when to try again. Large logos are refused from
// their header, and the web process's RSS stays bounded while they arrive six at a time.
// The accounts are new ones signed up from 127.0.0.3, and the sign-up burst comes from 127.0.0.2,
// so no other probe's accounts or address spend these quotas.
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import sharp from "sharp";
import { goodPdf, multipartBody, formPost, type Part } from "../../tests/fixtures/files.ts";
import { query, type Probe, type ProbeContext, type ProbeResult } from "./probe.ts";

// The defaults in lib/config.ts (QUOTA_DEFAULTS): the bench server runs without QUOTAS.
const LIMITS = { signups: 20, aiGenerations: 30, resumeUploads: 30, imageUploads: 20, csvExports: 10 };
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PASSWORD = "quota-probe-pass";
// The web process's RSS grows by less than this while large logos arrive six at a time (one decoded
// at a time; six decoded at once took it up by hundreds of megabytes). Growth, not the level: the
// probes before these leave the process larger or smaller depending on the machine.
const RSS_GROWTH_LIMIT_MB = 160;
const MULTIPART_TYPE = formPost([]).headers.get("Content-Type")!;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from `from` (a loopback address), read to its end. */
function send(
  ctx: ProbeContext,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Reply> {
  const url = new URL(path, ctx.base);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        localAddress: options.from ?? "127.0.0.1",
        headers: { Origin: ctx.base, ...(body ? { "Content-Length": String(body.length) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Signs a new account up from 127.0.0.3, then in (sign-up says "check your email"), and returns its Cookie header. */
async function newAccount(ctx: ProbeContext, fields: Record<string, string>): Promise<string> {
  const created = await send(ctx, "/auth?mode=signup", {
    method: "POST",
    headers: FORM,
    body: formBody({ mode: "signup", password: PASSWORD, ...fields }),
    from: "127.0.0.3",
  });
  if (created.status !== 303) throw new Error(`signing up ${fields.email} answered ${created.status}`);
  const reply = await send(ctx, "/auth?mode=signin", {
    method: "POST",
    headers: FORM,
    body: formBody({ mode: "signin", email: fields.email!, password: PASSWORD }),
    from: "127.0.0.3",
  });
  const cookie = ([] as string[]).concat(reply.headers["set-cookie"] ?? []).find((c) => c.startsWith("__session="));
  if (reply.status !== 302 || !cookie) throw new Error(`signing in ${fields.email} answered ${reply.status}`);
  return cookie.split(";")[0]!;
}

let accounts = 0;
const email = (what: string) => `quota-${what}-${process.pid}-${++accounts}@example.com`;

/** Runs `total` requests over `connections` connections; returns each reply with the time it was sent. */
async function burst(
  total: number,
  connections: number,
  one: (i: number, connection: number) => Promise<Reply>,
): Promise<{ at: number; reply: Reply }[]> {
  const results: { at: number; reply: Reply }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (next < total) {
        const i = next++;
        const at = Date.now();
        results.push({ at, reply: await one(i, connection) });
      }
    }),
  );
  return results;
}

/** A 429 that says when to try again, with a Retry-After of whole seconds within the window. */
function saysWhen(reply: Reply, windowMs: number): boolean {
  const retryAfter = Number(reply.headers["retry-after"]);
  return (
    reply.status === 429 &&
    Number.isInteger(retryAfter) &&
    retryAfter >= 1 &&
    retryAfter <= windowMs / 1000 &&
    /Try again in \d+ (seconds?|minutes) \(at \d\d:\d\d UTC\)/.test(reply.body)
  );
}

/**
 * How the burst behaved: each allowed request (status `ok`) passes while within the limit times
 * the windows the burst touched, each refusal passes when it says when to try again.
 */
function judge(
  results: { at: number; reply: Reply }[],
  ok: (r: Reply) => boolean,
  limit: number,
  windowMs: number,
  extra = "",
): ProbeResult & { allowed: number } {
  const windows = new Set(results.map((r) => Math.floor(r.at / windowMs))).size;
  const allowed = results.filter((r) => ok(r.reply)).length;
  const refused = results.filter((r) => saysWhen(r.reply, windowMs)).length;
  const other = results.filter((r) => !ok(r.reply) && !saysWhen(r.reply, windowMs)).map((r) => r.reply.status);
  const passed = refused + Math.min(allowed, limit * windows);
  const detail = `${allowed} allowed (limit ${limit} x ${windows} window${windows === 1 ? "" : "s"}), ${refused} refused with Retry-After${other.length ? `, other answers: ${[...new Set(other)].join(", ")}` : ""}${extra}`;
  process.stderr.write(`  quotas: ${detail}\n`);
  return { passed, detail, allowed };
}

/** The web process's resident memory in MB, sampled every 20 ms while `work` runs: the peak and its growth. */
async function peakRss<T>(
  ctx: ProbeContext,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; grewMb: number }> {
  const rss = async () =>
    Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${ctx.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const start = await rss();
  let peak = start;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rss().catch(() => 0));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work();
    return { result, peakMb: Math.round(peak), grewMb: Math.round(peak - start) };
  } finally {
    running = false;
    await sampler;
  }
}

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
const logoParts = (png: Buffer): Part[] => [
  { name: "intent", value: "upload" },
  { name: "logo", filename: "logo.png", type: "image/png", body: png },
];

export const probes: Probe[] = [
  {
    check:
      "quotas: 100 sign-ups from one address, 4 at a time: at most 20 an hour get in, the rest 429 with Retry-After",
    tries: 100,
    async run(ctx) {
      const results = await burst(100, 4, (i) =>
        send(ctx, "/auth?mode=signup", {
          method: "POST",
          headers: FORM,
          body: formBody({
            mode: "signup",
            role: "candidate",
            full_name: "Burst",
            email: email(`signup${i}`),
            password: PASSWORD,
          }),
          from: "127.0.0.2",
        }),
      );
      // A sign-up that got through answers "check your email" (303).
      return judge(results, (r) => r.status === 303, LIMITS.signups, HOUR);
    },
  },
  {
    check:
      "quotas: 120 new drafts each pressing Generate with AI, 4 at a time: at most 30 generations an hour, the rest 429",
    tries: 120,
    async run(ctx) {
      const cookie = await newAccount(ctx, {
        role: "employer",
        full_name: "Quota Burst",
        company_name: "Quota Burst Ltd",
        email: email("ai"),
      });
      const results = await burst(120, 4, (i) =>
        send(ctx, "/employer/jobs/new", {
          method: "POST",
          headers: { ...FORM, Cookie: cookie },
          body: formBody({
            intent: "generate-description",
            step: "1",
            title: `Burst role ${i}`,
            company_name: "Quota Burst Ltd",
            requirements: "Go and PostgreSQL",
          }),
        }),
      );
      const [queued] = await query<{ n: number }>(
        ctx,
        `select count(*)::int as n from ai_generations g join users u on u.id = g.owner_id where u.company_name = 'Quota Burst Ltd'`,
      );
      const result = judge(
        results,
        (r) => r.status === 302,
        LIMITS.aiGenerations,
        HOUR,
        `; ${queued?.n} generations queued`,
      );
      // The rows agree with the answers: one queued generation per allowed press, none for a refused one.
      return queued?.n === result.allowed ? result : { passed: 0, detail: result.detail };
    },
  },
  {
    check: "quotas: 300 CSV exports of a job, 4 at a time: at most 10 a minute, the rest 429 with a page",
    tries: 300,
    async run(ctx) {
      // A demo employer's job: the probe signs in as the last demo employer.
      const [job] = await query<{ id: string; email: string }>(
        ctx,
        `select j.id, u.email from jobs j join users u on u.id = j.employer_id where u.email like 'hiring@%.demo.hirewise.app' and j.status = 'active' order by u.email desc limit 1`,
      );
      if (!job) throw new Error("no demo employer job to export");
      const signIn = await send(ctx, "/auth?mode=signin", {
        method: "POST",
        headers: FORM,
        body: formBody({ mode: "signin", email: job.email, password: "hirewise-demo" }),
      });
      const cookie = ([] as string[])
        .concat(signIn.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith("__session="))
        ?.split(";")[0];
      if (!cookie) throw new Error(`signing in ${job.email} answered ${signIn.status}`);
      const results = await burst(300, 4, () =>
        send(ctx, `/employer/jobs/${job.id}/applications.csv`, { headers: { Cookie: cookie } }),
      );
      return judge(
        results,
        (r) => r.status === 200 && String(r.headers["content-type"]).startsWith("text/csv"),
        LIMITS.csvExports,
        MINUTE,
      );
    },
  },
  {
    check: "quotas: 60 resume uploads to the apply wizard, 4 at a time: at most 30 an hour, the rest 429",
    tries: 60,
    async run(ctx) {
      const address = email("resume");
      const cookie = await newAccount(ctx, { role: "candidate", full_name: "Upload Burst", email: address });
      // One job (so one apply draft) per connection: uploads racing on one draft are another probe's concern.
      const jobs = await query<{ id: string }>(
        ctx,
        `select id from jobs where status = 'active' and employer_id is not null order by created_at limit 4`,
      );
      if (jobs.length < 4) throw new Error("fewer than 4 active jobs to apply to");
      const body = multipartBody([
        { name: "step", value: "2" },
        { name: "intent", value: "upload" },
        { name: "resume", filename: "Burst CV.pdf", body: await goodPdf("Upload Burst, engineer") },
      ]);
      const [{ id: candidateId }] = (await query<{ id: string }>(ctx, `select id from users where email = $1`, [
        address,
      ])) as [{ id: string }];
      const results = await burst(60, 4, async (_, connection) => {
        const reply = await send(ctx, `/candidate/jobs/${jobs[connection]!.id}/apply?step=2`, {
          method: "POST",
          headers: { "Content-Type": MULTIPART_TYPE, Cookie: cookie },
          body,
        });
        // Every upload joins the resume library (at most 20): older ones no draft uses leave it, as a
        // candidate tidying My Resumes would, so the library's cap never answers before the quota.
        // The newest four are kept: an upload still in flight on another connection may be one.
        await query(
          ctx,
          `update resumes r set deleted_at = now() where r.candidate_id = $1 and r.deleted_at is null
             and not exists (select 1 from application_drafts d where d.resume_id = r.id)
             and r.id not in (select id from resumes where candidate_id = $1 order by created_at desc limit 4)`,
          [candidateId],
        );
        return reply;
      });
      return judge(results, (r) => r.status === 302, LIMITS.resumeUploads, HOUR);
    },
  },
  {
    check: `quotas: 18 logos of 40 megapixels, 6 at a time: each refused "at most 25 megapixels", RSS grows under ${RSS_GROWTH_LIMIT_MB} MB`,
    tries: 18,
    async run(ctx) {
      const cookie = await newAccount(ctx, {
        role: "employer",
        full_name: "Large Logo",
        company_name: "Large Logo Ltd",
        email: email("bomb"),
      });
      const body = multipartBody(logoParts(await solidPng(8000, 5000)));
      const { result, peakMb, grewMb } = await peakRss(ctx, () =>
        burst(18, 6, () =>
          send(ctx, "/account", { method: "POST", headers: { "Content-Type": MULTIPART_TYPE, Cookie: cookie }, body }),
        ),
      );
      const refused = result.filter(
        (r) => r.reply.status === 400 && r.reply.body.includes("The image is too large: at most 25 megapixels."),
      ).length;
      const detail = `${refused} refused with the message, peak RSS ${peakMb} MB (+${grewMb})`;
      process.stderr.write(`  quotas: ${detail}\n`);
      return { passed: grewMb < RSS_GROWTH_LIMIT_MB ? refused : 0, detail };
    },
  },
  {
    check: `quotas: 40 logo re-encodes of 25 megapixels, 6 at a time: at most 20 an hour, the rest 429, RSS grows under ${RSS_GROWTH_LIMIT_MB} MB`,
    tries: 40,
    async run(ctx) {
      const cookie = await newAccount(ctx, {
        role: "employer",
        full_name: "Logo Burst",
        company_name: "Logo Burst Ltd",
        email: email("logo"),
      });
      // Exactly 25 megapixels: the largest a logo may be, decoded and re-encoded each time.
      const body = multipartBody(logoParts(await solidPng(5000, 5000)));
      const { result, peakMb, grewMb } = await peakRss(ctx, () =>
        burst(40, 6, () =>
          send(ctx, "/account", { method: "POST", headers: { "Content-Type": MULTIPART_TYPE, Cookie: cookie }, body }),
        ),
      );
      const judged = judge(
        result,
        (r) => r.status === 302,
        LIMITS.imageUploads,
        HOUR,
        `; peak RSS ${peakMb} MB (+${grewMb})`,
      );
      return grewMb < RSS_GROWTH_LIMIT_MB ? judged : { passed: 0, detail: judged.detail };
    },
  },
];
