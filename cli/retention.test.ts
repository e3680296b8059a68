// `npm run cli -- retention:run`: the applications past their company's period anonymised now, the
// others left, and the counts printed.
import { describe, expect, it } from "vitest";
import { em } from "../lib/db.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { signUpOnPlan } from "../tests/support/accounts.ts";
import { publishTestJob } from "../tests/support/jobs.ts";
import { changeJobStatus, memberFor } from "../modules/hiring/index.server.ts";
import { submitApplication } from "../modules/applications/index.server.ts";

const runtime = useTestRuntime();
const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);
const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

describe("retention CLI", { timeout: 120_000 }, () => {
  it("anonymises the applications past the period and leaves the others", async () => {
    const owner = await signUpOnPlan({
      email: "cli-retention-owner@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Retainers",
      plan: "business",
      full_name: "Olive",
    });
    const people = await Promise.all(
      ["old", "new"].map((name) =>
        signUpOnPlan({
          email: `cli-retention-${name}@example.com`,
          password: "correct horse",
          role: "candidate",
          plan: "essential",
          full_name: name,
        }),
      ),
    );
    const member = await memberFor(owner.id);
    const [oldJob, newJob] = [await publishTestJob(owner.id), await publishTestJob(owner.id)];
    const old = (await submitApplication(people[0]!.id, oldJob)).applicationId;
    const recent = (await submitApplication(people[1]!.id, newJob)).applicationId;
    for (const job of [oldJob, newJob]) await changeJobStatus(member, job, "close");
    await sql(`update jobs set closed_at = now() - interval '13 months' where id = ?`, [oldJob]);

    const run = await cli("retention:run");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Anonymised 1 application; erased 0 resume files\./);
    const rows = await sql<{ id: string; candidate_id: string | null }>(
      `select id, candidate_id from applications where id in (?, ?)`,
      [old, recent],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.candidate_id]))).toEqual({
      [old]: null,
      [recent]: people[1]!.id,
    });
  });
});
