// Replays operational faults (bench/faults/*.ts) against a production build and prints one row per
// fault: requests, failures, acknowledged writes lost, recovery time, duplicate emails, exit codes.
// Exits 1 when any fault misses its targets. Usage: npm run bench:faults (BENCH_FAULTS_ONLY=word).
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Fault, FaultReport } from "./faults/fault.ts";

const here = path.dirname(new URL(import.meta.url).pathname);
const files = (await readdir(path.join(here, "faults")))
  .filter((f) => f.endsWith(".ts") && !["fault.ts", "harness.ts"].includes(f))
  .sort();
const faults: Fault[] = [];
for (const file of files)
  faults.push(...((await import(path.join(here, "faults", file))) as { faults: Fault[] }).faults);
const only = process.env.BENCH_FAULTS_ONLY;
const selected = only ? faults.filter((f) => f.name.toLowerCase().includes(only.toLowerCase())) : faults;

const rows: (FaultReport & { name: string })[] = [];
for (const fault of selected) {
  process.stdout.write(`${fault.name} … `);
  let report: FaultReport;
  try {
    report = await fault.run();
  } catch (error) {
    report = {
      requests: 0,
      failures: 0,
      writesLost: 0,
      recoveryMs: 0,
      duplicateEmails: 0,
      exitCodes: "",
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  console.log(`${report.ok ? "ok" : "FAILED"}${report.detail ? `: ${report.detail}` : ""}`);
  rows.push({ name: fault.name, ...report });
}

const cols = ["fault", "requests", "failures", "lost", "recovery ms", "dup emails", "exit codes", "result"];
const table = rows.map((r) =>
  [
    r.name,
    r.requests,
    r.failures,
    r.writesLost,
    Math.round(r.recoveryMs),
    r.duplicateEmails,
    r.exitCodes,
    r.ok ? "pass" : "FAIL",
  ].map(String),
);
const widths = cols.map((c, i) => Math.max(c.length, ...table.map((row) => row[i]!.length)));
console.log("\n" + cols.map((c, i) => c.padEnd(widths[i]!)).join("  "));
for (const row of table) console.log(row.map((v, i) => v.padEnd(widths[i]!)).join("  "));
const failed = rows.filter((r) => !r.ok).length;
console.log(`\n${rows.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
