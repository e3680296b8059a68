// /dev/mailbox through the route's loader, outside production with no SMTP server (as `npm run dev`
// on a fresh clone): the newest emails with their links. Production's 404 is tested against the
// built server in tests/integration/account-recovery-http.test.ts.
import { afterAll, describe, expect, it, vi } from "vitest";
import { rm } from "node:fs/promises";
import path from "node:path";

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/hirewise-dev-mailbox-${process.pid}`;
  process.env.DATA_DIR = dir;
  delete process.env.SMTP_URL;
  return dir;
});

import { mailboxMailer } from "#lib/mail.ts";
import { loader } from "./dev.mailbox.tsx";

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("/dev/mailbox", () => {
  it("lists the newest emails with their links", async () => {
    const link = "http://localhost:3000/auth/verify/" + "B".repeat(43);
    await mailboxMailer(path.join(dataDir, "mail"), "Hirewise <no-reply@hirewise.test>").send({
      to: "dev@example.com",
      subject: "Confirm your email address for Hirewise",
      html: `<a href="${link}">Confirm</a>`,
      text: `Confirm my email <${link}>`,
    });
    const page = (await loader({
      request: new Request("http://localhost/dev/mailbox"),
      params: {},
      context: {},
    } as never)) as {
      total: number;
      messages: { to: string; subject: string; links: string[] }[];
    };
    expect(page.total).toBe(1);
    expect(page.messages).toMatchObject([
      { to: "dev@example.com", subject: "Confirm your email address for Hirewise", links: [link] },
    ]);
  });
});
