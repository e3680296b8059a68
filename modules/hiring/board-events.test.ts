// Board changes reach the app's listeners after they commit, and only then: a listener that ran
// before the commit would let a concurrent reader cache the old rows again.
import { beforeAll, describe, expect, it } from "vitest";
import { em, transaction } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { changeJobStatus, memberFor, onBoardChange } from "./index.server.ts";

useTestRuntime();

let employerId = "";
beforeAll(async () => {
  employerId = (
    await signUpOnPlan({
      email: "board-events@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    })
  ).id;
});

/** Records each call with the job it was about (the last one published). */
function watch(jobId: () => string | null) {
  const seen: (string | null)[] = [];
  const stop = onBoardChange(() => void seen.push(jobId()));
  return { seen, stop };
}

describe("board changes", () => {
  it("are told once a job is published, closed, reopened and archived, after each commit", async () => {
    let id: string | null = null;
    const { seen, stop } = watch(() => id);
    id = await publishTestJob(employerId, { title: "Watched" });
    expect(seen).toHaveLength(1);
    const member = await memberFor(employerId);
    for (const action of ["close", "reopen", "archive"] as const) await changeJobStatus(member, id, action);
    expect(seen).toHaveLength(4);
    stop();
    await publishTestJob(employerId, { title: "Unwatched" });
    expect(seen).toHaveLength(4);
  });

  it("wait for the outer transaction to commit, and are not told when it rolls back", async () => {
    const member = await memberFor(employerId);
    const id = await publishTestJob(employerId, { title: "Nested" });
    const statuses: string[] = [];
    const stop = onBoardChange(() => void statuses.push("told"));
    await transaction(async () => {
      await changeJobStatus(member, id, "close");
      expect(statuses).toEqual([]); // joined the outer transaction: not committed yet
    });
    expect(statuses).toEqual(["told"]);
    await expect(
      transaction(async () => {
        await changeJobStatus(member, id, "reopen");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(statuses).toEqual(["told"]);
    expect((await em().execute<{ status: string }[]>("select status from jobs where id = ?", [id]))[0]!.status).toBe(
      "closed",
    );
    stop();
  });
});
