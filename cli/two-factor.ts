// Two-factor sign-in for administrators: the way back in for someone who lost both the phone and
// the recovery codes (after checking who is asking).
import type { Command } from "commander";
import { AccountError, resetTwoFactor } from "../modules/identity/index.server.ts";
import { CliError, withRuntime } from "./runtime.ts";

export function registerTwoFactorCommands(program: Command): void {
  program
    .command("users:two-factor-off")
    .description("Turn two-factor sign-in off for an account (it is told by email); its password alone signs in again.")
    .argument("<email>", "the account's email")
    .action(async (email: string) => {
      const wasOn = await withRuntime(() =>
        resetTwoFactor(email).catch((error: unknown) => {
          throw error instanceof AccountError ? new CliError(error.message) : error;
        }),
      );
      console.log(
        wasOn
          ? `Two-factor sign-in is off for ${email.trim().toLowerCase()}; they were told by email.`
          : `${email.trim().toLowerCase()} did not have two-factor sign-in on.`,
      );
    });
}
