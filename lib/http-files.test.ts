import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { goodPdf } from "../tests/fixtures/files.ts";
import { contentDisposition, storedPdfResponse } from "./http-files.ts";
import { LocalDiskStorage } from "./storage.ts";

let dir: string;
let store: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-http-files-"));
  store = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("storedPdfResponse", () => {
  it("streams a stored PDF with headers that stop sniffing and caching", async () => {
    const pdf = await goodPdf();
    await store.put("resumes/c1/j1-1.pdf", pdf, "application/pdf");
    const response = await storedPdfResponse("resumes/c1/j1-1.pdf", { filename: "Zoë CV.pdf", store });
    expect(response?.status).toBe(200);
    expect(Object.fromEntries(response!.headers)).toEqual({
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": "inline; filename=\"Zoe CV.pdf\"; filename*=UTF-8''Zo%C3%AB%20CV.pdf",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await response!.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("offers a download with a safe name that ends in .pdf", async () => {
    const response = await storedPdfResponse("resumes/c1/j1-1.pdf", {
      filename: '../../x"; evil=1\r\n',
      disposition: "attachment",
      store,
    });
    expect(response?.headers.get("Content-Disposition")).toBe('attachment; filename="x evil1.pdf"');
    await response?.body?.cancel();
  });

  it("answers null when the file is gone", async () => {
    await expect(storedPdfResponse("resumes/c1/missing.pdf", { filename: "cv.pdf", store })).resolves.toBeNull();
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII stand-in and the UTF-8 name", () => {
    expect(contentDisposition("inline", "履歴書.pdf")).toBe(
      "inline; filename=file.pdf; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf",
    );
    expect(contentDisposition("attachment", "it's (final).pdf")).toBe('attachment; filename="it\'s (final).pdf"');
  });
});
