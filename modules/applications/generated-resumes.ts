// A PDF made on this server (the CV maker) kept as one of the candidate's resumes. It goes the way
// an upload goes: written to this process's upload folder, checked and read by lib/pdf.ts in its
// capped child, then stored by storeResume with the text read out of it, so scoring reads it as it
// reads an uploaded resume's.
import { createHash, randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkPdf } from "../../lib/pdf.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { safeFileName, uploadTempDir } from "../../lib/uploads.ts";
import { resumeInfo, storeResume, type ResumeInfo } from "./resumes.ts";

/** Where generated resumes sit in storage: resumes/<candidate>/cv-<timestamp>.pdf. */
const GENERATED = "cv";

/**
 * Stores `pdf` as a resume of the candidate's named `filename`, counted against their resume
 * uploads. Throws QuotaExceededError past that quota, and an Error if the PDF can't be read.
 */
export async function saveGeneratedResume(candidateId: string, pdf: Uint8Array, filename: string): Promise<ResumeInfo> {
  await enforceQuota("resume-uploads", candidateId);
  const file = path.join(await uploadTempDir(), `generated-${randomBytes(8).toString("hex")}.pdf`);
  await writeFile(file, pdf, { mode: 0o600 });
  try {
    const check = await checkPdf(file);
    // Our own renderer made it: a refusal here is a bug, not the person's doing.
    if (!check.ok) throw new Error(`generated resume refused by the PDF check: ${check.reason}`);
    const name = safeFileName(filename, "CV.pdf");
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    const resume = await storeResume(
      candidateId,
      GENERATED,
      { path: file, filename: name, size: pdf.byteLength, sha256 },
      check.text,
    );
    return resumeInfo(resume);
  } finally {
    await rm(file, { force: true });
  }
}
