// Runs the real CLI as a subprocess (Node 24 via process.execPath) against this file's database.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { signUp } from "../modules/identity/index.server.ts";
import { getSubscription, requestPlan } from "../modules/billing-plans/index.server.ts";

const runtime = useTestRuntime();

const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);

// Each CLI call is a process of its own (start, migrations check, the command): on a busy machine
// that is seconds each, so these tests get room for a dozen calls; the guard is against a hang.
describe("plans CLI", { timeout: 120_000 }, () => {
  it("lists the catalog as a table and as JSON", async () => {
    const table = await cli("plans:list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/employer\s+startup\s+Startup\s+\$59\.99\s+\$599\.99 \(save 17%\)/);
    const json = await cli("plans:list", "--json");
    expect(JSON.parse(json.stdout)).toHaveLength(7);
  });

  it("sets a plan immediately", async () => {
    const account = await signUp({
      email: "cli@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    const result = await cli("plans:set", "CLI@example.com", "startup", "--billing", "annual");
    expect(result).toMatchObject({ code: 0, stdout: "cli@example.com is now on Startup (annual).\n" });
    expect(await getSubscription(account.id)).toMatchObject({
      plan: { id: "startup" },
      billing: "annual",
      trialEndsAt: null,
    });
  });

  it("exits non-zero with a one-line error for a bad plan, another role's plan or an unknown email", async () => {
    await signUp({ email: "cli-candidate@example.com", password: "correct horse", role: "candidate" });
    const bad = await cli("plans:set", "cli-candidate@example.com", "platinum");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'error: There is no plan "platinum". Choose one of: free-trial, essential, professional.\n',
    );
    const wrong = await cli("plans:set", "cli-candidate@example.com", "business");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^error: Business is a plan for employers, but this account is a candidate\./);
    const nobody = await cli("plans:set", "nobody@example.com", "essential");
    expect(nobody).toMatchObject({ code: 2, stderr: "error: No account with email nobody@example.com.\n" });
    const billing = await cli("plans:set", "cli-candidate@example.com", "essential", "--billing", "weekly");
    expect(billing.code).not.toBe(0);
    expect(billing.stderr).toMatch(/Use one of: monthly, annual/);
  });

  it("lists open plan requests with the command that settles them, and plans:set settles them", async () => {
    expect((await cli("plans:requests")).stdout).toBe("No open plan requests.\n");
    const owner = await signUp({
      email: "cli-request@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    await requestPlan({
      holderId: owner.id,
      requestedBy: owner.id,
      audience: "employer",
      plan: "startup",
      billing: "annual",
    });
    const open = await cli("plans:requests");
    expect(open.code).toBe(0);
    expect(open.stdout).toMatch(
      /cli-request@example\.com\s+employer\s+Startup\s+annual\s+open\s+plans:set cli-request@example\.com startup --billing annual/,
    );
    expect((await cli("plans:set", "cli-request@example.com", "startup", "--billing", "annual")).code).toBe(0);
    expect((await cli("plans:requests")).stdout).toBe("No open plan requests.\n");
    const all = JSON.parse((await cli("plans:requests", "--all", "--json")).stdout);
    expect(all).toEqual([
      expect.objectContaining({
        account: "cli-request@example.com",
        plan: "Startup",
        status: expect.stringMatching(/^handled /),
      }),
    ]);
  });
});
