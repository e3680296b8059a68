// For module tests that store files and send mail: the storage on a folder of the file's own, a
// scratch folder for files the test writes, and the mail sent caught in `sent` (the SMTP adapter
// has its own tests). Both folders are removed after the file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";

export interface LocalFiles {
  /** The storage's folder. */
  files: string;
  /** A folder for files the test writes (uploads it hands over). */
  scratch: string;
  sent: MailMessage[];
}

export function useLocalFilesAndMail(prefix: string): LocalFiles {
  const local: LocalFiles = { files: "", scratch: "", sent: [] };
  beforeAll(async () => {
    local.files = await mkdtemp(path.join(tmpdir(), `hirewise-${prefix}-files-`));
    local.scratch = await mkdtemp(path.join(tmpdir(), `hirewise-${prefix}-scratch-`));
    setStorage(new LocalDiskStorage(local.files));
    setMailer({
      async send(message) {
        local.sent.push(message);
        return { messageId: String(local.sent.length) };
      },
    });
  });
  afterAll(async () => {
    setStorage(undefined);
    setMailer(undefined);
    await rm(local.files, { recursive: true, force: true });
    await rm(local.scratch, { recursive: true, force: true });
  });
  return local;
}
