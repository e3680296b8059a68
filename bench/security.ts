// Replays every hardening reproduction (bench/security/*.ts) against a production build on a fresh
// embedded PostgreSQL and prints one row per check: check, tries, result. Exits 1 when any fails.
// Usage: npm run bench:security  (BENCH_SECURITY_ONLY=word runs the checks whose name contains it)
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { benchEnvironment, running, startServer, stop } from "./server.ts";
import type { Probe, ProbeContext } from "./security/probe.ts";

const here = path.dirname(new URL(import.meta.url).pathname);
const files = (await readdir(path.join(here, "security"))).filter((f) => f.endsWith(".ts") && f !== "probe.ts").sort();
const probes: Probe[] = [];
for (const file of files) {
  const mod = (await import(path.join(here, "security", file))) as { probes: Probe[] };
  probes.push(...mod.probes);
}
const only = process.env.BENCH_SECURITY_ONLY;
const selected = only ? probes.filter((p) => p.check.toLowerCase().includes(only.toLowerCase())) : probes;

const env = await benchEnvironment();
const { child } = await startServer(env.dataDir, env.port, env.pgPort);
const password = (await readFile(path.join(env.dataDir, "pg-password"), "utf8")).trim();
const ctx: ProbeContext = {
  base: env.base,
  pid: child.pid!,
  alive: () => running(child),
  databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/hirewise`,
  dataDir: env.dataDir,
};

const rows: { check: string; tries: number; result: string }[] = [];
let failed = 0;
for (const probe of selected) {
  let result: string;
  try {
    const { passed, detail } = await probe.run(ctx);
    const ok = passed === probe.tries && ctx.alive();
    if (!ok) failed++;
    result = ok
      ? "pass"
      : `FAIL ${passed}/${probe.tries}${ctx.alive() ? "" : " (server died)"}${detail ? `: ${detail}` : ""}`;
  } catch (error) {
    failed++;
    result = `FAIL: ${error instanceof Error ? error.message : String(error)}`;
  }
  rows.push({ check: probe.check, tries: probe.tries, result });
  process.stdout.write(`${result === "pass" ? "." : "F"}`);
}
process.stdout.write("\n");
await stop(child);
await env.cleanup();

const width = Math.max(5, ...rows.map((r) => r.check.length));
console.log(`${"check".padEnd(width)}  tries  result`);
for (const r of rows) console.log(`${r.check.padEnd(width)}  ${String(r.tries).padStart(5)}  ${r.result}`);
console.log(`\n${rows.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
