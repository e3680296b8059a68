// A zip archive streamed as it is written (yazl): small entries from memory, stored files read
// from file storage only when the archive reaches them, so neither the archive nor a file ever sits
// in memory whole. Stopping (the reader went away) closes every file opened for it.
import { Readable } from "node:stream";
import yazl from "yazl";
import { logger } from "./logger.ts";
import { storage, type FileStorage } from "./storage.ts";

export type ZipEntry = { path: string; bytes: Buffer } | { path: string; storageKey: string };

/**
 * The archive of `entries` as a web stream for a Response. Buffers are deflated; stored files
 * (PDFs, WebP images: compressed already) are stored as they are. A stored file that has gone
 * missing becomes an empty entry, logged. `signal` (the request's) stops the archive early.
 */
export function zipStream(
  entries: ZipEntry[],
  { signal, store = storage() }: { signal?: AbortSignal; store?: FileStorage } = {},
): ReadableStream<Uint8Array> {
  const zip = new yazl.ZipFile();
  const opened: Readable[] = [];
  const mtime = new Date();
  for (const entry of entries) {
    if ("bytes" in entry) {
      zip.addBuffer(entry.bytes, entry.path, { mtime, compress: true });
      continue;
    }
    zip.addReadStreamLazy(entry.path, { mtime, compress: false }, (done) => {
      store
        .open(entry.storageKey)
        .then((file) => {
          if (!file) logger.warn({ key: entry.storageKey }, "a file named in an export is missing from storage");
          const stream = file
            ? Readable.fromWeb(file.stream as import("node:stream/web").ReadableStream)
            : Readable.from([]);
          opened.push(stream);
          done(null, stream);
        })
        .catch((error: unknown) => done(error, Readable.from([])));
    });
  }
  const output = zip.outputStream as Readable;
  // yazl reports a failed source on the ZipFile, not on its output.
  zip.on("error", (error: Error) => output.destroy(error));
  zip.end();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const stream of opened) stream.destroy();
    output.destroy();
  };
  signal?.addEventListener("abort", stop, { once: true });

  const chunks = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value as Buffer));
      } catch (error) {
        // The reader left: end quietly. Anything else fails the download rather than truncate it.
        if (stopped) controller.close();
        else controller.error(error);
      }
    },
    cancel() {
      stop();
    },
  });
}
