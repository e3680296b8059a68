#!/usr/bin/env node
// The admin CLI: `npm run cli -- <command>`. It reaches the same database as the app (DATABASE_URL,
// or the embedded one, whether or not the app is running).
// Quiet logs unless asked: set before any module creates the logger (hence the dynamic imports).
process.env.LOG_LEVEL ??= "warn";

const { Command, CommanderError } = await import("commander");
const { registerUserCommands } = await import("./users.ts");
const { registerPlanCommands } = await import("./plans.ts");
const { registerJobCommands } = await import("./jobs.ts");
const { registerMailCommands } = await import("./mail.ts");
const { registerQueueCommands } = await import("./queue.ts");
const { registerBackupCommands } = await import("./backup.ts");
const { registerTwoFactorCommands } = await import("./two-factor.ts");
const { registerBillingCommands } = await import("./billing.ts");
const { registerAlertCommands } = await import("./alerts.ts");
const { registerRetentionCommands } = await import("./retention.ts");
const { CliError } = await import("./runtime.ts");

const program = new Command()
  .name("hirewise")
  .description("Hirewise administration: users, plans, jobs and demo data.")
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text) });

registerUserCommands(program);
registerPlanCommands(program);
registerJobCommands(program);
registerMailCommands(program);
registerQueueCommands(program);
registerBackupCommands(program);
registerTwoFactorCommands(program);
registerBillingCommands(program);
registerAlertCommands(program);
registerRetentionCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof CliError) {
    console.error(`error: ${error.message}`);
    process.exit(error.exitCode);
  }
  console.error(error);
  process.exit(1);
}

export {};
