// npm run bench:sign-in: how long a password sign-in takes on the production server, as people
// feel it: BENCH_SIGNINS (default 200) sign-ins of 10 accounts, 4 at a time, each a POST to /auth
// answered with a session cookie. Prints p50/p95/p99 and how many web processes served them (one);
// asserts nothing. argon2id hashing dominates, so the figure moves with the hash settings and the
// machine's load, not with the rest of the product. Uses DATABASE_URL when set, else a fresh
// embedded PostgreSQL.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { benchEnvironment, startServer, stop } from "./server.ts";

const SIGN_INS = Number(process.env.BENCH_SIGNINS ?? 200);
const CONCURRENCY = 4;
const ACCOUNTS = 10;
const PASSWORD = "bench-sign-in-password";

const { dataDir, port, pgPort, base, cleanup } = await benchEnvironment();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  PORT: String(port),
  EMBEDDED_PG_PORT: String(pgPort),
};
const cli = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], { env })).stdout;

async function signIn(email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/auth?mode=signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 303 && response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  if (!response.headers.getSetCookie().some((c) => c.startsWith("__session=")))
    throw new Error("sign-in set no session cookie");
  return ms;
}

try {
  const { child } = await startServer(dataDir, port, pgPort, { keepDatabaseUrl: true });
  try {
    const tag = Date.now();
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-sign-in-${tag}-${i}@example.com`);
    for (const email of emails)
      await cli(
        "users:create",
        "--email",
        email,
        "--password",
        PASSWORD,
        "--role",
        "candidate",
        "--name",
        "Bench Person",
      );
    // Warm-up: the first requests load code and open connections.
    for (const email of emails.slice(0, CONCURRENCY)) await signIn(email);

    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SIGN_INS) {
          const i = next++;
          latencies.push(await signIn(emails[i % ACCOUNTS]!));
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
    const database = process.env.DATABASE_URL ? "DATABASE_URL" : "embedded PostgreSQL";
    console.log(`Password sign-in (Node ${process.version}, production build, one web process, ${database})`);
    console.log(
      `${latencies.length} sign-ins, ${CONCURRENCY} at a time: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
    );
  } finally {
    await stop(child);
  }
} finally {
  await cleanup();
}
