import { insertDemoJobs } from "../db/demo-jobs.ts";
import { InvalidArgumentError, type Command } from "commander";
import {
  closeJobAsAdmin,
  HiringError,
  JOB_STATUSES,
  listJobs,
  type JobStatus,
} from "../modules/hiring/index.server.ts";
import { findAccountByEmail } from "../modules/identity/index.server.ts";
import { formatDate } from "../lib/dates.ts";
import { ensureDemoEmployers } from "../db/demo.ts";
import { CliError, table, withRuntime } from "./runtime.ts";

function parsePositive(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError("Use a whole number of 1 or more.");
  return Number(value);
}

/** The account behind an email, which must be an employer's. */
async function employerByEmail(email: string) {
  const account = await findAccountByEmail(email);
  if (!account) throw new CliError(`No account with email ${email}.`);
  if (account.role !== "employer") throw new CliError(`${account.email} is a ${account.role}, not an employer.`);
  return account;
}

export function registerJobCommands(program: Command): void {
  program
    .command("jobs:list")
    .description("List jobs, newest first.")
    .option("--employer <email>", "only this employer's jobs")
    .option("--status <status>", `only jobs in this status: ${JOB_STATUSES.join(", ")}`)
    .option("--limit <n>", "at most this many jobs", parsePositive, 50)
    .option("--json", "print JSON instead of a table")
    .action(async (opts: { employer?: string; status?: string; limit: number; json?: boolean }) => {
      const status = opts.status;
      if (status !== undefined && !(JOB_STATUSES as readonly string[]).includes(status)) {
        throw new CliError(`Unknown status "${status}". Use one of: ${JOB_STATUSES.join(", ")}.`);
      }
      const jobs = await withRuntime(
        async () => {
          const employerId = opts.employer ? (await employerByEmail(opts.employer)).id : undefined;
          return listJobs({ employerId, status: status as JobStatus | undefined, limit: opts.limit });
        },
        { queue: false },
      );
      if (opts.json) {
        console.log(JSON.stringify(jobs, null, 2));
        return;
      }
      if (!jobs.length) {
        console.log("No jobs found.");
        return;
      }
      const rows = jobs.map((j) => ({
        id: j.id,
        title: j.title || "(draft)",
        company: j.companyName,
        status: j.status,
        location: j.location,
        posted: j.publishedAt ? formatDate(j.publishedAt) : "",
      }));
      console.log(table(rows, ["id", "title", "company", "status", "location", "posted"]));
    });

  program
    .command("jobs:close")
    .description("Close an active job (it leaves the board; the employer can reopen it).")
    .argument("<id>", "the job's id (see jobs:list)")
    .action(async (id: string) => {
      const job = await withRuntime(() =>
        closeJobAsAdmin(id).catch((error: unknown) => {
          if (error instanceof HiringError) throw new CliError(error.message);
          throw error;
        }),
      );
      console.log(`Closed "${job.title}" at ${job.companyName} (${job.id}).`);
    });

  program
    .command("demo:jobs")
    .description("Create realistic active jobs with screening questions, across demo employers.")
    .option("--count <n>", "how many jobs", parsePositive, 60)
    .option("--employer <email>", "give every job to this employer instead of the demo employers")
    .action(async (opts: { count: number; employer?: string }) => {
      const { count, seconds } = await withRuntime(async () => {
        const started = performance.now();
        const employers = opts.employer
          ? [await employerByEmail(opts.employer)]
          : (await ensureDemoEmployers()).employers;
        const count = await insertDemoJobs({
          count: opts.count,
          employerIds: employers.map((e) => e.id),
          companyNames: Object.fromEntries(employers.map((e) => [e.id, e.companyName])),
          // A new seed each run, so repeated runs add different jobs.
          seed: Math.floor(Math.random() * 2 ** 31),
        });
        return { count, seconds: ((performance.now() - started) / 1000).toFixed(1) };
      });
      console.log(`Created ${count.toLocaleString("en-US")} job${count === 1 ? "" : "s"} in ${seconds} s.`);
    });
}
