import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formPost, goodPdf, paddedPdf, streamedPost } from "../tests/fixtures/files.ts";
import { UNSTORABLE_FORM } from "./forms.ts";
import {
  MAX_RESUME_BYTES,
  ONE_FILE_ONLY,
  readFileUpload,
  readResumeUpload,
  safeFileName,
  UNREADABLE_UPLOAD,
  uploadTempDir,
  type DiskUpload,
} from "./uploads.ts";

const MB = 1024 * 1024;
const TOO_BIG = "The file is too large. The limit is 10 MB.";

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "hirewise-uploads-"));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});
const leftOver = () => readdir(tempDir);

function expectOk(upload: DiskUpload): asserts upload is Extract<DiskUpload, { status: "ok" }> {
  expect(upload.status).toBe("ok");
}

describe("readResumeUpload", () => {
  beforeEach(async () => {
    expect(await leftOver()).toEqual([]);
  });

  it("streams the file to a temporary file with its size and SHA-256, keeps the other fields, and cleans up", async () => {
    const pdf = await goodPdf();
    const upload = await readResumeUpload(
      formPost([
        { name: "intent", value: "upload" },
        { name: "resume", filename: "Ada CV.pdf", body: pdf },
      ]),
      { tempDir },
    );
    expectOk(upload);
    expect(upload.form.get("intent")).toBe("upload");
    expect(upload.file).toMatchObject({
      filename: "Ada CV.pdf",
      size: pdf.length,
      sha256: createHash("sha256").update(pdf).digest("hex"),
    });
    expect(path.dirname(upload.file!.path)).toBe(tempDir);
    expect(await readFile(upload.file!.path)).toEqual(pdf);
    await upload.cleanup();
    expect(await leftOver()).toEqual([]);
  });

  it("answers with no file when none was chosen", async () => {
    const upload = await readResumeUpload(
      formPost([
        { name: "intent", value: "next" },
        { name: "resume", filename: "", type: "application/octet-stream", body: "" },
      ]),
      { tempDir },
    );
    expectOk(upload);
    expect(upload.file).toBeNull();
    expect(upload.form.get("intent")).toBe("next");
    await upload.cleanup();
  });

  it("takes a file of exactly 10 MB", async () => {
    const upload = await readResumeUpload(
      formPost([{ name: "resume", filename: "cv.pdf", body: paddedPdf(await goodPdf(), MAX_RESUME_BYTES) }]),
      { tempDir },
    );
    expectOk(upload);
    expect(upload.file?.size).toBe(MAX_RESUME_BYTES);
    await upload.cleanup();
  });

  it("refuses a 10 MB + 1 byte PDF by its Content-Length, before reading it", async () => {
    const request = formPost([
      { name: "resume", filename: "cv.pdf", body: paddedPdf(await goodPdf(), MAX_RESUME_BYTES + 1) },
    ]);
    // The form overhead allowance lets the declared length through: the file cap refuses it.
    await expect(readResumeUpload(request, { tempDir })).resolves.toEqual({ status: "too-big", message: TOO_BIG });
    expect(await leftOver()).toEqual([]);

    const huge = formPost([{ name: "resume", filename: "cv.pdf", body: Buffer.alloc(11 * MB) }]);
    await expect(readResumeUpload(huge, { tempDir })).resolves.toEqual({ status: "too-big", message: TOO_BIG });
    expect(await leftOver()).toEqual([]);
  });

  it("refuses a 10 MB + 1 byte file sent without a Content-Length, at the cap", async () => {
    const { request, pulled } = streamedPost({ field: "resume", filename: "cv.pdf", fileBytes: MAX_RESUME_BYTES + 1 });
    await expect(readResumeUpload(request, { tempDir })).resolves.toEqual({ status: "too-big", message: TOO_BIG });
    expect(pulled()).toBeGreaterThan(MAX_RESUME_BYTES);
    expect(await leftOver()).toEqual([]);
  });

  it("stops reading a 2 GB stream soon after the cap, memory flat, nothing left on disk", async () => {
    const { request, pulled } = streamedPost({
      field: "resume",
      filename: "huge.pdf",
      fileBytes: 2 * 1024 * MB,
      failAfter: 2 * 1024 * MB - 1,
    });
    const before = process.memoryUsage().rss;
    await expect(readResumeUpload(request, { tempDir })).resolves.toEqual({ status: "too-big", message: TOO_BIG });
    // A refused body is drained in the background up to 25 MB, so the browser can read the answer;
    // then reading stops. Waits for the drain to pass 25 MB however slow the machine; the body is
    // pulled chunk by chunk (no read-ahead), so whatever was read by the end of the test is bounded
    // by the drain's limit plus the chunk that crossed it.
    await expect.poll(pulled).toBeGreaterThan(25 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(30 * MB);
    expect(await leftOver()).toEqual([]);
    expect(pulled()).toBeLessThan(25 * MB + 128 * 1024);
  });

  it("treats a sender that breaks off mid-file as unreadable and removes the partial file", async () => {
    const { request } = streamedPost({ field: "resume", filename: "cv.pdf", fileBytes: 5 * MB, failAfter: 2 * MB });
    const upload = await readResumeUpload(request, { tempDir });
    expect(upload).toMatchObject({ status: "unreadable", message: UNREADABLE_UPLOAD });
    expect(await leftOver()).toEqual([]);
  });

  it("refuses two files in one field and keeps neither", async () => {
    const pdf = await goodPdf();
    const upload = await readResumeUpload(
      formPost([
        { name: "resume", filename: "one.pdf", body: pdf },
        { name: "resume", filename: "two.pdf", body: pdf },
      ]),
      { tempDir },
    );
    expect(upload).toEqual({ status: "invalid", message: ONE_FILE_ONLY });
    expect(await leftOver()).toEqual([]);
  });

  it("makes a file name with directories and control characters safe", async () => {
    const upload = await readResumeUpload(
      formPost([{ name: "resume", filename: "..\\..\\etc/evil\u0001\u001b[31m name\t.pdf", body: await goodPdf() }]),
      { tempDir },
    );
    expectOk(upload);
    expect(upload.file?.filename).toBe("evil31m name .pdf");
    await upload.cleanup();
  });

  it.each([
    ['form-data; name="resume"; filename="CV; final.pdf"', "CV final.pdf"],
    ['form-data; name="resume"; filename="a=b; c=d.pdf"', "ab cd.pdf"],
    ['form-data; name="resume"; filename="Ada \\"The Countess\\" CV.pdf"', "Ada The Countess CV.pdf"],
    // Browsers send a quote in a file name as %22.
    ['form-data; name="resume"; filename="Ada %22Q%22 CV.pdf"', "Ada Q CV.pdf"],
    [
      "form-data; name=\"resume\"; filename*=UTF-8''%C5%81ukasz%20%C5%BB%C3%B3%C5%82%C4%87%20%E2%80%94%20CV.pdf",
      "Łukasz Żółć CV.pdf",
    ],
    ['form-data; name="resume"; filename="Łukasz Żółć — CV.pdf"', "Łukasz Żółć CV.pdf"],
    ['form-data; name="resume"; filename="履歴書.pdf"', "履歴書.pdf"],
  ])("takes a file sent as %s, named %s", async (disposition, shown) => {
    const pdf = await goodPdf();
    const upload = await readResumeUpload(rawFilePost(disposition, pdf), { tempDir });
    expectOk(upload);
    expect(upload.file).toMatchObject({ filename: shown, size: pdf.length });
    await upload.cleanup();
  });

  it("refuses a form whose text holds a NUL character, keeping no file", async () => {
    const upload = await readResumeUpload(
      formPost([
        { name: "intent", value: "up\u0000load" },
        { name: "resume", filename: "cv.pdf", body: await goodPdf() },
      ]),
      { tempDir },
    );
    expect(upload).toEqual({ status: "invalid", message: UNSTORABLE_FORM });
    expect(await leftOver()).toEqual([]);
  });

  it.each([
    ["no boundary", "multipart/form-data", "x"],
    [
      "a body cut off mid-part",
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n\r\n%PDF-1.4`,
    ],
    [
      "no closing boundary after a field",
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload`,
    ],
    ["random bytes", `multipart/form-data; boundary=${BOUNDARY}`, "\u0000\u00ff garbage"],
    ["an empty body", `multipart/form-data; boundary=${BOUNDARY}`, ""],
  ])("answers a multipart body with %s as unreadable, leaving nothing behind", async (_case, type, body) => {
    const request = new Request("http://127.0.0.1/upload", { method: "POST", headers: { "Content-Type": type }, body });
    await expect(readResumeUpload(request, { tempDir })).resolves.toMatchObject({
      status: "unreadable",
      message: UNREADABLE_UPLOAD,
    });
    expect(await leftOver()).toEqual([]);
  });

  it("raises the process's memory by far less than 30 MB for a 10 MB upload", async () => {
    const toDisk = async () => {
      const { request } = streamedPost({ field: "resume", filename: "cv.pdf", fileBytes: MAX_RESUME_BYTES });
      const result = await readResumeUpload(request, { tempDir });
      expectOk(result);
      expect(result.file?.size).toBe(MAX_RESUME_BYTES);
      await result.cleanup();
    };
    // The same upload held in memory: shows that the measure sees a buffered file.
    const inMemory = async () => {
      const { request } = streamedPost({ field: "resume", filename: "cv.pdf", fileBytes: MAX_RESUME_BYTES });
      const result = await readFileUpload(request, { field: "resume", maxFileBytes: MAX_RESUME_BYTES });
      expect(result.status === "ok" && result.file?.bytes.length).toBe(MAX_RESUME_BYTES);
    };
    const coldRss = await peakGrowth(toDisk);
    const disk = await peakGrowth(toDisk);
    const memory = await peakGrowth(inMemory);
    console.log(
      `10 MB resume upload: RSS peak +${mb(coldRss.rss)} MB (first), +${mb(disk.rss)} MB (warm); ` +
        `live heap and buffers peak +${mb(disk.live)} MB (held in memory instead: +${mb(memory.live)} MB)`,
    );
    expect(coldRss.rss).toBeLessThan(30 * MB);
    expect(disk.rss).toBeLessThan(30 * MB);
    // Live memory counts garbage not yet collected, so its level depends on the collector's timing;
    // a file held whole always adds its 10 MB on top of that.
    expect(memory.live).toBeGreaterThan(MAX_RESUME_BYTES);
    expect(disk.live).toBeLessThan(memory.live);
  });
});

const BOUNDARY = "----hirewise-names";

/** A form post of one resume part with the Content-Disposition given as is. */
function rawFilePost(disposition: string, body: Buffer): Request {
  const bytes = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return new Request("http://127.0.0.1/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: new Uint8Array(bytes),
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** How far resident memory and live memory (JS heap and buffers) rose above their start while `run` ran. */
async function peakGrowth(run: () => Promise<void>): Promise<{ rss: number; live: number }> {
  const live = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const start = { rss: process.memoryUsage().rss, live: live() };
  const peak = { ...start };
  const sample = () => {
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    peak.live = Math.max(peak.live, live());
  };
  const sampler = setInterval(sample, 2);
  await run();
  sample();
  clearInterval(sampler);
  return { rss: peak.rss - start.rss, live: peak.live - start.live };
}

describe("readFileUpload (images, held in memory)", () => {
  it("gives the file's bytes and the form's other fields", async () => {
    const upload = await readFileUpload(
      formPost([
        { name: "intent", value: "upload" },
        { name: "logo", filename: "logo.png", type: "image/png", body: "png bytes" },
      ]),
      { field: "logo", maxFileBytes: 1024 },
    );
    expect(upload).toMatchObject({ status: "ok", file: { bytes: Buffer.from("png bytes"), filename: "logo.png" } });
    expect(upload.status === "ok" && upload.form.get("intent")).toBe("upload");
  });

  it("refuses a file past its cap, declared or streamed", async () => {
    await expect(
      readFileUpload(formPost([{ name: "logo", filename: "l.png", body: Buffer.alloc(2048) }]), {
        field: "logo",
        maxFileBytes: 1024,
      }),
    ).resolves.toEqual({ status: "too-big" });
    const { request } = streamedPost({ field: "logo", filename: "l.png", fileBytes: 3 * MB });
    await expect(readFileUpload(request, { field: "logo", maxFileBytes: 2 * MB })).resolves.toEqual({
      status: "too-big",
    });
  });

  it("answers a body that breaks off inside a file of another field as unreadable", async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n\r\n%PDF-1.4 half`;
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    await expect(readFileUpload(request, { field: "logo", maxFileBytes: 1024 })).resolves.toMatchObject({
      status: "unreadable",
    });
  });

  it("refuses two files in one field as an unreadable post", async () => {
    const upload = await readFileUpload(
      formPost([
        { name: "logo", filename: "a.png", body: "a" },
        { name: "logo", filename: "b.png", body: "b" },
      ]),
      { field: "logo", maxFileBytes: 1024 },
    );
    expect(upload.status).toBe("unreadable");
  });
});

describe("safeFileName", () => {
  it("keeps letters of any script, digits, spaces, dots, dashes and underscores", () => {
    expect(safeFileName("Résumé – Zoë_Łódź 2026.pdf")).toBe("Résumé Zoë_Łódź 2026.pdf");
    expect(safeFileName("履歴書.pdf")).toBe("履歴書.pdf");
  });

  it("strips directories, control characters and bidi overrides", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\ada\\cv.pdf")).toBe("cv.pdf");
    expect(safeFileName("cv\r\nSet-Cookie: x=1.pdf")).toBe("cv Set-Cookie x1.pdf");
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName('a"b<c>;d.pdf')).toBe("abcd.pdf");
  });

  it("never answers an empty or hidden name", () => {
    expect(safeFileName("", "resume.pdf")).toBe("resume.pdf");
    expect(safeFileName("...", "resume.pdf")).toBe("resume.pdf");
    expect(safeFileName("\u0000\u0007", "resume.pdf")).toBe("resume.pdf");
    expect(safeFileName(".bashrc")).toBe("bashrc");
    expect(safeFileName(" cv.pdf. ")).toBe("cv.pdf");
  });

  it("caps the length at 100 characters and keeps the extension", () => {
    const name = safeFileName(`${"a".repeat(300)}.pdf`);
    expect(name).toBe(`${"a".repeat(96)}.pdf`);
    expect(Array.from(safeFileName("😀".repeat(10) + "é".repeat(200))).length).toBe(100);
  });
});

describe("uploadTempDir", () => {
  it("is a folder of this process's own under the temporary directory, that only its user can enter", async () => {
    const dir = await uploadTempDir();
    expect(path.dirname(dir)).toBe(tmpdir());
    expect(path.basename(dir)).toMatch(/^hirewise-uploads-.{6}$/);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await uploadTempDir()).toBe(dir);
  });
});
