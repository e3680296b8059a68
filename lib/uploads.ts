// Reading one file from a multipart form post without trusting its size: the file is held only
// up to its cap (in memory for images, streamed to a temporary file for resumes), the whole body
// is capped too, and a Content-Length past the cap is refused before anything is read. A second
// file in the field is refused rather than silently replacing the first. The multipart body is
// parsed by lib/multipart.ts.
import { inMegabytes, MAX_RESUME_BYTES } from "./upload-limits.ts";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { mediaType, refuseForm, UNSTORABLE_FORM, withoutUnstorable } from "./forms.ts";
import { logger } from "./logger.ts";
import { browserFileName, cappedBody, parseMultipart, RequestTooLargeError } from "./multipart.ts";

export type FileUpload =
  | { status: "ok"; form: FormData; file: { bytes: Buffer; filename: string } | null }
  /** Past the cap: the answer can go out at once, the rest of the body is dropped behind it. */
  | { status: "too-big" }
  /** A form we read but can't take: `message` says why (characters we can't store). */
  | { status: "invalid"; message: string }
  /** Not a complete multipart body: the browser gave up, or it was not a form post of ours. */
  | { status: "unreadable"; error: unknown };

// Room for the multipart framing and the short text fields around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

class FileTooLargeError extends Error {}
class SecondFileError extends Error {}
/** Our side failed to keep the file (the temporary folder can't be written): not the sender's fault. */
class UploadStorageError extends Error {}

/**
 * Reads a multipart form post whose `field` file is held in memory, at most `maxFileBytes` of it.
 * Anything but a multipart body is answered 415 (thrown, as `readForm` does).
 */
export async function readFileUpload(
  request: Request,
  { field, maxFileBytes }: { field: string; maxFileBytes: number },
): Promise<FileUpload> {
  const upload = await readUpload(request, { field, maxFileBytes, maxFieldBytes: 1024, keep: keepInMemory });
  switch (upload.status) {
    case "ok":
      return {
        status: "ok",
        form: upload.form,
        file: upload.file && { bytes: upload.file.kept, filename: upload.file.filename },
      };
    case "too-big":
      return upload;
    case "unstorable":
      return { status: "invalid", message: UNSTORABLE_FORM };
    // Browsers send one file per field without `multiple`: two come only from a hand-made request.
    case "second-file":
      return { status: "unreadable", error: new SecondFileError(`Field "${field}" held more than one file`) };
    case "unreadable":
    case "failed":
      return { status: "unreadable", error: upload.error };
  }
}

/** A file written to a temporary file as it arrived, never held whole in memory. */
export interface ReceivedFile {
  /** The temporary file; it is removed by the upload's `cleanup()`. */
  path: string;
  /** The sender's file name made safe to show and to send back (`safeFileName`). */
  filename: string;
  size: number;
  /** Hex SHA-256 of the bytes, counted while they were written. */
  sha256: string;
}

export type DiskUpload =
  /** `cleanup()` removes the temporary file; call it once the file is stored or refused. */
  | { status: "ok"; form: FormData; file: ReceivedFile | null; cleanup: () => Promise<void> }
  | { status: "too-big"; message: string }
  | { status: "invalid"; message: string }
  | { status: "unreadable"; message: string; error: unknown }
  /** The file could not be kept on our side (logged); the sender did nothing wrong. */
  | { status: "failed"; message: string; error: unknown };

export const UNREADABLE_UPLOAD = "The upload did not arrive complete. Please try again.";
export const UPLOAD_FAILED = "We couldn't take your file just now. Please try again in a few minutes.";
export const ONE_FILE_ONLY = "Please upload one file.";

/** 'The file is too large. The limit is 10 MB.' for a 10 MB cap. */
export function tooLargeMessage(maxFileBytes: number): string {
  return `The file is too large. The limit is ${inMegabytes(maxFileBytes)} MB.`;
}

let processTempDir: Promise<string> | null = null;

/**
 * Where this process's uploads wait while they are checked: a folder of its own under the system's
 * temporary directory (only this user can enter it), made on first use and removed when the
 * process exits. A shared, fixed folder would fail for a second user beside the first one's.
 */
export function uploadTempDir(): Promise<string> {
  processTempDir ??= mkdtemp(path.join(tmpdir(), "hirewise-uploads-")).then(
    (dir) => {
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    (error: unknown) => {
      processTempDir = null;
      throw error;
    },
  );
  return processTempDir;
}

/**
 * Reads a form post whose `field` file is streamed to a temporary file, refused past
 * `maxFileBytes`. Whatever the outcome, no temporary file is left behind except the one an "ok"
 * answer hands over, which `cleanup()` removes. Other fields are short text (up to 16 KB each).
 * Anything but a multipart body is answered 415 (thrown, as `readForm` does).
 */
export async function readUploadToDisk(
  request: Request,
  {
    field,
    maxFileBytes,
    fallbackName = "file",
    tempDir,
  }: { field: string; maxFileBytes: number; fallbackName?: string; tempDir?: string },
): Promise<DiskUpload> {
  const keep = keepOnDisk(tempDir ?? (await uploadTempDir()));
  const upload = await readUpload(request, { field, maxFileBytes, maxFieldBytes: 16 * 1024, keep });
  switch (upload.status) {
    case "ok": {
      const file = upload.file;
      const received = file && {
        path: file.kept.path,
        filename: safeFileName(file.filename, fallbackName),
        size: file.kept.size,
        sha256: file.kept.sha256,
      };
      return {
        status: "ok",
        form: upload.form,
        file: received,
        cleanup: () => (file ? keep.drop(file.kept) : Promise.resolve()),
      };
    }
    case "too-big":
      return { status: "too-big", message: tooLargeMessage(maxFileBytes) };
    case "second-file":
      return { status: "invalid", message: ONE_FILE_ONLY };
    case "unstorable":
      return { status: "invalid", message: UNSTORABLE_FORM };
    case "unreadable":
      return { status: "unreadable", message: UNREADABLE_UPLOAD, error: upload.error };
    case "failed":
      return { status: "failed", message: UPLOAD_FAILED, error: upload.error };
  }
}

/** Resumes: PDF files of at most 10 MB, in the `resume` field. */
export { MAX_RESUME_BYTES };

export function readResumeUpload(request: Request, { tempDir }: { tempDir?: string } = {}): Promise<DiskUpload> {
  return readUploadToDisk(request, {
    field: "resume",
    maxFileBytes: MAX_RESUME_BYTES,
    fallbackName: "resume.pdf",
    tempDir,
  });
}

const MAX_NAME_LENGTH = 100;

/**
 * A file name safe to show and to put in a header: no directories, only letters, digits, spaces,
 * dots, dashes and underscores, no leading or trailing dots, at most 100 characters (the
 * extension kept), and `fallback` when nothing is left.
 */
export function safeFileName(raw: string, fallback = "file"): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[^\p{L}\p{M}\p{N} ._-]+/gu, "")
    .replace(/ {2,}/g, " ")
    .replace(/^[ .]+|[ .]+$/g, "");
  const chars = Array.from(cleaned);
  if (chars.length === 0) return fallback;
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? "";
  return (
    Array.from(cleaned.slice(0, cleaned.length - extension.length))
      .slice(0, MAX_NAME_LENGTH - extension.length)
      .join("")
      .trimEnd() + extension
  );
}

// The one path both kinds of upload take: checks, caps and parsing; `keep` decides where the file goes.

type Parsed<K> =
  | { status: "ok"; form: FormData; file: { kept: K; filename: string } | null }
  | { status: "too-big" }
  | { status: "second-file" }
  | { status: "unstorable" }
  | { status: "unreadable"; error: unknown }
  | { status: "failed"; error: unknown };

interface Keeper<K> {
  /** Takes in the file's bytes, throwing FileTooLargeError past `max`, UploadStorageError when our side fails. */
  take(data: Readable, max: number): Promise<K>;
  /** Lets go of a file taken in, when the rest of the upload fails. */
  drop(kept: K): Promise<void>;
}

async function readUpload<K>(
  request: Request,
  {
    field,
    maxFileBytes,
    maxFieldBytes,
    keep,
  }: { field: string; maxFileBytes: number; maxFieldBytes: number; keep: Keeper<K> },
): Promise<Parsed<K>> {
  if (mediaType(request) !== "multipart/form-data")
    refuseForm(415, "This address takes a form sent as multipart/form-data.");
  if (!request.body) return { status: "unreadable", error: new Error("The multipart body was empty") };
  const maxRequestBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const upload = cappedBody(request, maxRequestBytes);
  // Checked first, so a big upload is refused before any of it is read.
  if (Number(request.headers.get("Content-Length")) > maxRequestBytes) {
    // In the background: the answer goes out now, the rest of the body is dropped as it comes.
    void upload.discardRest();
    return { status: "too-big" };
  }

  let file: { kept: K; filename: string } | null = null;
  let fileSeen = false;
  const form = new FormData();
  try {
    await parseMultipart(request.headers.get("Content-Type")!, upload.body, maxFieldBytes, {
      field(name, value) {
        form.append(name, value);
      },
      async file(name, stream, filename) {
        if (name !== field || !filename) return void stream.resume();
        if (fileSeen) throw new SecondFileError();
        fileSeen = true;
        file = { kept: await keep.take(stream, maxFileBytes), filename: browserFileName(filename) };
      },
    });
    const checked = withoutUnstorable(form);
    if (checked.unstorable.length) {
      if (file) await keep.drop((file as { kept: K }).kept);
      return { status: "unstorable" };
    }
    return { status: "ok", form: checked.form, file };
  } catch (error) {
    const taken = file as { kept: K } | null;
    if (taken) await keep.drop(taken.kept);
    if (
      error instanceof FileTooLargeError ||
      error instanceof RequestTooLargeError ||
      error instanceof SecondFileError
    ) {
      void upload.discardRest();
      return { status: error instanceof SecondFileError ? "second-file" : "too-big" };
    }
    if (error instanceof UploadStorageError) {
      logger.error({ err: error.cause }, "an upload could not be written to the temporary folder");
      void upload.discardRest();
      return { status: "failed", error: error.cause };
    }
    logger.warn({ err: error }, "an upload could not be read");
    return { status: "unreadable", error };
  }
}

/**
 * Holds the file in memory. Iterating the part pulls the body chunk by chunk, so nothing is read
 * faster than it is kept (backpressure), and reading stops at the cap: at most `max` bytes are held.
 */
const keepInMemory: Keeper<Buffer> = {
  async take(data, max) {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of data as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > max) throw new FileTooLargeError();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, bytes);
  },
  async drop() {},
};

/**
 * Streams the file to a new file in `dir`, hashing it on the way. The pipeline waits for the disk
 * before reading more (backpressure), so memory stays flat whatever the size; past the cap the
 * partial file is removed. A failure to write is our side's (UploadStorageError), kept apart from
 * a sender who broke off.
 */
function keepOnDisk(dir: string): Keeper<{ path: string; size: number; sha256: string }> {
  return {
    async take(data, max) {
      const file = path.join(dir, randomUUID());
      const hash = createHash("sha256");
      let size = 0;
      let diskError: unknown = null;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          if (size > max) return done(new FileTooLargeError());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        // Made again if a temporary-files cleaner removed it while the process ran.
        await mkdir(dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
          diskError = error;
          throw error;
        });
        // The write stream also errors with whatever broke the pipeline upstream: only a system
        // call's failure (EACCES, ENOSPC…) is the disk's.
        const out = createWriteStream(file, { flags: "wx", mode: 0o600 }).on("error", (error) => {
          if ("syscall" in error) diskError ??= error;
        });
        await pipeline(data, cap, out);
      } catch (error) {
        await rm(file, { force: true });
        throw diskError ? new UploadStorageError("The upload could not be written", { cause: diskError }) : error;
      }
      return { path: file, size, sha256: hash.digest("hex") };
    },
    async drop(kept) {
      await rm(kept.path, { force: true });
    },
  };
}
