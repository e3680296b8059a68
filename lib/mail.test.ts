// The mailer against a real SMTP server that the test starts on 127.0.0.1, and the dev mailbox on
// disk that stands in for it when no SMTP server is configured.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { setClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { listMailbox, mailboxMailer, readMailboxMessage, smtpMailer } from "./mail.ts";

const FROM = "Hirewise <no-reply@hirewise.test>";
const MESSAGE = {
  to: "erin@example.com",
  subject: "New application for Senior Rust Engineer",
  html: '<p>Ada applied for <b>Senior Rust Engineer</b>. <a href="http://localhost:3000/employer/jobs/1">View application</a></p>',
  text: "Ada applied for Senior Rust Engineer.\n\nView application: http://localhost:3000/employer/jobs/1",
};

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let url: string;
const inbox: Received[] = [];
let refuse: string | null = null;

beforeAll(async () => {
  // STARTTLS off: smtp-server's built-in certificate has expired, and nodemailer would refuse it.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === refuse)
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  inbox.length = 0;
  refuse = null;
  setClock(undefined);
});

/** The decoded body of the message's part of `type` (nodemailer writes quoted-printable or 7bit). */
function part(raw: string, type: "text/plain" | "text/html"): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  expect(start, `a ${type} part`).toBeGreaterThan(-1);
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest
    .slice(headerEnd)
    .replace(/^\r?\n\r?\n/, "")
    .split(/\r?\n--/)[0]!;
  if (!/quoted-printable/i.test(headers)) return body.replace(/\r\n/g, "\n");
  return Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  )
    .toString("utf8")
    .replace(/\r\n/g, "\n");
}

describe("SMTP", () => {
  it("delivers the message with its sender, recipient, subject, HTML and text", async () => {
    const sent = await smtpMailer(url, FROM).send(MESSAGE);
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(inbox).toHaveLength(1);
    const [mail] = inbox;
    expect(mail!.from).toBe("no-reply@hirewise.test");
    expect(mail!.to).toEqual(["erin@example.com"]);
    expect(mail!.raw).toMatch(/^From: Hirewise <no-reply@hirewise\.test>$/m);
    expect(mail!.raw).toMatch(/^To: erin@example\.com$/m);
    expect(mail!.raw).toMatch(/^Subject: New application for Senior Rust Engineer$/m);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(part(mail!.raw, "text/plain")).toBe(MESSAGE.text);
    expect(part(mail!.raw, "text/html")).toBe(MESSAGE.html);
  });

  it("throws when the server refuses the recipient, so the job that sent it retries", async () => {
    refuse = "gone@example.com";
    await expect(smtpMailer(url, FROM).send({ ...MESSAGE, to: "gone@example.com" })).rejects.toThrow(
      /Mailbox unavailable/,
    );
    expect(inbox).toHaveLength(0);
  });

  it("throws when no server answers", async () => {
    // A port that was just free: nothing listens there.
    const probe = new SMTPServer({ logger: false });
    probe.listen(0, "127.0.0.1");
    await once(probe.server, "listening");
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await expect(smtpMailer(`smtp://127.0.0.1:${port}`, FROM).send(MESSAGE)).rejects.toMatchObject({ code: "ESOCKET" });
  });
});

describe("dev mailbox", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hirewise-mail-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes each message to an .eml file and lists them newest first", async () => {
    const mailbox = mailboxMailer(dir, FROM);
    setClock(new Date("2026-11-23T10:00:00Z"));
    await mailbox.send(MESSAGE);
    setClock(new Date("2026-11-23T11:30:00Z"));
    // Outside ASCII, the subject is written as encoded words and must read back as it was.
    await mailbox.send({
      ...MESSAGE,
      to: "zoe@example.com",
      subject: "Congratulations! You've been shortlisted for Ingénieur·e Logiciel — Zürich",
    });

    const listed = await listMailbox(dir);
    expect(listed.map(({ file, ...rest }) => ({ ...rest, file: path.dirname(file) }))).toEqual([
      {
        date: "2026-11-23T11:30:00.000Z",
        to: "zoe@example.com",
        subject: "Congratulations! You've been shortlisted for Ingénieur·e Logiciel — Zürich",
        file: dir,
      },
      { date: "2026-11-23T10:00:00.000Z", to: "erin@example.com", subject: MESSAGE.subject, file: dir },
    ]);
    expect(await readFile(listed[0]!.file, "utf8")).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    const raw = await readFile(listed[1]!.file, "utf8");
    expect(raw).toMatch(/^From: Hirewise <no-reply@hirewise\.test>$/m);
    expect(part(raw, "text/plain")).toBe(MESSAGE.text);
    expect(part(raw, "text/html")).toBe(MESSAGE.html);
  });

  it("reads the text and the invitation of a message that carries a calendar event", async () => {
    const invite =
      "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:interview-1@hirewise.test\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    await mailboxMailer(dir, FROM).send({
      ...MESSAGE,
      to: "ivy@example.com",
      icalEvent: { method: "REQUEST", filename: "interview.ics", content: invite },
    });
    const entry = (await listMailbox(dir)).find((e) => e.to === "ivy@example.com")!;
    const raw = await readFile(entry.file, "utf8");
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/m);
    const message = await readMailboxMessage(entry);
    expect(message.text).toBe(MESSAGE.text);
    expect(message.links).toEqual(["http://localhost:3000/employer/jobs/1"]);
    expect(message.calendar?.replace(/\r\n/g, "\n")).toBe(invite.replace(/\r\n/g, "\n").trim());
  });

  it("lists nothing when no message was written yet", async () => {
    await expect(listMailbox(path.join(dir, "never-created"))).resolves.toEqual([]);
  });
});

describe("configuration", () => {
  it("takes SMTP_URL and MAIL_FROM, and writes to the mailbox when SMTP_URL is unset", () => {
    expect(
      loadConfig({
        NODE_ENV: "test",
        SMTP_URL: "smtps://user:secret@mail.example.com:465",
        MAIL_FROM: "Jobs <jobs@example.com>",
      }).mail,
    ).toEqual({
      smtpUrl: "smtps://user:secret@mail.example.com:465",
      from: "Jobs <jobs@example.com>",
    });
    expect(loadConfig({ NODE_ENV: "test", SMTP_URL: "" }).mail).toEqual({
      smtpUrl: undefined,
      from: "Hirewise <no-reply@hirewise.local>",
    });
    expect(() => loadConfig({ NODE_ENV: "test", SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  });
});
