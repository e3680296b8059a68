// How operators run the product: the server on the embedded PostgreSQL (no DATABASE_URL), the CLI
// beside it, graceful SIGTERM, restarts that keep the data; and `npm run worker` on its own.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exitOf, freePort, spawnServer, waitForOk } from "../support/app-server.ts";
import { runCli } from "../support/cli.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { auditTrail, signUp } from "../../modules/identity/index.server.ts";
import { DEMO_EMPLOYERS } from "../../db/demo.ts";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("the server on the embedded PostgreSQL", () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("starts, serves, drains on SIGTERM, and keeps its data across restarts", { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-embedded-"));
    // Run as root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
    await chmod(dataDir, 0o755);
    const env = {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
    };
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = spawnServer(env);
    await waitForOk(`${base}/readyz`, 90_000, first.child, first.output);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });

    const signup = await fetch(
      `${base}/auth?mode=signup`,
      form({
        mode: "signup",
        role: "employer",
        full_name: "Emb Edded",
        company_name: "Acme",
        email: "embedded@example.com",
        password: "correct horse",
      }),
    );
    expect(signup.status).toBe(302);
    expect(signup.headers.get("location")).toBe("/employer/dashboard");
    expect(signup.headers.get("set-cookie")).toMatch(/__session=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);

    // The CLI reaches the running app's embedded database.
    const listed = await runCli(env, "users:list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    // A fresh embedded database also gets the demo accounts, and the employers behind the demo board.
    expect(JSON.parse(listed.stdout).map((a: { email: string }) => a.email)).toEqual([
      "employer@demo.hirewise.app",
      "candidate@demo.hirewise.app",
      ...DEMO_EMPLOYERS.map((e) => e.email),
      "embedded@example.com",
    ]);
    const board = await runCli(env, "jobs:list", "--status", "active", "--json", "--limit", "1000");
    expect(board.code, board.stderr).toBe(0);
    expect(JSON.parse(board.stdout)).toHaveLength(60);

    // SIGTERM while a sign-in is in flight: the request still completes, then the process exits 0.
    // The server has the request in hand once it answers "100 Continue" to its headers; the body
    // follows only after the signal.
    const body = new URLSearchParams({
      mode: "signin",
      email: "embedded@example.com",
      password: "correct horse",
    }).toString();
    const inFlight = request(`${base}/auth?mode=signin`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        Origin: base,
        Expect: "100-continue",
      },
    });
    const answered = once(inFlight, "response") as Promise<[IncomingMessage]>;
    inFlight.flushHeaders();
    await once(inFlight, "continue");
    first.child.kill("SIGTERM");
    inFlight.end(body);
    const [signedIn] = await answered;
    signedIn.resume();
    expect(signedIn.statusCode).toBe(302);
    expect(await exitOf(first.child)).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    // With the app stopped, the CLI starts the embedded database itself, and stops it again.
    const created = await runCli(env, "users:create", "--email", "offline@example.com", "--password", "correct horse");
    expect(created, created.stderr).toMatchObject({ code: 0 });

    const second = spawnServer(env);
    await waitForOk(`${base}/readyz`, 90_000, second.child, second.output);
    for (const [email, password] of [
      ["embedded@example.com", "correct horse"],
      ["offline@example.com", "correct horse"],
      ["employer@demo.hirewise.app", "hirewise-demo"],
    ]) {
      const signin = await fetch(
        `${base}/auth?mode=signin`,
        form({ mode: "signin", email: email!, password: password! }),
      );
      expect(signin.status, second.output()).toBe(302);
    }
    second.child.kill("SIGTERM");
    expect(await exitOf(second.child)).toBe(0);
  });
});

describe("npm run worker", () => {
  const runtime = useTestRuntime({ workers: false });

  it("runs the queue's jobs without the web server and exits 0 on SIGTERM", { timeout: 60_000 }, async () => {
    const account = await signUp({ email: "worker@example.com", password: "correct horse", role: "candidate" });
    expect(await auditTrail(account.id)).toEqual([]);

    const worker = spawnServer({ DATABASE_URL: runtime.databaseUrl }, "jobs/worker.ts");
    await expect
      .poll(async () => (await auditTrail(account.id))[0], { timeout: 30_000 })
      .toMatchObject({ action: "account.created" });
    worker.child.kill("SIGTERM");
    expect(await exitOf(worker.child), worker.output()).toBe(0);
  });
});
