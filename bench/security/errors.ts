// Errors operators can read: a failing request's log line carries the request id its response
// carried, and module refusals answer with their status (not found 404, a status move that can't
// happen 409, a plan limit 403). A second web process is started on a database of its own on the
// bench's PostgreSQL, with its stdout captured, so breaking a table breaks nothing else.
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort, running, stop } from "../server.ts";
import type { Probe, ProbeContext } from "./probe.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const EMAIL = "errors-probe@example.com";

async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function until<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(ctx: ProbeContext) {
  const adminUrl = new URL(ctx.databaseUrl);
  adminUrl.pathname = "/postgres";
  const name = `hirewise_errors_${randomUUID().slice(0, 8)}`;
  const dbUrl = new URL(ctx.databaseUrl);
  dbUrl.pathname = `/${name}`;
  await sql(adminUrl.toString(), `create database ${name}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-errors-probe-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATABASE_URL: dbUrl.toString(),
    DEMO_DATA: "false",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
  };
  let out = "";
  const child = spawn(process.execPath, ["server.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const lines = () =>
    out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, any>);
  const seen: string[] = [];
  let passed = 0;
  const check = (ok: boolean, what: string) => {
    if (ok) passed++;
    else seen.push(what);
  };
  try {
    await until(
      async () => running(child) && (await fetch(`${base}/readyz`)).ok,
      "the second web process answering /readyz",
    );
    const signup = await fetch(`${base}/auth?mode=signup`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        mode: "signup",
        role: "employer",
        full_name: "Probe Employer",
        company_name: "Probe Co",
        email: EMAIL,
        password: "correct horse",
      }),
    });
    if (signup.status !== 303) throw new Error(`sign-up answered ${signup.status}`);
    // Sign-up says "check your email"; signing in gives the session.
    const signin = await fetch(`${base}/auth?mode=signin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signin", email: EMAIL, password: "correct horse" }),
    });
    const cookie = signin.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in answered ${signin.status} without a session`);
    // Two active jobs for a Free Trial employer (the CLI places them past the plan's limit).
    await promisify(execFile)(process.execPath, ["cli/index.ts", "demo:jobs", "--count", "2", "--employer", EMAIL], {
      cwd: root,
      env,
    });
    const [first] = (
      await sql(
        dbUrl.toString(),
        `select j.id from jobs j join users u on u.id = j.employer_id where u.email = '${EMAIL}' order by j.id`,
      )
    ).rows as { id: string }[];
    const post = (jobId: string, intent: string, reqId: string) =>
      fetch(`${base}/employer/jobs/${jobId}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: base,
          Cookie: cookie,
          "X-Request-Id": reqId,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent }),
      });
    const requestLine = (reqId: string) =>
      until(
        async () => lines().find((l) => l.reqId === reqId && l.msg === "request"),
        `the log line of ${reqId}`,
        10_000,
      ).catch(() => null);

    // 1. Someone else's (or no) job: 404, logged with its request id.
    const missing = `probe-404-${randomUUID()}`;
    const notFound = await fetch(`${base}/employer/jobs/${randomUUID()}`, {
      headers: { Cookie: cookie, "X-Request-Id": missing },
    });
    check(notFound.status === 404 && (await requestLine(missing))?.status === 404, `missing job: ${notFound.status}`);

    // 2. Reopening an active job is a status move that can't happen: 409.
    const move = `probe-409-${randomUUID()}`;
    const reopenActive = await post(first!.id, "reopen", move);
    check(
      reopenActive.status === 409 && (await requestLine(move))?.status === 409,
      `reopen an active job: ${reopenActive.status}`,
    );

    // 3. Closed, then reopened beside the other active job: past the Free Trial's one job, 403.
    const closed = await post(first!.id, "close", `probe-close-${randomUUID()}`);
    const limit = `probe-403-${randomUUID()}`;
    const reopenPastLimit = await post(first!.id, "reopen", limit);
    check(
      closed.status === 302 && reopenPastLimit.status === 403 && (await requestLine(limit))?.status === 403,
      `close ${closed.status}, reopen past the limit ${reopenPastLimit.status}`,
    );

    // 4–5. A loader that throws (its table is gone): 500 with the request id, and one JSON error
    // line with that id, the URL and the cause.
    await sql(dbUrl.toString(), "alter table jobs rename to jobs_gone");
    try {
      const broken = `probe-500-${randomUUID()}`;
      const url = `/jobs/${randomUUID()}`;
      const failed = await fetch(base + url, { headers: { "X-Request-Id": broken } });
      check(
        failed.status === 500 && failed.headers.get("X-Request-Id") === broken,
        `throwing loader: ${failed.status}, X-Request-Id ${failed.headers.get("X-Request-Id")}`,
      );
      const line = await until(
        async () => lines().find((l) => l.reqId === broken && l.level >= 50),
        "the error line",
        10_000,
      ).catch(() => null);
      check(
        Boolean(line && line.url === url && /jobs/.test(line.err?.message ?? "")),
        `error line: ${line ? JSON.stringify({ url: line.url, msg: line.msg, err: line.err?.message }) : "none with the request id"}`,
      );
    } finally {
      await sql(dbUrl.toString(), "alter table jobs_gone rename to jobs");
    }
  } finally {
    await stop(child);
    await sql(adminUrl.toString(), `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
  return { passed, detail: seen.join("; ") };
}

export const probes: Probe[] = [
  {
    check: "Errors: 404/409/403 from module refusals; a throwing loader logs its request id and URL",
    tries: 5,
    run,
  },
];
