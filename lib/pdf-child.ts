// Runs one PDF through pdf-parse in a process of its own, started by lib/pdf.ts with a time and a
// memory cap, so a hostile file can exhaust only this process. Node runs this file as it is (it is
// not part of the server build): keep it to erasable TypeScript and imports from node_modules.
import { readFile } from "node:fs/promises";
import { PDFParse } from "pdf-parse";

export type PdfChildRequest = { path: string; maxTextChars: number };
export type PdfChildReply = { ok: true; pages: number; text: string } | { ok: false; name: string; message: string };

process.once("message", async ({ path, maxTextChars }: PdfChildRequest) => {
  let reply: PdfChildReply;
  try {
    const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
    // pageJoiner "" drops the "-- 1 of 1 --" pdf-parse writes after each page.
    const result = await parser.getText({ pageJoiner: "" });
    reply = { ok: true, pages: result.total, text: result.text.trim().slice(0, maxTextChars) };
  } catch (error) {
    // Errors do not cross the IPC channel: their name and message do.
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    reply = { ok: false, name, message };
  }
  // The process ends here, which frees everything the parser held.
  process.send!(reply, () => process.exit(0));
});
