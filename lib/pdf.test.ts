import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { encryptedPdf, goodPdf, inflatingPdf, nestedPdf, paddedPdf, PNG } from "../tests/fixtures/files.ts";
import { checkPdf, ENCRYPTED_PDF, NOT_A_PDF, PDF_LIMITS, PDF_TOO_LARGE } from "./pdf.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-pdf-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let count = 0;
async function file(bytes: Uint8Array | string): Promise<string> {
  const name = path.join(dir, `${++count}.pdf`);
  await writeFile(name, bytes);
  return name;
}

describe("checkPdf", () => {
  it("accepts a PDF and gives back its pages and text", async () => {
    await expect(checkPdf(await file(await goodPdf("Grace Hopper, compilers")))).resolves.toEqual({
      ok: true,
      pages: 1,
      text: "Grace Hopper, compilers",
    });
  });

  it("accepts a PDF of exactly 10 MB", async () => {
    const pdf = paddedPdf(await goodPdf("Ten megabytes"), 10 * 1024 * 1024);
    await expect(checkPdf(await file(pdf))).resolves.toEqual({ ok: true, pages: 1, text: "Ten megabytes" });
  });

  it("refuses an empty file, a text file named .pdf and a PNG, by their bytes", async () => {
    expect(NOT_A_PDF).toBe("Please upload a PDF file");
    await expect(checkPdf(await file(""))).resolves.toEqual({ ok: false, reason: "empty", message: NOT_A_PDF });
    await expect(checkPdf(await file("Ada Lovelace\nAnalyst\n"))).resolves.toEqual({
      ok: false,
      reason: "not-pdf",
      message: NOT_A_PDF,
    });
    await expect(checkPdf(await file(PNG))).resolves.toEqual({ ok: false, reason: "not-pdf", message: NOT_A_PDF });
  });

  it("refuses a truncated PDF and one that only starts like a PDF", async () => {
    const pdf = await goodPdf();
    await expect(checkPdf(await file(pdf.subarray(0, Math.floor(pdf.length / 2))))).resolves.toEqual({
      ok: false,
      reason: "invalid",
      message: NOT_A_PDF,
    });
    await expect(checkPdf(await file("%PDF-1.7\nthe rest is not a PDF at all\n"))).resolves.toEqual({
      ok: false,
      reason: "invalid",
      message: NOT_A_PDF,
    });
  });

  it("refuses a password-protected PDF with its own message", async () => {
    await expect(checkPdf(await file(encryptedPdf()))).resolves.toEqual({
      ok: false,
      reason: "encrypted",
      message: ENCRYPTED_PDF,
    });
  });

  it("refuses a file over 10 MB without parsing it", async () => {
    const pdf = paddedPdf(await goodPdf(), 10 * 1024 * 1024 + 1);
    await expect(checkPdf(await file(pdf))).resolves.toEqual({ ok: false, reason: "too-big", message: PDF_TOO_LARGE });
    expect(PDF_TOO_LARGE).toBe("The file is too large. The limit is 10 MB.");
  });

  it("refuses a PDF bomb of deeply nested objects, and the server goes on", async () => {
    // "too-complex", not "timeout": a cap stopped it before the time limit did.
    await expect(checkPdf(await file(nestedPdf(100_000)))).resolves.toEqual({
      ok: false,
      reason: "too-complex",
      message: NOT_A_PDF,
    });
    // Still able to check the next file.
    await expect(checkPdf(await file(await goodPdf("after the bomb")))).resolves.toMatchObject({
      ok: true,
      text: "after the bomb",
    });
  });

  it("stops a PDF bomb that inflates to gigabytes within the caps, without touching this process", async () => {
    const bomb = await inflatingPdf(1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const result = await checkPdf(await file(bomb));
    // Usually the memory cap stops it within seconds; on a loaded machine the time cap may come
    // first. Either reason means the child was stopped by a cap, not left to finish.
    expect(result).toMatchObject({ ok: false, message: NOT_A_PDF });
    expect(["too-complex", "timeout"]).toContain(!result.ok && result.reason);
    expect(process.memoryUsage().rss - before).toBeLessThan(30 * 1024 * 1024);
  });

  it("stops a child at the memory cap", async () => {
    // The runtime and parser alone take more than 40 MB.
    await expect(checkPdf(await file(await goodPdf()), { ...PDF_LIMITS, rssMb: 40 })).resolves.toEqual({
      ok: false,
      reason: "too-complex",
      message: NOT_A_PDF,
    });
  });

  it("stops a parse that runs past the time cap", async () => {
    // Starting a child and loading the parser alone takes longer than 50 ms.
    await expect(checkPdf(await file(await goodPdf()), { ...PDF_LIMITS, timeoutMs: 50 })).resolves.toEqual({
      ok: false,
      reason: "timeout",
      message: NOT_A_PDF,
    });
  });

  it("checks many files at once, a few children at a time", async () => {
    const files = await Promise.all(Array.from({ length: 6 }, async (_, i) => file(await goodPdf(`candidate ${i}`))));
    const results = await Promise.all(files.map((f) => checkPdf(f)));
    expect(results.map((r) => r.ok && r.text)).toEqual(files.map((_, i) => `candidate ${i}`));
  });
});
