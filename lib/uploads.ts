// Reading one file from a multipart form post without trusting its size: the file is held only
// up to its cap (in memory for images, streamed to a temporary file for resumes), the whole body
// is capped too (Remix's parser has no total limit and keeps any part no handler reads), and a
// Content-Length past the cap is refused before anything is read. A second file in the field is
// refused rather than silently replacing the first.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";

export type FileUpload =
  | { status: "ok"; form: FormData; file: { bytes: Buffer; filename: string } | null }
  /** Past the cap: the answer can go out at once, the rest of the body is dropped behind it. */
  | { status: "too-big" }
  /** Not a complete multipart body: the browser gave up, or it was not a form post of ours. */
  | { status: "unreadable"; error: unknown };

// Room for the multipart framing and the short text fields around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;
// A refused upload up to this size is read to its end and dropped, so the browser finishes
// sending and shows our message at once (a phone photo picked by mistake). Past it the server
// stops reading, and Node closes the connection after its keep-alive timeout (five seconds);
// the browser shows the message then.
const DISCARD_UP_TO_BYTES = 25 * 1024 * 1024;

class RequestTooLargeError extends Error {}
class SecondFileError extends Error {}

export async function readFileUpload(request: Request, { field, maxFileBytes }: { field: string; maxFileBytes: number }): Promise<FileUpload> {
  const upload = await readUpload(request, { field, maxFileBytes, maxFieldBytes: 1024, keep: keepInMemory });
  switch (upload.status) {
    case "ok":
      return { status: "ok", form: upload.form, file: upload.file && { bytes: upload.file.kept, filename: upload.file.filename } };
    case "too-big":
      return upload;
    // Browsers send one file per field without `multiple`: two come only from a hand-made request.
    case "second-file":
      return { status: "unreadable", error: new SecondFileError(`Field "${field}" held more than one file`) };
    case "unreadable":
      return upload;
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
  | { status: "unreadable"; message: string; error: unknown };

export const UNREADABLE_UPLOAD = "The upload did not arrive complete. Please try again.";
export const ONE_FILE_ONLY = "Please upload one file.";

/** 'The file is too large. The limit is 10 MB.' for a 10 MB cap. */
export function tooLargeMessage(maxFileBytes: number): string {
  return `The file is too large. The limit is ${Math.floor(maxFileBytes / (1024 * 1024))} MB.`;
}

/** Where uploads wait while they are checked: the system's temporary directory. */
export const UPLOAD_TEMP_DIR = path.join(tmpdir(), "hirewise-uploads");

/**
 * Reads a form post whose `field` file is streamed to a temporary file, refused past
 * `maxFileBytes`. Whatever the outcome, no temporary file is left behind except the one an "ok"
 * answer hands over, which `cleanup()` removes. Other fields are short text (up to 16 KB each).
 */
export async function readUploadToDisk(
  request: Request,
  { field, maxFileBytes, fallbackName = "file", tempDir = UPLOAD_TEMP_DIR }: { field: string; maxFileBytes: number; fallbackName?: string; tempDir?: string },
): Promise<DiskUpload> {
  const upload = await readUpload(request, { field, maxFileBytes, maxFieldBytes: 16 * 1024, keep: keepOnDisk(tempDir) });
  switch (upload.status) {
    case "ok": {
      const file = upload.file;
      const received = file && { path: file.kept.path, filename: safeFileName(file.filename, fallbackName), size: file.kept.size, sha256: file.kept.sha256 };
      return { status: "ok", form: upload.form, file: received, cleanup: () => (file ? keepOnDisk(tempDir).drop(file.kept) : Promise.resolve()) };
    }
    case "too-big":
      return { status: "too-big", message: tooLargeMessage(maxFileBytes) };
    case "second-file":
      return { status: "invalid", message: ONE_FILE_ONLY };
    case "unreadable":
      return { status: "unreadable", message: UNREADABLE_UPLOAD, error: upload.error };
  }
}

/** Resumes: PDF files of at most 10 MB, in the `resume` field. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;

export function readResumeUpload(request: Request, { tempDir }: { tempDir?: string } = {}): Promise<DiskUpload> {
  return readUploadToDisk(request, { field: "resume", maxFileBytes: MAX_RESUME_BYTES, fallbackName: "resume.pdf", tempDir });
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
  return Array.from(cleaned.slice(0, cleaned.length - extension.length)).slice(0, MAX_NAME_LENGTH - extension.length).join("").trimEnd() + extension;
}

// The one path both kinds of upload take: checks, caps and parsing; `keep` decides where the file goes.

type Parsed<K> =
  | { status: "ok"; form: FormData; file: { kept: K; filename: string } | null }
  | { status: "too-big" }
  | { status: "second-file" }
  | { status: "unreadable"; error: unknown };

interface Keeper<K> {
  /** Takes in the file's bytes, throwing MaxPartSizeExceededError past `max`. */
  take(data: AsyncIterable<Uint8Array>, field: string, max: number): Promise<K>;
  /** Lets go of a file taken in, when the rest of the upload fails. */
  drop(kept: K): Promise<void>;
}

async function readUpload<K>(
  request: Request,
  { field, maxFileBytes, maxFieldBytes, keep }: { field: string; maxFileBytes: number; maxFieldBytes: number; keep: Keeper<K> },
): Promise<Parsed<K>> {
  if (!request.body || !request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return { status: "ok", form: new FormData(), file: null };
  }
  const maxRequestBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const upload = cappedBody(request, maxRequestBytes);
  // Checked first, so a big upload is refused before any of it is read.
  if (Number(request.headers.get("Content-Length")) > maxRequestBytes) {
    // In the background: the answer goes out now, the rest of the body is dropped as it comes.
    void upload.discardRest();
    return { status: "too-big" };
  }

  let file: { kept: K; filename: string } | null = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== field || !filename) return undefined;
    if (file) throw new SecondFileError();
    file = { kept: await keep.take(data, name, maxFileBytes), filename };
    return filename;
  };
  try {
    const form = await parseMultipartFormData(
      upload.request,
      // Other fields are short text; other files are never read into the form.
      composeUploadHandlers(fileHandler, createMemoryUploadHandler({ maxPartSize: maxFieldBytes, filter: ({ filename }) => filename === undefined })),
    );
    return { status: "ok", form, file };
  } catch (error) {
    const taken = file as { kept: K } | null;
    if (taken) await keep.drop(taken.kept);
    if (error instanceof MaxPartSizeExceededError || error instanceof RequestTooLargeError || error instanceof SecondFileError) {
      void upload.discardRest();
      return { status: error instanceof SecondFileError ? "second-file" : "too-big" };
    }
    return { status: "unreadable", error };
  }
}

/**
 * The upload's body, erroring past `max` bytes. Remix's parser has no total limit and buffers any
 * part no handler reads, so this bounds memory even without a Content-Length (chunked uploads).
 */
function cappedBody(request: Request, max: number) {
  const reader = request.body!.getReader();
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        bytes += value.byteLength;
        if (bytes > max) controller.error(new RequestTooLargeError());
        else controller.enqueue(value);
      },
      // Not passed on to the original body: cancelling that destroys the socket, and the answer
      // with it. discardRest() decides what happens to the rest.
      cancel() {},
    },
    // No read-ahead: a chunk is read only when the parser asks for it.
    { highWaterMark: 0 },
  );
  return {
    request: new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" }),
    /**
     * Reads and drops the rest of a refused upload, up to `DISCARD_UP_TO_BYTES` in all, then stops
     * reading. It never cancels: that resets the connection, and the browser can lose our answer.
     */
    async discardRest(): Promise<void> {
      if (Number(request.headers.get("Content-Length")) > DISCARD_UP_TO_BYTES) return;
      try {
        while (bytes <= DISCARD_UP_TO_BYTES) {
          const { done, value } = await reader.read();
          if (done) return;
          bytes += value.byteLength;
        }
      } catch {
        // The browser gave up; nothing is left to read.
      }
    },
  };
}

/**
 * Holds the file in memory. Iterating the part pulls the body chunk by chunk, so nothing is read
 * faster than it is kept (backpressure), and reading stops at the cap: at most `max` bytes are held.
 */
const keepInMemory: Keeper<Buffer> = {
  async take(data, field, max) {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of data) {
      bytes += chunk.byteLength;
      if (bytes > max) throw new MaxPartSizeExceededError(field, max);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, bytes);
  },
  async drop() {},
};

/**
 * Streams the file to a new file in `dir`, hashing it on the way. The pipeline waits for the disk
 * before reading more (backpressure), so memory stays flat whatever the size; past the cap the
 * partial file is removed.
 */
function keepOnDisk(dir: string): Keeper<{ path: string; size: number; sha256: string }> {
  return {
    async take(data, field, max) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, randomUUID());
      const hash = createHash("sha256");
      let size = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          if (size > max) return done(new MaxPartSizeExceededError(field, max));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.from(data), cap, createWriteStream(file, { flags: "wx", mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, size, sha256: hash.digest("hex") };
    },
    async drop(kept) {
      await rm(kept.path, { force: true });
    },
  };
}
