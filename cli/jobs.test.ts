// Runs the real CLI as a subprocess (Node 24 via process.execPath) against this file's database.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { findAccountByEmail, signUp } from "../modules/identity/index.server.ts";
import { listJobs, type JobSummary } from "../modules/hiring/index.server.ts";
import { DEMO_EMPLOYERS } from "../db/demo.ts";
import { signUpOnPlan } from "../tests/support/accounts.ts";

const runtime = useTestRuntime();
const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);
const listed = async (...args: string[]): Promise<JobSummary[]> => {
  const result = await cli("jobs:list", "--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

// Each CLI call is a process of its own (start, migrations check, the command): on a busy machine
// that is seconds each, so these tests get room for a dozen calls; the guard is against a hang.
describe("jobs CLI", { timeout: 120_000 }, () => {
  it("creates demo jobs for one employer, or across the demo employers", async () => {
    await signUpOnPlan({
      email: "acme@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "startup",
    });
    const own = await cli("demo:jobs", "--count", "3", "--employer", "ACME@example.com");
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toMatch(/^Created 3 jobs in \d+\.\d s\.\n$/);
    const acme = await listed("--employer", "acme@example.com");
    expect(acme).toHaveLength(3);
    expect(acme.every((j) => j.companyName === "Acme" && j.status === "active")).toBe(true);

    const spread = await cli("demo:jobs", "--count", "25");
    expect(spread.code, spread.stderr).toBe(0);
    expect(spread.stdout).toMatch(/^Created 25 jobs in /);
    expect(await listJobs({ limit: 100 })).toHaveLength(28);
    const demo = (await findAccountByEmail(DEMO_EMPLOYERS[0]!.email))!;
    expect(demo).toMatchObject({ role: "employer", companyName: DEMO_EMPLOYERS[0]!.company });
    const demoJobs = await listed("--employer", demo.email);
    expect(demoJobs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(demoJobs.map((j) => j.companyName))).toEqual(new Set([demo.companyName]));
    // The demo employers exist once, however often the command runs.
    expect((await cli("demo:jobs", "--count", "1")).code).toBe(0);
    expect(await listJobs({ limit: 100 })).toHaveLength(29);
  });

  it("refuses a demo employer that is missing or not an employer, and a bad count", async () => {
    await signUp({ email: "cand@example.com", password: "correct horse", role: "candidate" });
    expect(await cli("demo:jobs", "--employer", "cand@example.com")).toMatchObject({
      code: 2,
      stderr: "error: cand@example.com is a candidate, not an employer.\n",
    });
    expect(await cli("demo:jobs", "--employer", "ghost@example.com")).toMatchObject({
      code: 2,
      stderr: "error: No account with email ghost@example.com.\n",
    });
    const count = await cli("demo:jobs", "--count", "0");
    expect(count.code).not.toBe(0);
    expect(count.stderr).toMatch(/Use a whole number of 1 or more/);
  });

  it("lists jobs as a table, filtered by employer and status", async () => {
    const table = await cli("jobs:list", "--employer", "acme@example.com", "--limit", "2");
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^id\s+title\s+company\s+status\s+location\s+posted$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^[0-9a-f-]{36}\s+.+\s+Acme\s+active\s+.+\s+[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await listed("--status", "closed")).toEqual([]);
    expect((await cli("jobs:list", "--status", "closed")).stdout).toBe("No jobs found.\n");
    expect(await cli("jobs:list", "--status", "open")).toMatchObject({
      code: 2,
      stderr: 'error: Unknown status "open". Use one of: draft, active, closed, archived.\n',
    });
    expect(await cli("jobs:list", "--employer", "nobody@example.com")).toMatchObject({
      code: 2,
      stderr: "error: No account with email nobody@example.com.\n",
    });
  });

  it("closes an active job, and refuses a closed or missing one", async () => {
    const [job] = await listed("--employer", "acme@example.com", "--limit", "1");
    const closed = await cli("jobs:close", job!.id);
    expect(closed).toMatchObject({ code: 0, stdout: `Closed "${job!.title}" at Acme (${job!.id}).\n` });
    expect((await listed("--status", "closed")).map((j) => j.id)).toEqual([job!.id]);
    expect((await listed("--employer", "acme@example.com", "--status", "active")).map((j) => j.id)).not.toContain(
      job!.id,
    );

    expect(await cli("jobs:close", job!.id)).toMatchObject({
      code: 2,
      stderr: "error: A closed job can't be closed.\n",
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await cli("jobs:close", missing)).toMatchObject({ code: 2, stderr: `error: No job with id ${missing}.\n` });
    expect(await cli("jobs:close", "not-a-uuid")).toMatchObject({
      code: 2,
      stderr: "error: No job with id not-a-uuid.\n",
    });
  });
});

describe("demo:seed", { timeout: 120_000 }, () => {
  it("opens a fresh database onto a board of jobs, once", async () => {
    const active = async () => (await listJobs({ status: "active", limit: 10_000 })).length;
    const start = await active();
    const first = await cli("demo:seed");
    expect(first.code, first.stderr).toBe(0);
    // The demo employers already exist here (demo:jobs made them above), so only these two are new.
    expect(first.stdout).toBe(
      "Created employer@demo.hirewise.app, candidate@demo.hirewise.app (password: hirewise-demo).\n",
    );
    expect((await active()) - start).toBe(60);
    const northwind = await listed("--employer", "employer@demo.hirewise.app");
    expect(northwind.filter((j) => j.status === "active")).toHaveLength(4); // room for one more on Startup
    expect(northwind.filter((j) => j.status === "closed")).toHaveLength(1);
    expect(new Set(northwind.map((j) => j.companyName))).toEqual(new Set(["Northwind Labs"]));

    expect(await cli("demo:seed")).toMatchObject({ code: 0, stdout: "The demo accounts already exist.\n" });
    expect((await active()) - start).toBe(60);
  });
});
