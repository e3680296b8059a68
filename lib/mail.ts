// Outgoing email. With SMTP_URL set, messages go to that SMTP server; without it each one is
// written as an .eml file to DATA_DIR/mail (the dev mailbox, `npm run cli -- mail:list`), so a
// fresh clone sends mail with no server. A failed send throws, so the queue job that sent it retries.
import nodemailer from "nodemailer";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { now } from "./clock.ts";
import { config } from "./config.ts";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the file is written); throws otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** Sends through the SMTP server at `url` (smtp://user:pass@host:587, or smtps:// for TLS from the start). */
export function smtpMailer(url: string, from: string): Mailer {
  // STARTTLS is used whenever the server offers it (nodemailer's default). The time-outs are
  // seconds rather than nodemailer's minutes, so a hung server fails the job long before the queue
  // gives up on it.
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, date: now() });
      return { messageId: info.messageId };
    },
  };
}

/** Writes each message, exactly as it would be sent, to `<dir>/<time>-<random>.eml`. */
export function mailboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from });
  return {
    async send(message) {
      const date = now();
      const info = await transport.sendMail({ ...message, date });
      const name = `${date.toISOString().replace(/[-:.]/g, "")}-${randomBytes(4).toString("hex")}.eml`;
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so mail:list never reads half a message.
      const tmp = path.join(dir, `.${name}.tmp`);
      try {
        await writeFile(tmp, info.message as Buffer);
        await rename(tmp, path.join(dir, name));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return { messageId: info.messageId };
    },
  };
}

/** Where messages go when no SMTP server is configured. */
export function mailboxDir(): string {
  return path.join(config().dataDir, "mail");
}

let current: Mailer | undefined;

/** The process's mailer: SMTP when SMTP_URL is set, the dev mailbox otherwise. */
export function mailer(): Mailer {
  const { smtpUrl, from } = config().mail;
  current ??= smtpUrl ? smtpMailer(smtpUrl, from) : mailboxMailer(mailboxDir(), from);
  return current;
}

/** Tests only: send through `instance`, or pass undefined to return to the configured one. */
export function setMailer(instance: Mailer | undefined): void {
  current = instance;
}

export function sendMail(message: MailMessage): Promise<{ messageId: string }> {
  return mailer().send(message);
}

export interface MailboxEntry {
  /** ISO date the message was sent. */
  date: string;
  to: string;
  subject: string;
  /** The .eml file's full path. */
  file: string;
}

/** The messages in the dev mailbox, newest first. */
export async function listMailbox(dir = mailboxDir()): Promise<MailboxEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  // File names start with the time sent, so they sort by it.
  const files = names.filter((n) => n.endsWith(".eml") && !n.startsWith(".")).sort().reverse();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const headers = parseHeaders(await readFile(file, "utf8"));
      const date = new Date(headers.get("date") ?? "");
      return {
        date: Number.isNaN(date.getTime()) ? "" : date.toISOString(),
        to: headers.get("to") ?? "",
        subject: headers.get("subject") ?? "",
        file,
      };
    }),
  );
}

/** The header block of a message: names lower-cased, folded lines joined, encoded words decoded. */
function parseHeaders(raw: string): Map<string, string> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

// RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=), which is how nodemailer writes a
// subject or name outside ASCII. The space between two encoded words is not part of the text.
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function decodeWords(value: string): string {
  return value.replace(/(\?=)\s+(?==\?)/g, "$1").replace(ENCODED_WORD, (word, charset: string, encoding: string, data: string) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      return word; // a charset we cannot read: show the word as it is
    }
  });
}
