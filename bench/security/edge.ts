// The Express edge's reproductions: oversized bodies, requests from other sites (page URLs, .data,
// ?_data, resource routes), cached private pages, and public URLs taken from the Host header.
// Each check name starts with "edge:" (BENCH_SECURITY_ONLY=edge).
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { query, type Probe, type ProbeContext } from "./probe.ts";

const EMPLOYER = { email: "employer@demo.hirewise.app", password: "hirewise-demo" };

/** The ways a page elsewhere (another site, another port of this host) gets a browser to post. */
const FOREIGN: Record<string, string>[] = [
  { Origin: "https://evil.example" },
  { Origin: "http://127.0.0.1:1" },
  { Origin: "null" },
  { "Sec-Fetch-Site": "cross-site" },
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through node:http (any Host header; bodies of any size, sent as fast as taken). */
function send(
  ctx: ProbeContext,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; bodyBytes?: number } = {},
): Promise<Answer> {
  const url = new URL(path, ctx.base);
  return new Promise((resolve, reject) => {
    let answer: Answer | undefined;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => {
          answer = { status: res.statusCode ?? 0, headers: res.headers, body };
          resolve(answer);
        });
      },
    );
    req.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    if (options.bodyBytes === undefined) return void req.end(options.body);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < options.bodyBytes!) {
        const part = chunk.subarray(0, Math.min(chunk.length, options.bodyBytes! - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (extra: Record<string, string> = {}) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  ...extra,
});

async function signIn(ctx: ProbeContext): Promise<string> {
  const answer = await send(ctx, "/auth?mode=signin", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base }),
    body: form({ mode: "signin", ...EMPLOYER }),
  });
  const cookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("__session="));
  if (answer.status !== 302 || !cookie) throw new Error(`signing in answered ${answer.status}`);
  return cookie.split(";")[0]!;
}

const sessions = async (ctx: ProbeContext) =>
  Number(
    (
      await query<{ n: string }>(
        ctx,
        "select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = $1",
        [EMPLOYER.email],
      )
    )[0]!.n,
  );
const rss = async (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

/** `count` concurrent urlencoded posts of `bytes` to /auth: how many answered 413. */
async function oversized(ctx: ProbeContext, count: number, bytes: number) {
  const statuses = await Promise.all(
    Array.from({ length: count }, () =>
      send(ctx, "/auth?mode=signin", {
        method: "POST",
        headers: formHeaders({ Origin: ctx.base, "Content-Length": String(bytes) }),
        bodyBytes: bytes,
      }).then(
        (a) => a.status,
        (e: Error) => e.message,
      ),
    ),
  );
  return { passed: statuses.filter((s) => s === 413).length, detail: `statuses ${statuses.join(", ")}` };
}

const bodies: Probe[] = [
  {
    check: "edge: POST /auth with a 160 MB urlencoded body answers 413, the server stays up",
    tries: 1,
    run: (ctx) => oversized(ctx, 1, 160 * 2 ** 20),
  },
  { check: "edge: two concurrent 100 MB bodies answer 413", tries: 2, run: (ctx) => oversized(ctx, 2, 100 * 2 ** 20) },
  {
    check: "edge: ten concurrent 50 MB bodies answer 413, RSS grows less than the 192 MB heap",
    tries: 10,
    async run(ctx) {
      const before = await rss(ctx.pid);
      let peak = before;
      const sampler = setInterval(
        () =>
          void rss(ctx.pid).then(
            (r) => (peak = Math.max(peak, r)),
            () => {},
          ),
        20,
      );
      const result = await oversized(ctx, 10, 50 * 2 ** 20);
      clearInterval(sampler);
      const grew = peak - before;
      return {
        passed: grew < 192 * 2 ** 20 ? result.passed : 0,
        detail: `${result.detail}; RSS ${Math.round(before / 2 ** 20)} → ${Math.round(peak / 2 ** 20)} MB`,
      };
    },
  },
];

const csrf: Probe[] = [
  {
    check: "edge: closing a job from another origin (page, .data, ?_data) is refused; the job stays active",
    tries: FOREIGN.length * 3,
    async run(ctx) {
      const cookie = await signIn(ctx);
      const [job] = await query<{ id: string }>(
        ctx,
        "select j.id from jobs j join users u on u.id = j.employer_id where u.email = $1 and j.status = 'active' limit 1",
        [EMPLOYER.email],
      );
      const urls = [
        `/employer/jobs/${job!.id}`,
        `/employer/jobs/${job!.id}.data`,
        `/employer/jobs/${job!.id}?_data=routes%2Femployer.jobs.%24id`,
      ];
      const seen: number[] = [];
      for (const url of urls) {
        for (const headers of FOREIGN) {
          seen.push(
            (
              await send(ctx, url, {
                method: "POST",
                headers: formHeaders({ ...headers, Cookie: cookie }),
                body: form({ intent: "close" }),
              })
            ).status,
          );
        }
      }
      const [after] = await query<{ status: string }>(ctx, "select status from jobs where id = $1", [job!.id]);
      return {
        passed: after!.status === "active" ? seen.filter((s) => s === 403).length : 0,
        detail: `statuses ${seen.join(", ")}; job ${after!.status}`,
      };
    },
  },
  {
    check: "edge: login CSRF through /auth, /auth.data and /auth?_data is refused; no session starts",
    tries: FOREIGN.length * 3,
    async run(ctx) {
      const before = await sessions(ctx);
      const seen: string[] = [];
      for (const url of ["/auth?mode=signin", "/auth.data?mode=signin", "/auth?mode=signin&_data=routes%2Fauth"]) {
        for (const headers of FOREIGN) {
          const answer = await send(ctx, url, {
            method: "POST",
            headers: formHeaders(headers),
            body: form({ mode: "signin", ...EMPLOYER }),
          });
          seen.push(`${answer.status}${answer.headers["set-cookie"] ? "+cookie" : ""}`);
        }
      }
      const started = (await sessions(ctx)) - before;
      return {
        passed: started === 0 ? seen.filter((s) => s === "403").length : 0,
        detail: `${seen.join(", ")}; ${started} sessions started`,
      };
    },
  },
  {
    check: "edge: a cross-site POST /signout is refused; cookie and session stay",
    tries: FOREIGN.length,
    async run(ctx) {
      const cookie = await signIn(ctx);
      const before = await sessions(ctx);
      const seen: string[] = [];
      for (const headers of FOREIGN) {
        const answer = await send(ctx, "/signout", {
          method: "POST",
          headers: formHeaders({ ...headers, Cookie: cookie }),
          body: "",
        });
        seen.push(`${answer.status}${answer.headers["set-cookie"] ? "+cookie" : ""}`);
      }
      const still = (await send(ctx, "/employer/dashboard", { headers: { Cookie: cookie } })).status;
      const kept = (await sessions(ctx)) === before && still === 200;
      return {
        passed: kept ? seen.filter((s) => s === "403").length : 0,
        detail: `${seen.join(", ")}; dashboard ${still}`,
      };
    },
  },
];

const caching: Probe = {
  check: "edge: Back after sign-out: signed-in page, .data, redirect and sign-out are private, no-store",
  tries: 4,
  async run(ctx) {
    const cookie = await signIn(ctx);
    const answers = [
      await send(ctx, "/employer/dashboard", { headers: { Cookie: cookie } }),
      await send(ctx, "/employer/dashboard.data", { headers: { Cookie: cookie } }),
      await send(ctx, "/employer/dashboard"),
      await send(ctx, "/signout", {
        method: "POST",
        headers: formHeaders({ Origin: ctx.base, Cookie: cookie }),
        body: "",
      }),
    ];
    const seen = answers.map(
      (a) => `${a.status} ${a.headers["cache-control"] ?? "-"} / vary ${a.headers["vary"] ?? "-"}`,
    );
    const passed = answers.filter(
      (a) => a.headers["cache-control"] === "private, no-store" && /Cookie/.test(String(a.headers["vary"])),
    ).length;
    return { passed, detail: seen.join("; ") };
  },
};

const publicUrls: Probe = {
  check:
    "edge: Host: evil.example / X-Forwarded-Host never reach canonical, og:url, JobPosting, sitemap.xml, robots.txt",
  tries: 10,
  async run(ctx) {
    const [job] = await query<{ id: string }>(
      ctx,
      "select id from jobs where status = 'active' and source = 'board' limit 1",
    );
    const seen: string[] = [];
    let passed = 0;
    for (const headers of [{ Host: "evil.example" }, { "X-Forwarded-Host": "evil.example:6666" }] as Record<
      string,
      string
    >[]) {
      const checks: [string, RegExp][] = [
        ["/", /<link rel="canonical" href="([^"]+)"/],
        ["/about", /<meta property="og:url" content="([^"]+)"/],
        [`/jobs/${job!.id}`, /"url":"([^"]+)"/],
        ["/sitemap.xml", /<loc>([^<]+)<\/loc>/],
        ["/robots.txt", /Sitemap: (\S+)/],
      ];
      for (const [path, pattern] of checks) {
        const answer = await send(ctx, path, { headers });
        const found = pattern.exec(answer.body)?.[1] ?? "(none)";
        const ok = found.startsWith(ctx.base.replace("127.0.0.1", "localhost")) || found.startsWith(ctx.base);
        if (ok && !answer.body.includes("evil.example")) passed++;
        else seen.push(`${path}: ${found}`);
      }
    }
    return { passed, detail: seen.join("; ") };
  },
};

export const probes: Probe[] = [...bodies, ...csrf, caching, publicUrls];
