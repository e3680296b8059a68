// Runs the real CLI as a subprocess against a mailbox the test writes, as the app would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setClock } from "../lib/clock.ts";
import { mailboxMailer } from "../lib/mail.ts";
import { runCli } from "../tests/support/cli.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-mail-cli-"));
});
afterAll(async () => {
  setClock(undefined);
  await rm(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli({ DATA_DIR: dataDir, SMTP_URL: undefined }, ...args);

// Each CLI call is a process of its own (start, migrations check, the command): on a busy machine
// that is seconds each, so these tests get room for a dozen calls; the guard is against a hang.
describe("mail CLI", { timeout: 120_000 }, () => {
  it("says the mailbox is empty before anything was sent", async () => {
    const result = await cli("mail:list");
    expect(result).toMatchObject({ code: 0, stdout: `No emails in ${path.join(dataDir, "mail")}.\n` });
    expect(JSON.parse((await cli("mail:list", "--json")).stdout)).toEqual([]);
  });

  it("lists the written messages with date, recipient, subject and file, as a table and as JSON", async () => {
    const mailbox = mailboxMailer(path.join(dataDir, "mail"), "Hirewise <no-reply@hirewise.test>");
    setClock(new Date("2026-11-23T09:15:00Z"));
    await mailbox.send({
      to: "erin@example.com",
      subject: "New application for Data Analyst",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    setClock(new Date("2026-11-23T09:20:00Z"));
    await mailbox.send({
      to: "ada@example.com",
      subject: "Not selected for this role: Data Analyst",
      html: "<p>Hi</p>",
      text: "Hi",
    });

    const json = await cli("mail:list", "--json");
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as { date: string; to: string; subject: string; file: string }[];
    expect(listed.map(({ date, to, subject }) => ({ date, to, subject }))).toEqual([
      { date: "2026-11-23T09:20:00.000Z", to: "ada@example.com", subject: "Not selected for this role: Data Analyst" },
      { date: "2026-11-23T09:15:00.000Z", to: "erin@example.com", subject: "New application for Data Analyst" },
    ]);
    expect(listed[0]!.file).toMatch(
      new RegExp(`^${path.join(dataDir, "mail")}/20261123T092000000Z-[0-9a-f]{8}\\.eml$`),
    );

    const lines = (await cli("mail:list")).stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^date\s+to\s+subject\s+file$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^2026-11-23T09:20:00\.000Z\s+ada@example\.com\s+Not selected for this role: Data Analyst\s+\/.+\.eml$/,
    );
    expect(lines[3]).toContain(listed[1]!.file);
  });

  it("shows a message's text and its links, 1 being the newest, and explains a place that has no message", async () => {
    const dir = path.join(dataDir, "mail");
    setClock(new Date("2026-11-23T10:00:00Z"));
    const link = "http://localhost:3000/auth/reset/" + "A".repeat(43);
    await mailboxMailer(dir, "Hirewise <no-reply@hirewise.test>").send({
      to: "zoe@example.com",
      subject: "Reset your Hirewise password — now",
      html: `<p><a href="${link}">Choose</a></p>`,
      // Long enough for quoted-printable to break lines, with text outside ASCII.
      text: `Hi Zoë, someone asked to reset the password of your account, which is a long sentence indeed. Open ${link} to choose a new one.`,
    });
    const shown = await cli("mail:show");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Subject: Reset your Hirewise password — now\n");
    expect(shown.stdout).toContain(
      "Hi Zoë, someone asked to reset the password of your account, which is a long sentence indeed.",
    );
    expect(shown.stdout.trimEnd().endsWith(`Links:\n  ${link}`)).toBe(true);
    const json = JSON.parse((await cli("mail:show", "1", "--json")).stdout) as { to: string; links: string[] };
    expect(json).toMatchObject({ to: "zoe@example.com", links: [link] });
    expect((await cli("mail:show", "2")).stdout).toContain("Subject: Not selected for this role: Data Analyst");
    expect(await cli("mail:show", "9")).toMatchObject({
      code: 2,
      stderr: `error: There are only 3 emails in ${dir}.\n`,
    });
    expect((await cli("mail:show", "0")).code).not.toBe(0);
  });
});
