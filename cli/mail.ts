import type { Command } from "commander";
import { config } from "../lib/config.ts";
import { listMailbox, mailboxDir } from "../lib/mail.ts";
import { table } from "./runtime.ts";

export function registerMailCommands(program: Command): void {
  program
    .command("mail:list")
    .description("List the emails written to DATA_DIR/mail when no SMTP server is configured, newest first.")
    .option("--json", "print JSON instead of a table")
    .action(async (opts: { json?: boolean }) => {
      // The mailbox is files on disk: no database needed.
      const messages = await listMailbox();
      if (opts.json) return console.log(JSON.stringify(messages, null, 2));
      if (config().mail.smtpUrl) console.error("SMTP_URL is set: new emails go to that server, not to this mailbox.");
      if (!messages.length) return console.log(`No emails in ${mailboxDir()}.`);
      console.log(table(messages.map(({ date, to, subject, file }) => ({ date, to, subject, file })), ["date", "to", "subject", "file"]));
    });
}
