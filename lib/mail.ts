// Outgoing email. With SMTP_URL set, messages go to that SMTP server; without it each one is
// written as an .eml file to DATA_DIR/mail (the dev mailbox, `npm run cli -- mail:list`), so a
// fresh clone sends mail with no server. A failed send throws, so the queue job that sent it retries.
// `sendMailOnce` records each message under a key in the database, so a retried job never sends a
// message twice (decision 026).
import nodemailer from "nodemailer";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { now } from "./clock.ts";
import { config } from "./config.ts";
import { em } from "./db.ts";
import { logger } from "./logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header (`<id@domain>`); nodemailer makes a random one when absent. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on job alerts. */
  headers?: Record<string, string>;
  /** A calendar invitation: a text/calendar part with this method, and the same as an .ics attachment. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
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

/** Which run of which queue job sends: a job the queue retries comes back with a higher retryCount. */
export interface SendAttempt {
  jobId: string;
  retryCount: number;
  /** Aborted when the queue no longer counts this run as the job's (it timed out, or stopped). */
  signal?: AbortSignal;
}

/** "claimed-elsewhere": another job holds the key's claim; it sends the message, or is retried to. */
export type SendOnceResult = "sent" | "already-sent" | "claimed-elsewhere";

/**
 * Sends `message` once per `key`, however often the job that asks is retried. Before sending, the
 * job claims the key in a committed row ('sending'); once the server accepted the message the row
 * says 'sent', and later runs skip it. A run that died holding the claim (a killed worker) leaves
 * it to the job's next run, which sends: a killed run never loses its message, and it is repeated
 * only if the process died between the server's acceptance and the 'sent' commit, or if the queue
 * gave up on a stalled (not dead) run in the middle of its send. The Message-ID comes from the key,
 * so such a repeat reads as the same message to mail clients that compare it (decision 026).
 */
export async function sendMailOnce(key: string, message: MailMessage, attempt: SendAttempt): Promise<SendOnceResult> {
  attempt.signal?.throwIfAborted();
  const claim = await claimKey(key, message, attempt);
  if (claim !== "claimed") return claim;
  let messageId: string;
  try {
    ({ messageId } = await sendMail({ ...message, messageId: messageIdFor(key) }));
  } catch (error) {
    // Not accepted: give the claim back so the job's next run sends. Should that fail too, the next
    // run takes over this run's claim anyway.
    await em()
      .execute(`delete from sent_emails where key = ? and state = 'sending' and job_id = ? and attempt = ?`, [
        key,
        attempt.jobId,
        attempt.retryCount,
      ])
      .catch((err: unknown) => logger.warn({ err, key }, "could not release an email's claim after a failed send"));
    throw error;
  }
  await markSent(key, messageId);
  return "sent";
}

async function claimKey(
  key: string,
  message: MailMessage,
  attempt: SendAttempt,
): Promise<"claimed" | Exclude<SendOnceResult, "sent">> {
  // A new key is claimed; so is one an earlier run of the same job claimed and never marked sent,
  // since the queue retries a job only once that run has failed or stopped answering.
  const claimed = await em().execute<{ key: string }[]>(
    `insert into sent_emails as s (key, state, recipient, subject, job_id, attempt, claimed_at)
     values (?, 'sending', ?, ?, ?, ?, now())
     on conflict (key) do update set job_id = excluded.job_id, attempt = excluded.attempt, claimed_at = excluded.claimed_at,
       recipient = excluded.recipient, subject = excluded.subject
     where s.state = 'sending' and s.job_id = excluded.job_id and s.attempt < excluded.attempt
     returning s.key`,
    [key, message.to, message.subject, attempt.jobId, attempt.retryCount],
  );
  if (claimed.length) return "claimed";
  const [row] = await em().execute<{ state: string; job_id: string | null; attempt: number | null }[]>(
    `select state, job_id, attempt from sent_emails where key = ?`,
    [key],
  );
  if (row?.state === "sent") return "already-sent";
  logger.info(
    { key, jobId: attempt.jobId, holder: row?.job_id, holderAttempt: row?.attempt },
    "email claimed by another job run: not sending",
  );
  return "claimed-elsewhere";
}

/** Delays between tries to record a send: a database restart takes seconds, and a lost mark means a repeat. */
const MARK_RETRY_MS = [250, 500, 1000, 2000, 4000, 4000, 4000, 4000];

async function markSent(key: string, messageId: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await em().execute(`update sent_emails set state = 'sent', sent_at = now(), message_id = ? where key = ?`, [
        messageId,
        key,
      ]);
      return;
    } catch (error) {
      const delay = MARK_RETRY_MS[i];
      if (delay === undefined) throw error;
      logger.warn({ err: error, key }, "email sent but not yet recorded: trying again");
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The same key gives the same Message-ID, at the sender's domain. */
export function messageIdFor(key: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(config().mail.from)?.[1] ?? "hirewise.invalid";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
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
  const files = names
    .filter((n) => n.endsWith(".eml") && !n.startsWith("."))
    .sort()
    .reverse();
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
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(ENCODED_WORD, (word, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(data, "base64")
          : Buffer.from(
              data
                .replace(/_/g, " ")
                .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      try {
        return new TextDecoder(charset).decode(bytes);
      } catch {
        return word; // a charset we cannot read: show the word as it is
      }
    });
}

export interface MailboxMessage extends MailboxEntry {
  /** The plain-text part, decoded. */
  text: string;
  /** Every web address in the text, in order, once each: the links a person would follow. */
  links: string[];
  /** The calendar invitation it carries (text/calendar), or null. */
  calendar: string | null;
}

/** One message of the dev mailbox with its text and links (what `mail:show` and /dev/mailbox print). */
export async function readMailboxMessage(entry: MailboxEntry): Promise<MailboxMessage> {
  const raw = await readFile(entry.file, "utf8");
  const text = plainTextOf(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return { ...entry, text, links, calendar: partOf(raw, "text/calendar") || null };
}

/**
 * The first part of type `type` in a message as nodemailer writes it: a single part, or multipart
 * nested any depth (an invitation is multipart/mixed around multipart/alternative), decoded; "" if none.
 */
function partOf(raw: string, type: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const own = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(own)?.[1];
  if (!own.toLowerCase().startsWith("multipart/") || !boundary)
    return own.toLowerCase().startsWith(type) ? decodeBody(body, headers.get("content-transfer-encoding")) : "";
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const found = partOf(part.replace(/^\r?\n/, ""), type);
    if (found) return found;
  }
  return "";
}

const plainTextOf = (raw: string) => partOf(raw, "text/plain");

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "").toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8").trim();
  if (kind !== "quoted-printable") return body.trim();
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").trim();
}

/**
 * Whether /dev/mailbox may show the mailbox: only while mail goes to it (no SMTP_URL) and never in
 * production, where it would hand anyone every reset link (decision 027).
 */
export function devMailboxEnabled(cfg: Pick<ReturnType<typeof config>, "production" | "mail"> = config()): boolean {
  return !cfg.production && !cfg.mail.smtpUrl;
}
