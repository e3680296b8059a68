// Reading one file from a multipart form post without trusting its size: the file is held in
// memory only up to its cap, the whole body is capped too (Remix's parser has no total limit and
// keeps any part no handler reads), and a Content-Length past the cap is refused before anything
// is read. Used for logos; resumes use the same path.
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

export async function readFileUpload(request: Request, { field, maxFileBytes }: { field: string; maxFileBytes: number }): Promise<FileUpload> {
  if (!request.body || !request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return { status: "ok", form: new FormData(), file: null };
  }
  const maxRequestBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const upload = cappedBody(request, maxRequestBytes);
  const tooBig = (): FileUpload => {
    // In the background: the answer goes out now, the rest of the body is dropped as it comes.
    void upload.discardRest();
    return { status: "too-big" };
  };
  // Checked first, so a big upload is refused before any of it is read.
  if (Number(request.headers.get("Content-Length")) > maxRequestBytes) return tooBig();

  const file = fileHandler(field, maxFileBytes);
  try {
    const form = await parseMultipartFormData(
      upload.request,
      // Other fields (an intent) are short text; other files are never read into the form.
      composeUploadHandlers(file.handler, createMemoryUploadHandler({ maxPartSize: 1024, filter: ({ filename }) => filename === undefined })),
    );
    return { status: "ok", form, file: file.result() };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || error instanceof RequestTooLargeError) return tooBig();
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
 * Collects the `field` file part in memory, refusing it past `max` bytes. Iterating the part pulls
 * the body chunk by chunk, so nothing is read faster than it is kept (backpressure), and reading
 * stops at the cap: at most `max` bytes of the file are ever held.
 */
function fileHandler(field: string, max: number): { handler: UploadHandler; result: () => { bytes: Buffer; filename: string } | null } {
  let file: { bytes: Buffer; filename: string } | null = null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== field || !filename) return undefined;
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of data) {
      bytes += chunk.byteLength;
      if (bytes > max) throw new MaxPartSizeExceededError(name, max);
      chunks.push(chunk);
    }
    file = { bytes: Buffer.concat(chunks, bytes), filename };
    return filename;
  };
  return { handler, result: () => file };
}

