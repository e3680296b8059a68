import { describe, expect, it } from "vitest";
import { readZip } from "../tests/support/zip.ts";
import type { FileStorage, OpenedFile } from "./storage.ts";
import { zipStream } from "./zip.ts";

/** A storage whose files are endless streams (or fixed bytes), recording what was opened and cancelled. */
function fakeStorage(files: Record<string, Buffer | "endless">) {
  const opened: string[] = [];
  const cancelled: string[] = [];
  const store = {
    async open(key: string): Promise<OpenedFile | null> {
      const content = files[key];
      if (content === undefined) return null;
      opened.push(key);
      const stream =
        content === "endless"
          ? new ReadableStream<Uint8Array>({
              pull: (c) => c.enqueue(new Uint8Array(64 * 1024)),
              cancel: () => void cancelled.push(key),
            })
          : new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array(content)), c.close()) });
      return { stream, contentType: "application/octet-stream", size: content === "endless" ? 0 : content.length };
    },
  } as unknown as FileStorage;
  return { store, opened, cancelled };
}

const readAll = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe("zipStream", () => {
  it("writes buffers and stored files, opening each file only when the archive reaches it", async () => {
    const { store, opened } = fakeStorage({ "a/1.pdf": Buffer.from("first file"), "a/2.pdf": Buffer.from("second") });
    const stream = zipStream(
      [
        { path: "data.json", bytes: Buffer.from('{"x":1}') },
        { path: "files/1.pdf", storageKey: "a/1.pdf" },
        { path: "files/2.pdf", storageKey: "a/2.pdf" },
        { path: "files/gone.pdf", storageKey: "a/missing.pdf" },
      ],
      { store },
    );
    expect(opened).toEqual([]);
    const zip = readZip(await readAll(stream));
    expect([...zip.keys()]).toEqual(["data.json", "files/1.pdf", "files/2.pdf", "files/gone.pdf"]);
    expect(zip.get("data.json")!.toString()).toBe('{"x":1}');
    expect(zip.get("files/2.pdf")!.toString()).toBe("second");
    // A file gone from storage is an empty entry, not a broken archive.
    expect(zip.get("files/gone.pdf")!.length).toBe(0);
  });

  it("closes the file it was reading when the reader goes away", async () => {
    const { store, cancelled } = fakeStorage({ "big.pdf": "endless" });
    const abort = new AbortController();
    const stream = zipStream([{ path: "big.pdf", storageKey: "big.pdf" }], { store, signal: abort.signal });
    const reader = stream.getReader();
    let bytes = 0;
    while (bytes < 1024 * 1024) bytes += (await reader.read()).value!.length;
    abort.abort();
    // The stream ends quietly, and the source file is released.
    for (;;) if ((await reader.read()).done) break;
    await expect.poll(() => cancelled).toEqual(["big.pdf"]);
  });
});
