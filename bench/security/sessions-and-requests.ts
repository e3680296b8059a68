// Sessions and requests: a session idle past SESSION_IDLE_DAYS, a sign-in waiting for its second
// step after a password change, the session cookie's name over https, GETs that must change
// nothing (an application's page, the data export's address), and PUBLIC_URL's origin posted to
// another host (Remix's own check used to throw a 500 on it), and Hosts no URL can be built from.
// Names start with "sessions:".
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { request } from "node:http";
import path from "node:path";
import { generate } from "otplib";
import { freePort, running, stop } from "../server.ts";
import { query, type Probe, type ProbeContext } from "./probe.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const DEMO_PASSWORD = "hirewise-demo";
const CANDIDATE = "candidate@demo.hirewise.app";
const EMPLOYER = "employer@demo.hirewise.app";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through node:http, with any Host header. */
function send(
  base: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
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
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("latin1"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const formHeaders = (extra: Record<string, string> = {}) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  ...extra,
});
const cookiesOf = (answer: Answer) => ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
const pairOf = (answer: Answer, name: string) =>
  cookiesOf(answer)
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(";")[0] ?? null;

async function signIn(ctx: ProbeContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await send(ctx.base, "/auth?mode=signin", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base }),
    body: new URLSearchParams({ mode: "signin", email, password }).toString(),
  });
  const cookie = pairOf(answer, "__session");
  if (answer.status !== 302 || !cookie) throw new Error(`signing in ${email} answered ${answer.status}`);
  return cookie;
}

/** The stored id of the session a `__session=…` pair holds (Remix's cookie value is base64 JSON). */
const sessionId = (pair: string) => {
  const token = JSON.parse(
    Buffer.from(decodeURIComponent(pair.slice(pair.indexOf("=") + 1)), "base64").toString(),
  ) as string;
  return createHash("sha256").update(token).digest("hex");
};

const signedIn = async (ctx: ProbeContext, cookie: string) =>
  (await send(ctx.base, "/account", { headers: { Cookie: cookie } })).status === 200;

async function idleSession(ctx: ProbeContext) {
  const seen: string[] = [];
  let passed = 0;
  for (const [lastActive, created] of [
    ["15 days", "16 days"],
    [null, "15 days"],
    ["29 days", "29 days"],
  ] as const) {
    const cookie = await signIn(ctx, CANDIDATE);
    await query(
      ctx,
      `update sessions set last_active_at = ${lastActive ? `now() - interval '${lastActive}'` : "null"}, created_at = now() - interval '${created}' where id = $1`,
      [sessionId(cookie)],
    );
    const still = await signedIn(ctx, cookie);
    if (!still) passed++;
    else seen.push(`idle ${lastActive ?? `never used, created ${created} ago`}: still signed in`);
  }
  return { passed, detail: seen.join("; ") };
}

let counter = 0;

/** A new candidate signed up and then in (sign-up says "check your email"): its Cookie pair. */
async function newCandidate(ctx: ProbeContext, email: string, password: string): Promise<string> {
  const signup = await send(ctx.base, "/auth?mode=signup", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base }),
    body: new URLSearchParams({
      mode: "signup",
      role: "candidate",
      email,
      password,
      full_name: "Pat Pending",
    }).toString(),
  });
  const signin = await send(ctx.base, "/auth?mode=signin", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base }),
    body: new URLSearchParams({ mode: "signin", email, password }).toString(),
  });
  const cookie = pairOf(signin, "__session");
  if (!cookie) throw new Error(`signing up answered ${signup.status}, signing in ${signin.status}`);
  return cookie;
}
async function pendingAfterPasswordChange(ctx: ProbeContext) {
  counter += 1;
  const email = `sessions-probe-${Date.now()}-${counter}@example.com`;
  const password = "quiet lantern 4821";
  const owner = await newCandidate(ctx, email, password);
  const post = (cookie: string, pathname: string, fields: Record<string, string>) =>
    send(ctx.base, pathname, {
      method: "POST",
      headers: formHeaders({ Origin: ctx.base, Cookie: cookie }),
      body: new URLSearchParams(fields).toString(),
    });
  await post(owner, "/account/two-factor", { intent: "start", password });
  const page = (await send(ctx.base, "/account/two-factor", { headers: { Cookie: owner } })).body;
  const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1]?.replace(/ /g, "");
  if (!secret) throw new Error("no setup key on /account/two-factor");
  const step = Math.floor(Date.now() / 30_000);
  await post(owner, "/account/two-factor", { intent: "confirm", code: await generate({ secret, epoch: step * 30 }) });
  // Someone else with the password, stopped at the code.
  const first = await send(ctx.base, "/auth?mode=signin", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base }),
    body: new URLSearchParams({ mode: "signin", email, password }).toString(),
  });
  const intruder = pairOf(first, "__two_factor");
  if (!intruder) throw new Error(`the password step answered ${first.status} without a pending sign-in`);
  await post(owner, "/account", {
    intent: "change-password",
    current_password: password,
    new_password: "another quiet lantern 77",
  });
  const [row] = await query<{ n: string }>(
    ctx,
    "select count(*) as n from pending_sign_ins p join users u on u.id = p.user_id where u.email = $1",
    [email],
  );
  const answer = await post(intruder, "/auth/two-factor", {
    method: "code",
    code: await generate({ secret, epoch: (step + 1) * 30 }),
  });
  const gotIn = pairOf(answer, "__session") !== null;
  return {
    passed: Number(row!.n) === 0 && !gotIn ? 1 : 0,
    detail: `pending sign-ins left ${row!.n}, the code ${gotIn ? "signed in" : "signed nobody in"}`,
  };
}

async function cookieOverHttps(ctx: ProbeContext) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: ctx.databaseUrl,
    DATA_DIR: ctx.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: "https://hirewise.test",
    RUN_WORKERS: "false",
    DEMO_DATA: "false",
  };
  const child = spawn(process.execPath, ["server.ts"], { cwd: root, env, stdio: "ignore" });
  try {
    for (let ready = false; !ready;) {
      if (!running(child)) throw new Error("the https web process exited");
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const answer = await send(base, "/auth?mode=signin", {
      method: "POST",
      headers: formHeaders({ Host: "hirewise.test", Origin: "https://hirewise.test" }),
      body: new URLSearchParams({ mode: "signin", email: CANDIDATE, password: DEMO_PASSWORD }).toString(),
    });
    const set = cookiesOf(answer).find((c) => c.includes("session=")) ?? "";
    const attributes = set
      .split(";")
      .slice(1)
      .map((a) => a.trim().split("=")[0]!.toLowerCase())
      .sort()
      .join(",");
    const ok =
      set.startsWith("__Host-session=") &&
      attributes === "httponly,max-age,path,samesite,secure" &&
      set.includes("; Path=/;");
    return { passed: ok ? 1 : 0, detail: `${answer.status}: ${set.replace(/=[^;]+;/, "=…;")}` };
  } finally {
    await stop(child);
  }
}

async function applicationGet(ctx: ProbeContext) {
  const [job] = await query<{ id: string; company_id: string }>(
    ctx,
    `select j.id, j.company_id from jobs j join users u on u.id = j.employer_id where u.email = $1 and j.status = 'active' order by j.id limit 1`,
    [EMPLOYER],
  );
  if (!job) throw new Error("the demo employer has no active job");
  const [candidate] = await query<{ id: string }>(ctx, "select id from users where email = $1", [CANDIDATE]);
  await query(ctx, "delete from applications where job_id = $1 and candidate_id = $2", [job.id, candidate!.id]);
  const [application] = await query<{ id: string }>(
    ctx,
    `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at) values (gen_random_uuid(), $1, $2, $3, 'submitted', now(), now()) returning id`,
    [job.id, candidate!.id, job.company_id],
  );
  const state = async () =>
    (
      await query<{ s: string }>(
        ctx,
        `select a.status || '/' || (select count(*) from application_status_changes c where c.application_id = a.id) as s from applications a where a.id = $1`,
        [application!.id],
      )
    )[0]!.s;
  const before = await state();
  const cookie = await signIn(ctx, EMPLOYER);
  const page = `/employer/jobs/${job.id}/applications/${application!.id}`;
  const seen: string[] = [];
  let passed = 0;
  for (const pathname of [page, `${page}.data`, page]) {
    const answer = await send(ctx.base, pathname, { headers: { Cookie: cookie } });
    const after = await state();
    if (answer.status === 200 && after === before) passed++;
    else seen.push(`GET ${pathname.replace(page, "…")}: ${answer.status}, ${before} → ${after}`);
  }
  return { passed, detail: seen.join("; ") };
}

async function exportGet(ctx: ProbeContext) {
  // A new account: the demo candidate's hourly data exports are spent by other probes.
  counter += 1;
  const cookie = await newCandidate(ctx, `export-probe-${Date.now()}-${counter}@example.com`, "quiet lantern 4821");
  const seen: string[] = [];
  let passed = 0;
  for (let i = 0; i < 3; i++) {
    const answer = await send(ctx.base, "/account/export.zip", { headers: { Cookie: cookie } });
    const zip =
      String(answer.headers["content-type"] ?? "").startsWith("application/zip") || answer.body.startsWith("PK");
    if (!zip && answer.status === 302 && answer.headers.location === "/account/export") passed++;
    else seen.push(`GET: ${answer.status} ${answer.headers["content-type"] ?? ""}`);
  }
  const posted = await send(ctx.base, "/account/export.zip", {
    method: "POST",
    headers: formHeaders({ Origin: ctx.base, Cookie: cookie }),
    body: "",
  });
  if (posted.status === 200 && posted.body.startsWith("PK")) passed++;
  else seen.push(`POST: ${posted.status}`);
  return { passed, detail: seen.join("; ") };
}

async function originShapes(ctx: ProbeContext) {
  const port = new URL(ctx.base).port;
  // The bench's PUBLIC_URL is unset: its default is http://localhost:$PORT, while the probe addresses 127.0.0.1.
  const publicOrigin = `http://localhost:${port}`;
  const shapes: Record<string, string>[] = [
    { Origin: publicOrigin },
    { Origin: publicOrigin, Host: `localhost:${Number(port) + 1}` },
    { Origin: publicOrigin, Host: "localhost" },
    { Origin: `http://LOCALHOST:${port}`, Host: `LOCALHOST:${port}` },
    { Origin: "http://127.0.0.1:80", Host: "127.0.0.1:80" },
  ];
  const seen: string[] = [];
  let passed = 0;
  for (const headers of shapes) {
    for (const pathname of ["/auth?mode=signin", "/auth.data?mode=signin"]) {
      const answer = await send(ctx.base, pathname, {
        method: "POST",
        headers: formHeaders(headers),
        body: new URLSearchParams({ mode: "signin", email: CANDIDATE, password: DEMO_PASSWORD }).toString(),
      });
      if (answer.status === 403) passed++;
      else seen.push(`${pathname} ${JSON.stringify(headers)}: ${answer.status}`);
    }
  }
  return { passed, detail: seen.join("; ") };
}

async function unreadableHosts(ctx: ProbeContext) {
  const seen: string[] = [];
  let passed = 0;
  for (const host of ["a b", "[", "127.0.0.1:99999", "%"]) {
    const answer = await send(ctx.base, "/jobs", { headers: { Host: host } });
    if (answer.status === 400) passed++;
    else seen.push(`Host ${JSON.stringify(host)}: ${answer.status}`);
  }
  return { passed, detail: seen.join("; ") };
}

export const probes: Probe[] = [
  {
    check: "sessions: a session idle for 15 days (or never used since 15 days ago) is signed out",
    tries: 3,
    run: idleSession,
  },
  {
    check: "sessions: a pending sign-in after a password change is dropped (its right code signs nobody in)",
    tries: 1,
    run: pendingAfterPasswordChange,
  },
  {
    check: "sessions: the cookie name over https is __Host-session (Secure, Path=/, no Domain)",
    tries: 1,
    run: cookieOverHttps,
  },
  {
    check: "sessions: a GET of an application (page, .data) leaves its stage as it was",
    tries: 3,
    run: applicationGet,
  },
  { check: "sessions: a GET of the export address gives no zip (the POST does)", tries: 4, run: exportGet },
  {
    check: "sessions: a Host that is no URL's host (a space, [, port 99999, %) answers 400, not 500",
    tries: 4,
    run: unreadableHosts,
  },
  {
    check: "sessions: the origin of PUBLIC_URL to another host (ports, case, default port) answers 403, not 500",
    tries: 10,
    run: originShapes,
  },
];
