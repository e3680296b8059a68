// Reading the running server's dev mailbox (DATA_DIR/mail) as a person would: the newest email to
// an address with a subject, and the link in it.
import path from "node:path";
import { expect, vi } from "vitest";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { WAIT } from "./wait.ts";

/** The first link under `pathPrefix` in an email to `to` with `subject`, as a path; null while there is none. */
export async function linkInMailbox(
  dataDir: string,
  to: string,
  subject: string,
  pathPrefix: string,
): Promise<string | null> {
  for (const entry of await listMailbox(path.join(dataDir, "mail"))) {
    if (entry.to !== to || entry.subject !== subject) continue;
    const link = (await readMailboxMessage(entry)).links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
    if (link) return new URL(link).pathname;
  }
  return null;
}

/** Waits for an email to `to` with `subject` and returns the first of its links under `pathPrefix`, as a path. */
export function linkFromMailbox(
  dataDir: string,
  to: string,
  subject: string,
  pathPrefix: string,
  timeoutMs = 30_000,
): Promise<string> {
  return vi.waitFor(
    async () => {
      const link = await linkInMailbox(dataDir, to, subject, pathPrefix);
      expect(link, `a link under ${pathPrefix} in "${subject}" to ${to}`).toBeTruthy();
      return link!;
    },
    { ...WAIT, timeout: timeoutMs },
  );
}

/** How many emails to `to` with `subject` the mailbox holds. */
export async function countInMailbox(dataDir: string, to: string, subject: string): Promise<number> {
  return (await listMailbox(path.join(dataDir, "mail"))).filter((e) => e.to === to && e.subject === subject).length;
}
