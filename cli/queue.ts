import type { Command } from "commander";
import { failedJobs, queueProblems, queueStatus, retryFailedJob } from "../jobs/operations.ts";
import { CliError, table, withRuntime } from "./runtime.ts";

export function registerQueueCommands(program: Command): void {
  program
    .command("queue:failed")
    .description("List background jobs (emails, scores, AI questions) that failed after every retry, newest first.")
    .option("--json", "print JSON instead of a table")
    .action((opts: { json?: boolean }) =>
      withRuntime(async () => {
        const jobs = await failedJobs();
        if (opts.json) return console.log(JSON.stringify(jobs, null, 2));
        if (!jobs.length) return console.log("No failed jobs.");
        console.log(
          table(
            jobs.map((j) => ({ ...j, attempts: String(j.attempts) })),
            ["id", "queue", "failedAt", "attempts", "error"],
          ),
        );
      }),
    );
  program
    .command("queue:status")
    .description(
      "Show each background queue: jobs queued, running, failed for good, and how long the oldest due job has waited.",
    )
    .option("--json", "print JSON instead of a table")
    .action((opts: { json?: boolean }) =>
      withRuntime(async () => {
        const status = await queueStatus();
        if (opts.json) return console.log(JSON.stringify(status, null, 2));
        const rows = status.map((q) => ({
          queue: q.queue,
          queued: String(q.queued),
          active: String(q.active),
          failed: String(q.failed),
          oldest: q.oldestSeconds === null ? "-" : `${q.oldestSeconds} s`,
        }));
        console.log(table(rows, ["queue", "queued", "active", "failed", "oldest"]));
        for (const problem of queueProblems(status)) console.log(`warning: ${problem}`);
      }),
    );
  program
    .command("queue:retry")
    .description("Run a failed background job again.")
    .argument("<id>", "the job's id, from queue:failed")
    .action((id: string) =>
      withRuntime(async () => {
        if (!(await retryFailedJob(id))) throw new CliError(`No failed job with id ${id}.`);
        console.log(`Job ${id} will run again.`);
      }),
    );
}
