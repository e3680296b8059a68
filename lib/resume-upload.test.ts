// The list of bad uploads, each through the whole path a resume takes (read the upload,
// check the PDF, clean up): each is refused with a message and leaves no file behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { encryptedPdf, formPost, goodPdf, nestedPdf, paddedPdf, PNG, streamedPost } from "../tests/fixtures/files.ts";
import { checkPdf } from "./pdf.ts";
import { MAX_RESUME_BYTES, readResumeUpload } from "./uploads.ts";

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "hirewise-resumes-"));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/** What the apply wizard's resume step does with a post: the refusal's message, or the PDF's text. */
async function submit(request: Request): Promise<{ refused: string } | { text: string; filename: string }> {
  const upload = await readResumeUpload(request, { tempDir });
  if (upload.status !== "ok") return { refused: upload.message };
  try {
    if (!upload.file) return { refused: "no file" };
    const pdf = await checkPdf(upload.file.path);
    return pdf.ok ? { text: pdf.text, filename: upload.file.filename } : { refused: pdf.message };
  } finally {
    await upload.cleanup();
  }
}

const resume = (body: Uint8Array | string, filename = "cv.pdf", type = "application/pdf") =>
  formPost([{ name: "resume", filename, type, body }]);

describe("bad resume uploads", () => {
  it.each([
    ["an empty file", async () => resume(""), "Please upload a PDF file"],
    ["a text file named .pdf", async () => resume("Ada Lovelace\nAnalyst\n"), "Please upload a PDF file"],
    ["a PNG sent as application/pdf", async () => resume(PNG, "photo.pdf"), "Please upload a PDF file"],
    ["a truncated PDF", async () => resume((await goodPdf()).subarray(0, 400)), "Please upload a PDF file"],
    [
      "an encrypted PDF",
      async () => resume(encryptedPdf()),
      "This PDF is password-protected. Please upload a PDF without a password.",
    ],
    [
      "a 10 MB + 1 byte PDF",
      async () => resume(paddedPdf(await goodPdf(), MAX_RESUME_BYTES + 1)),
      "The file is too large. The limit is 10 MB.",
    ],
    [
      "a 2 GB stream cut off early",
      async () =>
        streamedPost({ field: "resume", filename: "cv.pdf", fileBytes: 2 ** 31, failAfter: 20 * 1024 * 1024 }).request,
      "The file is too large. The limit is 10 MB.",
    ],
    ["a PDF bomb of nested objects", async () => resume(nestedPdf(100_000)), "Please upload a PDF file"],
    [
      "two files in one field",
      async () =>
        formPost([
          { name: "resume", filename: "a.pdf", body: await goodPdf() },
          { name: "resume", filename: "b.pdf", body: await goodPdf() },
        ]),
      "Please upload one file.",
    ],
  ])("refuses %s with a message and leaves no file", async (_case, request, message) => {
    await expect(submit(await request())).resolves.toEqual({ refused: message });
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("takes a good PDF under a hostile file name, with its text and a safe name", async () => {
    const request = resume(await goodPdf("Katherine Johnson, orbital mechanics"), "../../home/\u0007cv\u001b[0m.pdf");
    await expect(submit(request)).resolves.toEqual({
      text: "Katherine Johnson, orbital mechanics",
      filename: "cv0m.pdf",
    });
    expect(await readdir(tempDir)).toEqual([]);
  });
});
