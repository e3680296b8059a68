// Multipart bodies as streams: busboy parses them (quoted and RFC 5987 `filename*=` names with
// `;`, `=` and quotes in them; each file streamed with backpressure), and the body is capped as a
// whole, since the parser has no total limit of its own. lib/uploads.ts decides what to keep.
import { Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";

// A refused upload up to this size is read to its end and dropped, so the browser finishes
// sending and shows our message at once (a phone photo picked by mistake). Past it the server
// stops reading, and Node closes the connection after its keep-alive timeout (five seconds);
// the browser shows the message then.
const DISCARD_UP_TO_BYTES = 25 * 1024 * 1024;
// Our forms have a handful of fields; a body of thousands of tiny parts is not one of them.
const MAX_PARTS = 200;

/** The body went past its cap. */
export class RequestTooLargeError extends Error {}

/** Browsers send `"`, CR and LF in a file name as %22, %0D and %0A (HTML's multipart/form-data encoding). */
export function browserFileName(sent: string): string {
  return sent.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

export interface PartHandlers {
  field(name: string, value: string): void;
  /** Must read `stream` to its end (or resume it) for the parse to go on. */
  file(name: string, stream: Readable, filename: string): Promise<void>;
}

/**
 * Streams a multipart body through busboy: fields (at most `maxFieldBytes` each, past it the
 * request is too large) and files, one handler at a time. Resolves when the body and every file
 * handler are done; rejects on the first error, of the body, the parser or a handler.
 */
export function parseMultipart(
  contentType: string,
  body: ReadableStream<Uint8Array>,
  maxFieldBytes: number,
  handlers: PartHandlers,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const input = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
    const handled: Promise<void>[] = [];
    const files = new Set<Readable>();
    let failed = false;
    // Stops reading, breaks off the files still coming, and answers once every handler has
    // cleaned up after itself (a partial file is removed before the caller hears of the failure).
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.unpipe();
      input.destroy();
      for (const stream of files) stream.destroy(new Error("The upload stopped", { cause: error }));
      void Promise.allSettled(handled).then(() => reject(error));
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      // Throws on a multipart type without a boundary.
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: { fieldSize: maxFieldBytes, parts: MAX_PARTS },
      });
    } catch (error) {
      input.destroy();
      return reject(error);
    }
    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(new RequestTooLargeError());
      else handlers.field(name, value);
    });
    parser.on("file", (name, stream, filename) => {
      // The parser also errors the file itself when the body breaks off inside it: with no listener
      // (a file no handler reads) that would end the process. The parser's own error answers.
      stream.on("error", () => {});
      files.add(stream.once("end", () => files.delete(stream)));
      handled.push(
        handlers.file(name, stream, filename).catch((error: unknown) => {
          stream.resume();
          fail(error);
        }),
      );
    });
    parser.on("partsLimit", () => fail(new RequestTooLargeError()));
    parser.on("error", fail);
    parser.on("finish", () => {
      Promise.all(handled).then(() => {
        if (!failed) resolve();
      }, fail);
    });
    input.on("error", fail);
    input.pipe(parser);
  });
}

/**
 * The upload's body, erroring past `max` bytes. The parser has no total limit of its own, so
 * this bounds memory and work even without a Content-Length (chunked uploads).
 */
export function cappedBody(request: Request, max: number) {
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
    body,
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
