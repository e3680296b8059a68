// Job alerts for operators and tests: `alerts:run` runs the alerts that are due now (the hourly
// schedule does the same), `--now` every alert that is not paused, whatever its next send. The
// digests are queued; a worker (the web process's, or `npm run worker`) sends them, once per alert
// and period.
import { randomUUID } from "node:crypto";
import type { Command } from "commander";
import { now } from "../lib/clock.ts";
import { runAlerts } from "../modules/saved/index.server.ts";
import { withRuntime } from "./runtime.ts";

export function registerAlertCommands(program: Command): void {
  program
    .command("alerts:run")
    .description(
      "Run the job alerts that are due (07:00 in each candidate's time zone) and queue their digests; --now runs every alert not paused.",
    )
    .option("--now", "run every alert that is not paused, not only the due ones")
    .action(async (opts: { now?: boolean }) => {
      const summary = await withRuntime(() => runAlerts(`cli:${randomUUID()}`, now(), { all: opts.now ?? false }));
      console.log(
        `Ran ${summary.claimed} alert${summary.claimed === 1 ? "" : "s"} (${summary.searches} searches): ${summary.digests} digest${summary.digests === 1 ? "" : "s"} queued.`,
      );
    });
}
