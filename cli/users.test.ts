import { describe, expect, it } from "vitest";
import pg from "pg";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { findAccountByEmail, signUp } from "../modules/identity/index.server.ts";
import { getSubscription } from "../modules/billing-plans/index.server.ts";

const runtime = useTestRuntime();
const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);

// Each CLI call is a process of its own (start, migrations check, the command): on a busy machine
// that is seconds each, so these tests get room for a dozen calls; the guard is against a hang.
describe("users CLI", { timeout: 120_000 }, () => {
  it("creates accounts, lists them as a table or JSON, and changes roles", async () => {
    const created = await cli(
      "users:create",
      "--email",
      "Ops@Example.com",
      "--password",
      "correct horse",
      "--name",
      "Olive Ops",
      "--role",
      "employer",
      "--company",
      "Acme",
      "--plan",
      "startup",
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created employer ops@example\.com \(/);
    const account = (await findAccountByEmail("ops@example.com"))!;
    expect(account).toMatchObject({ fullName: "Olive Ops", companyName: "Acme" });
    expect((await getSubscription(account.id)).plan.id).toBe("startup");

    await cli("users:create", "--email", "quiet@example.com", "--password", "correct horse");
    const table = await cli("users:list");
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^email\s+role\s+name\s+company\s+created$/);
    expect(table.stdout).toMatch(/ops@example\.com\s+employer\s+Olive Ops\s+Acme\s+[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const json = JSON.parse((await cli("users:list", "--json")).stdout);
    expect(json.map((a: { email: string }) => a.email)).toEqual(["ops@example.com", "quiet@example.com"]);
    expect(json[1].fullName).toBeNull();

    const promoted = await cli("users:set-role", "quiet@example.com", "employer");
    expect(promoted).toMatchObject({ code: 0, stdout: "quiet@example.com is now an employer.\n" });
  });

  it("lists accounts and jobs and changes roles without the queue: they run while its tables are locked", async () => {
    await cli("users:create", "--email", "lock@example.com", "--password", "correct horse");
    const blocker = new pg.Client({ connectionString: runtime.databaseUrl });
    await blocker.connect();
    try {
      // What starting pg-boss reads first; a command that waited for the queue would never finish.
      await blocker.query("begin; lock table pgboss.version, pgboss.queue in access exclusive mode");
      const listed = await cli("users:list", "--json");
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).map((a: { email: string }) => a.email)).toContain("lock@example.com");
      expect(await cli("jobs:list")).toMatchObject({ code: 0, stdout: "No jobs found.\n" });
      expect(await cli("users:set-role", "lock@example.com", "employer")).toMatchObject({
        code: 0,
        stdout: "lock@example.com is now an employer.\n",
      });
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
  });

  it("explains bad input in one line and exits non-zero", async () => {
    const duplicate = await cli("users:create", "--email", "dup@example.com", "--password", "correct horse");
    expect(duplicate.code).toBe(0);
    expect(await cli("users:create", "--email", "DUP@example.com", "--password", "correct horse")).toMatchObject({
      code: 2,
      stderr: "error: An account with this email already exists. Sign in instead.\n",
    });
    const invalid = await cli("users:create", "--email", "nope", "--password", "short", "--role", "employer");
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(
      /email: Enter a valid email address.*password: Use at least 8 characters.*company_name: Enter your company name/,
    );
    const role = await cli("users:set-role", "dup@example.com", "admin");
    expect(role.code).not.toBe(0);
    expect(role.stderr).toMatch(/Use one of: candidate, employer/);
    expect(await cli("users:set-role", "ghost@example.com", "employer")).toMatchObject({
      code: 2,
      stderr: "error: No account with email ghost@example.com\n",
    });
    expect((await cli("users:frobnicate")).code).not.toBe(0);
  });

  it("creates accounts with their address confirmed, and users:verify confirms one that signed up", async () => {
    expect((await cli("users:create", "--email", "made@example.com", "--password", "correct horse")).code).toBe(0);
    expect((await findAccountByEmail("made@example.com"))!.emailVerified).toBe(true);

    await signUp({ email: "self@example.com", password: "correct horse" });
    expect((await findAccountByEmail("self@example.com"))!.emailVerified).toBe(false);
    expect(await cli("users:verify", "Self@Example.com")).toMatchObject({
      code: 0,
      stdout: "self@example.com is confirmed.\n",
    });
    expect((await findAccountByEmail("self@example.com"))!.emailVerified).toBe(true);
    // Again: nothing changes, same answer.
    expect(await cli("users:verify", "self@example.com")).toMatchObject({
      code: 0,
      stdout: "self@example.com is confirmed.\n",
    });
    expect(await cli("users:verify", "ghost@example.com")).toMatchObject({
      code: 2,
      stderr: "error: No account with email ghost@example.com\n",
    });
    expect((await cli("users:verify")).code).not.toBe(0);
  });
});
