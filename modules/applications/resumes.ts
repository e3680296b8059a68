// Resumes: checked PDFs kept in file storage, owned by a candidate, readable by that candidate and
// by the employers of the jobs it was sent to. Nobody else learns that it exists.
import { randomBytes } from "node:crypto";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { storage } from "../../lib/storage.ts";
import { isUuid } from "../hiring/index.server.ts";
import { Resume } from "./entities.ts";
import { ApplicationError } from "./errors.ts";

/** How many resumes a candidate's library holds at most (uploads and generated CVs together). */
export const MAX_LIBRARY_RESUMES = 20;

// An application that gives its employer the resume: sent to an employer here and not withdrawn.
export const HOLDING_APPLICATION = `a.resume_id = r.id and a.company_id is not null and a.status not in ('withdrawn', 'applied_external')`;

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
  isDefault: boolean;
}

export const resumeInfo = (r: Resume): ResumeInfo => ({
  id: r.id,
  name: r.originalName,
  sizeKb: Math.max(1, Math.round(r.sizeBytes / 1024)),
  uploadedAt: new Date(r.createdAt).toISOString(),
  isDefault: r.isDefault,
});

/** The storage key the spec describes: candidate id, job id, a timestamp and the extension. */
const resumeKey = (candidateId: string, jobId: string) => `resumes/${candidateId}/${jobId}-${now().getTime()}.pdf`;

const capMessage = `Your resume library holds up to ${MAX_LIBRARY_RESUMES} resumes. Delete one you no longer need in My Resumes, then upload again.`;

/** Refuses a new resume when the candidate's library is full (checked again when the row is written). */
export async function checkLibraryRoom(candidateId: string): Promise<void> {
  if ((await em().count(Resume, { candidateId, deletedAt: null })) >= MAX_LIBRARY_RESUMES)
    throw new ApplicationError("invalid", capMessage);
}

/**
 * Records the resume as the candidate's, with the text its check read out of it (null:
 * unreadable), then stores the file; the row is removed again if the file can't be written.
 * `jobId` names the key's folder ("library" for uploads made there). The first resume in a library
 * becomes its default; past the library's cap nothing is stored.
 */
export async function storeResume(
  candidateId: string,
  jobId: string,
  file: UploadedPdf,
  text: string | null,
): Promise<Resume> {
  await checkLibraryRoom(candidateId);
  const resume = await transaction(async (tx) => {
    // One writer per library at a time, so the cap, the single default and the key hold under races.
    await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`resumes:candidate:${candidateId}`]);
    const kept = await tx.count(Resume, { candidateId, deletedAt: null });
    if (kept >= MAX_LIBRARY_RESUMES) throw new ApplicationError("invalid", capMessage);
    const hasDefault = kept > 0 && (await tx.count(Resume, { candidateId, deletedAt: null, isDefault: true })) > 0;
    let key = resumeKey(candidateId, jobId);
    // Two uploads in one millisecond (the lock makes the earlier one's row visible here).
    if (await tx.count(Resume, { storageKey: key }))
      key = key.replace(/\.pdf$/, `-${randomBytes(4).toString("hex")}.pdf`);
    const row = tx.create(Resume, {
      candidateId,
      storageKey: key,
      originalName: file.filename,
      sizeBytes: file.size,
      sha256: file.sha256,
      textStatus: text === null ? "unreadable" : "ready",
      text,
      createdAt: now(),
      isDefault: !hasDefault,
      deletedAt: null,
    });
    await tx.flush();
    return row;
  });
  try {
    await storage().putFile(resume.storageKey, file.path, "application/pdf");
  } catch (error) {
    await em()
      .nativeDelete(Resume, { id: resume.id })
      .catch((err: unknown) => logger.error({ err, resumeId: resume.id }, "resume row without a file not removed"));
    throw error;
  }
  return resume;
}

/** The candidate's library (default first, then newest), to pick from instead of uploading again. */
export async function candidateResumes(candidateId: string, limit = MAX_LIBRARY_RESUMES): Promise<ResumeInfo[]> {
  const rows = await em().find(
    Resume,
    { candidateId, deletedAt: null },
    { orderBy: { isDefault: "desc", createdAt: "desc", id: "asc" }, limit },
  );
  return rows.map(resumeInfo);
}

/** One of the candidate's own resumes still in their library, or null. */
export async function ownResume(candidateId: string, resumeId: string): Promise<Resume | null> {
  if (!isUuid(resumeId)) return null;
  return em().findOne(Resume, { id: resumeId, candidateId, deletedAt: null });
}

/** The candidate's default resume, or null. */
export async function defaultResume(candidateId: string): Promise<Resume | null> {
  return em().findOne(Resume, { candidateId, deletedAt: null, isDefault: true });
}

/**
 * Erases a resume the candidate deleted from their library once no employer holds it any more
 * (every application it went with withdrawn) and no draft uses it. Resumes still in the library are
 * kept: they are the candidate's. Called after the change that let go of it has committed.
 */
export async function deleteIfOrphan(resumeId: string | null | undefined): Promise<boolean> {
  if (!resumeId || !isUuid(resumeId)) return false;
  const rows = await em().execute<{ storage_key: string }[]>(
    `delete from resumes r where r.id = ? and r.deleted_at is not null
       and not exists (select 1 from applications a where ${HOLDING_APPLICATION})
       and not exists (select 1 from application_drafts d where d.resume_id = r.id)
     returning r.storage_key`,
    [resumeId],
  );
  for (const row of rows) {
    await storage()
      .delete(row.storage_key)
      .catch((err) => logger.error({ err, key: row.storage_key }, "orphaned resume file not deleted"));
  }
  return rows.length > 0;
}

/**
 * Who may read a resume: its candidate, and the members of a company it was sent to with an
 * application (interviewers: for a job they are assigned to).
 */
export interface Viewer {
  id: string;
  role: string;
}

/** The resume's file and name when `viewer` may read it; null otherwise (callers answer 404). */
export async function readableResume(
  viewer: Viewer,
  resumeId: string,
): Promise<{ storageKey: string; name: string } | null> {
  if (!isUuid(resumeId)) return null;
  const rows = await em().execute<{ storage_key: string; original_name: string }[]>(
    viewer.role === "candidate"
      ? `select storage_key, original_name from resumes where id = ? and candidate_id = ?`
      : `select r.storage_key, r.original_name from resumes r
          where r.id = ? and exists (select 1 from applications a join company_members m on m.company_id = a.company_id and m.user_id = ?
            where ${HOLDING_APPLICATION}
              and (m.role <> 'interviewer' or exists (select 1 from job_assignments ja where ja.job_id = a.job_id and ja.user_id = m.user_id)))`,
    [resumeId, viewer.id],
  );
  return rows[0] ? { storageKey: rows[0].storage_key, name: rows[0].original_name } : null;
}
