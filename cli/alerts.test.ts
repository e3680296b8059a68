// `npm run cli -- alerts:run [--now]`: the due alerts, or with --now every alert not paused, run
// and their digests queued for the workers.
import { describe, expect, it } from "vitest";
import { em } from "../lib/db.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { signUpOnPlan } from "../tests/support/accounts.ts";
import { createAlert } from "../modules/saved/index.server.ts";

const runtime = useTestRuntime();
const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);

describe("alerts CLI", { timeout: 120_000 }, () => {
  it("runs only the due alerts, and every alert with --now, each once per run", async () => {
    const me = await signUpOnPlan({
      email: "cli-alerts@example.com",
      password: "correct horse",
      role: "candidate",
      plan: "essential",
      full_name: "Cli",
    });
    const alert = await createAlert(me.id, {
      q: "cli alert",
      location: "",
      locationType: "",
      employmentType: "",
      category: "",
      minSalary: "",
      frequency: "daily",
    });
    const notDue = await cli("alerts:run");
    expect(notDue.code, notDue.stderr).toBe(0);
    expect(notDue.stdout).toMatch(/^Ran 0 alerts/);

    const all = await cli("alerts:run", "--now");
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^Ran 1 alert \(1 searches\)/);
    const [row] = await em().execute<{ claimed_period: string | null; claimed_by: string | null }[]>(
      `select claimed_period, claimed_by from job_alerts where id = ?`,
      [alert.id],
    );
    expect(row!.claimed_period).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(row!.claimed_by).toBeNull();
  });
});
