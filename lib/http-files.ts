// Answers that send a stored file to its reader: private files (resumes) are streamed from storage
// with headers that keep browsers and proxies from sniffing, caching or renaming them.
import { create } from "content-disposition";
import { storage, type FileStorage } from "./storage.ts";
import { safeFileName } from "./uploads.ts";

/**
 * An RFC 6266 Content-Disposition (the `content-disposition` package): the real name in UTF-8
 * (`filename*`, RFC 8187) and a plain-ASCII stand-in for old clients.
 */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  const stripped = filename
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "")
    .trim();
  // A name in another script has no ASCII left: keep its extension at least.
  const extension = /\.[a-z0-9]{1,10}$/i.exec(stripped)?.[0] ?? "";
  const fallback = /[a-z0-9]/i.test(stripped.slice(0, stripped.length - extension.length))
    ? stripped
    : `file${extension}`;
  return create(filename, { type: disposition, fallback });
}

/**
 * The stored PDF under `key` as a streamed response, or null when there is none (the route answers
 * 404). `filename` is the name the person uploaded; it is made safe again here and ends in .pdf.
 */
export async function storedPdfResponse(
  key: string,
  {
    filename,
    disposition = "inline",
    store = storage(),
  }: { filename: string; disposition?: "inline" | "attachment"; store?: FileStorage },
): Promise<Response | null> {
  const file = await store.open(key);
  if (!file) return null;
  const name = safeFileName(filename, "resume.pdf");
  return new Response(file.stream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(disposition, /\.pdf$/i.test(name) ? name : `${name}.pdf`),
      "X-Content-Type-Options": "nosniff",
      // Someone's resume: never kept by a shared cache, nor by the browser after the visit.
      "Cache-Control": "private, no-store",
    },
  });
}
