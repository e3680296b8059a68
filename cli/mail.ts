import { InvalidArgumentError, type Command } from "commander";
import { config } from "../lib/config.ts";
import { listMailbox, mailboxDir, readMailboxMessage } from "../lib/mail.ts";
import { CliError, table } from "./runtime.ts";

function parsePosition(value: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(value))
    throw new InvalidArgumentError("Give a message's place in mail:list, 1 for the newest.");
  return Number(value);
}

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
      console.log(
        table(
          messages.map(({ date, to, subject, file }) => ({ date, to, subject, file })),
          ["date", "to", "subject", "file"],
        ),
      );
    });

  program
    .command("mail:show")
    .description(
      "Print one email of DATA_DIR/mail as text, with its links: 1 is the newest (as mail:list orders them).",
    )
    .argument("[n]", "the message's place in mail:list", parsePosition, 1)
    .option("--json", "print JSON instead of text")
    .action(async (n: number, opts: { json?: boolean }) => {
      const messages = await listMailbox();
      const entry = messages[n - 1];
      if (!entry)
        throw new CliError(
          messages.length
            ? `There are only ${messages.length} emails in ${mailboxDir()}.`
            : `No emails in ${mailboxDir()}.`,
        );
      const message = await readMailboxMessage(entry);
      if (opts.json) return console.log(JSON.stringify(message, null, 2));
      console.log(
        [
          `Date:    ${message.date}`,
          `To:      ${message.to}`,
          `Subject: ${message.subject}`,
          "",
          message.text,
          "",
          "Links:",
          ...message.links.map((l) => `  ${l}`),
        ].join("\n"),
      );
    });
}
