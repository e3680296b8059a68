// The candidate's resume library (/candidate/resumes): every resume they uploaded or generated,
// where each was sent, and rename, default and delete. A resume sent with an application stays the
// employer's to read until that application is withdrawn (or the account deleted): deleting it here
// hides it from the candidate and keeps the file for those employers, then erases it once nothing
// holds it (resumes.ts#deleteIfOrphan).
import { z } from "zod";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { Application, Resume, type ApplicationStatus } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import { now } from "../../lib/clock.ts";
import { isUuid, jobCards } from "../hiring/index.server.ts";
import {
  candidateResumes,
  deleteIfOrphan,
  HOLDING_APPLICATION,
  MAX_LIBRARY_RESUMES,
  ownResume,
  resumeInfo,
  storeResume,
  type ResumeInfo,
  type UploadedPdf,
} from "./resumes.ts";

export const MAX_RESUME_NAME = 200;

export const renameResumeSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please give the resume a name.")
    .max(MAX_RESUME_NAME, `A name can be up to ${MAX_RESUME_NAME} characters.`)
    .refine((name) => !/[\p{Cc}]/u.test(name), "A name can't contain control characters."),
});

export interface ResumeUse {
  applicationId: string;
  jobTitle: string;
  companyName: string;
  status: ApplicationStatus;
}

export interface LibraryResume extends ResumeInfo {
  textStatus: "pending" | "ready" | "unreadable";
  /** The applications it went with, newest first. */
  sentWith: ResumeUse[];
}

export interface ResumeLibrary {
  resumes: LibraryResume[];
  max: number;
  full: boolean;
}

const notFound = () => new ApplicationError("not-found", "That resume could not be found.");

/** The library: default first, then newest, with where each resume was sent (three queries). */
export async function resumeLibrary(candidateId: string): Promise<ResumeLibrary> {
  const [infos, rows] = await Promise.all([
    candidateResumes(candidateId),
    em().find(Resume, { candidateId, deletedAt: null }),
  ]);
  const ids = infos.map((r) => r.id);
  const applications = ids.length
    ? await em().find(
        Application,
        { candidateId, resumeId: { $in: ids } },
        { orderBy: { createdAt: "desc", id: "asc" } },
      )
    : [];
  const jobs = await jobCards(applications.map((a) => a.jobId));
  const resumes = infos.map((info) => ({
    ...info,
    textStatus: (rows.find((r) => r.id === info.id)?.textStatus ?? "pending") as LibraryResume["textStatus"],
    sentWith: applications
      .filter((a) => a.resumeId === info.id)
      .flatMap((a) => {
        const job = jobs.get(a.jobId);
        return job
          ? [{ applicationId: a.id, jobTitle: job.title, companyName: job.companyName, status: a.status }]
          : [];
      }),
  }));
  return { resumes, max: MAX_LIBRARY_RESUMES, full: resumes.length >= MAX_LIBRARY_RESUMES };
}

/** Adds an uploaded, checked PDF to the library (refused past the cap). */
export async function addToLibrary(candidateId: string, file: UploadedPdf, text: string | null): Promise<ResumeInfo> {
  return resumeInfo(await storeResume(candidateId, "library", file, text));
}

/** Renames one of the candidate's resumes (the name employers see on it too). */
export async function renameResume(candidateId: string, resumeId: string, name: string): Promise<ResumeInfo> {
  const parsed = renameResumeSchema.safeParse({ name });
  if (!parsed.success)
    throw new ApplicationError("invalid", parsed.error.issues[0]!.message, {
      fieldErrors: { name: parsed.error.issues[0]!.message },
    });
  return transaction(async (tx) => {
    const resume = isUuid(resumeId)
      ? await lockForUpdate(Resume, { id: resumeId, candidateId, deletedAt: null })
      : null;
    if (!resume) throw notFound();
    resume.originalName = parsed.data.name;
    await tx.flush();
    return resumeInfo(resume);
  });
}

/** Makes one resume the default (the apply wizard picks it first); the others stop being. */
export async function setDefaultResume(candidateId: string, resumeId: string): Promise<void> {
  if (!(await ownResume(candidateId, resumeId))) throw notFound();
  // One statement over the candidate's rows: concurrent calls leave exactly one default.
  const changed = await em().execute<{ id: string }[]>(
    `update resumes set is_default = (id = ?) where candidate_id = ? and deleted_at is null
       and exists (select 1 from resumes r where r.id = ? and r.candidate_id = ? and r.deleted_at is null)
     returning id`,
    [resumeId, candidateId, resumeId, candidateId],
  );
  if (!changed.length) throw notFound();
}

/**
 * Deletes a resume from the library. Returns "erased" when the file is gone, or "kept" when
 * employers still hold it with an application (hidden from the candidate until they let go).
 */
export async function deleteResume(candidateId: string, resumeId: string): Promise<"erased" | "kept"> {
  const id = await transaction(async (tx) => {
    const resume = isUuid(resumeId)
      ? await lockForUpdate(Resume, { id: resumeId, candidateId, deletedAt: null })
      : null;
    if (!resume) throw notFound();
    const wasDefault = resume.isDefault;
    resume.deletedAt = now();
    resume.isDefault = false;
    await tx.flush();
    // Drafts let go of it; the newest remaining resume becomes the default.
    await tx.execute(`update application_drafts set resume_id = null where resume_id = ?`, [resume.id]);
    if (wasDefault) {
      await tx.execute(
        `update resumes set is_default = true where id = (select id from resumes where candidate_id = ? and deleted_at is null order by created_at desc, id limit 1)`,
        [candidateId],
      );
    }
    return resume.id;
  });
  return (await deleteIfOrphan(id)) ? "erased" : "kept";
}

/** How many employers' applications still hold resumes the candidate deleted (the page says so). */
export async function heldDeletedResumes(candidateId: string): Promise<number> {
  const rows = await em().execute<{ n: number }[]>(
    `select count(*)::int as n from resumes r where r.candidate_id = ? and r.deleted_at is not null
       and exists (select 1 from applications a where ${HOLDING_APPLICATION})`,
    [candidateId],
  );
  return rows[0]?.n ?? 0;
}
