// npm run bench: start-up and steady-state figures of the production server on the embedded
// PostgreSQL, measured as an operator would see them. Prints a table; asserts nothing.
import { readFile } from "node:fs/promises";
import { benchEnvironment, startServer, stop } from "./server.ts";

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

async function latency(url: string, count: number, init?: RequestInit) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(url, { redirect: "manual", ...init });
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const { dataDir, port, pgPort, base, cleanup } = await benchEnvironment();
const rows: [string, string][] = [];
try {
  const first = await startServer(dataDir, port, pgPort);
  rows.push([
    "cold start, fresh machine (initdb + migrations + demo data) → first 200 on /",
    `${first.ms.toFixed(0)} ms`,
  ]);
  await stop(first.child);

  const warm = await startServer(dataDir, port, pgPort);
  rows.push(["start with existing data → first 200 on /", `${warm.ms.toFixed(0)} ms`]);
  rows.push(["web process RSS right after start", `${(await rssMiB(warm.child.pid!)).toFixed(0)} MiB`]);

  for (const [label, p] of [
    ["GET / (landing)", "/"],
    ["GET /pricing", "/pricing"],
    ["GET /auth", "/auth"],
  ] as const) {
    await latency(base + p, 20);
    const { p50, p95 } = await latency(base + p, 200);
    rows.push([`${label} latency p50 / p95 (200 sequential)`, `${p50.toFixed(1)} / ${p95.toFixed(1)} ms`]);
  }
  const signIn = await latency(`${base}/auth?mode=signin`, 20, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "mode=signin&email=employer%40demo.hirewise.app&password=hirewise-demo",
  });
  rows.push([
    "POST sign-in (argon2id verify + session) p50 / p95",
    `${signIn.p50.toFixed(1)} / ${signIn.p95.toFixed(1)} ms`,
  ]);
  const signedIn = await fetch(`${base}/auth?mode=signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "mode=signin&email=employer%40demo.hirewise.app&password=hirewise-demo",
  });
  const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
  const dash = await latency(`${base}/employer/dashboard`, 200, { headers: { Cookie: cookie } });
  rows.push(["GET /employer/dashboard signed in p50 / p95", `${dash.p50.toFixed(1)} / ${dash.p95.toFixed(1)} ms`]);
  rows.push(["web process RSS after the requests above", `${(await rssMiB(warm.child.pid!)).toFixed(0)} MiB`]);
  await stop(warm.child);
} finally {
  await cleanup();
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`Hirewise start-up and latency (Node ${process.version}, production build, embedded PostgreSQL)`);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
