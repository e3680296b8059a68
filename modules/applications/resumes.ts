// Resumes: checked PDFs kept in file storage, owned by a candidate, readable by that candidate and
// by the employers of the jobs it was sent to. Nobody else learns that it exists.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { storage } from "../../lib/storage.ts";
import { isUuid } from "../hiring/index.ts";
import { Resume } from "./entities.ts";

/** A PDF the upload reader has streamed to a temporary file and checked. */
export interface UploadedPdf {
  path: string;
  filename: string;
  size: number;
  sha256: string;
}

export interface ResumeInfo {
  id: string;
  name: string;
  /** Size as the spec shows it: whole kilobytes. */
  sizeKb: number;
  uploadedAt: string;
}

export const resumeInfo = (r: Resume): ResumeInfo => ({
  id: r.id,
  name: r.originalName,
  sizeKb: Math.max(1, Math.round(r.sizeBytes / 1024)),
  uploadedAt: new Date(r.createdAt).toISOString(),
});

/** The storage key the spec describes: candidate id, job id, a timestamp and the extension. */
const resumeKey = (candidateId: string, jobId: string) => `resumes/${candidateId}/${jobId}-${now().getTime()}.pdf`;

/**
 * Stores the file and records it as the candidate's, with the text its check read out of it (null:
 * unreadable); the file is removed again if the row can't be written.
 */
export async function storeResume(candidateId: string, jobId: string, file: UploadedPdf, text: string | null): Promise<Resume> {
  let key = resumeKey(candidateId, jobId);
  // Two uploads in the same millisecond by one candidate for one job would share a key.
  if (await em().count(Resume, { storageKey: key })) key = key.replace(/\.pdf$/, `-${Math.floor(Math.random() * 1e6)}.pdf`);
  await storage().putFile(key, file.path, "application/pdf");
  try {
    const manager = em();
    const resume = manager.create(Resume, {
      candidateId,
      storageKey: key,
      originalName: file.filename,
      sizeBytes: file.size,
      sha256: file.sha256,
      textStatus: text === null ? "unreadable" : "ready",
      text,
      createdAt: now(),
    });
    await manager.flush();
    return resume;
  } catch (error) {
    await storage().delete(key).catch(() => undefined);
    throw error;
  }
}

/** The candidate's resumes, newest first, to pick from instead of uploading again. */
export async function candidateResumes(candidateId: string, limit = 10): Promise<ResumeInfo[]> {
  const rows = await em().find(Resume, { candidateId }, { orderBy: { createdAt: "desc" }, limit });
  return rows.map(resumeInfo);
}

/** One of the candidate's own resumes, or null. */
export async function ownResume(candidateId: string, resumeId: string): Promise<Resume | null> {
  if (!isUuid(resumeId)) return null;
  return em().findOne(Resume, { id: resumeId, candidateId });
}

/**
 * Deletes a resume that nothing uses any more (no application, no draft): an upload a candidate
 * removed or a draft they discarded. Called after the change that let go of it has committed.
 */
export async function deleteIfOrphan(resumeId: string | null | undefined): Promise<void> {
  if (!resumeId) return;
  const rows = await em().execute<{ storage_key: string }[]>(
    `delete from resumes r where r.id = ?
       and not exists (select 1 from applications a where a.resume_id = r.id)
       and not exists (select 1 from application_drafts d where d.resume_id = r.id)
     returning r.storage_key`,
    [resumeId],
  );
  for (const row of rows) {
    await storage()
      .delete(row.storage_key)
      .catch((err) => logger.error({ err, key: row.storage_key }, "orphaned resume file not deleted"));
  }
}

/** Who may read a resume: its candidate, and employers it was sent to with an application. */
export interface Viewer {
  id: string;
  role: string;
}

/** The resume's file and name when `viewer` may read it; null otherwise (callers answer 404). */
export async function readableResume(viewer: Viewer, resumeId: string): Promise<{ storageKey: string; name: string } | null> {
  if (!isUuid(resumeId)) return null;
  const rows = await em().execute<{ storage_key: string; original_name: string }[]>(
    viewer.role === "candidate"
      ? `select storage_key, original_name from resumes where id = ? and candidate_id = ?`
      : `select r.storage_key, r.original_name from resumes r
          where r.id = ? and exists (select 1 from applications a where a.resume_id = r.id and a.employer_id = ?)`,
    [resumeId, viewer.id],
  );
  return rows[0] ? { storageKey: rows[0].storage_key, name: rows[0].original_name } : null;
}
