// Retention for operators (decision 089): `retention:run` anonymises now the applications past their
// company's period, as the daily schedule does, and prints the counts. The reminders 30 days before
// stay the daily job's (a queue job, so each email is sent once however often it runs).
import type { Command } from "commander";
import { now } from "../lib/clock.ts";
import { anonymiseDueApplications } from "../modules/applications/index.server.ts";
import { withRuntime } from "./runtime.ts";

export function registerRetentionCommands(program: Command): void {
  program
    .command("retention:run")
    .description(
      "Anonymise the applications of candidates not hired whose company's retention period after the job closed has passed.",
    )
    .action(async () => {
      const { anonymised, filesErased } = await withRuntime(() => anonymiseDueApplications(now()));
      console.log(
        `Anonymised ${anonymised} application${anonymised === 1 ? "" : "s"}; erased ${filesErased} resume file${filesErased === 1 ? "" : "s"}.`,
      );
    });
}
