// The CV maker: the profile as CV content (for the HTML preview), as a PDF (rendered in the render
// pool, counted per candidate), and as one of the candidate's resumes.
import { enforceQuota } from "../../lib/quotas.ts";
import { saveGeneratedResume, type ResumeInfo } from "../applications/index.server.ts";
import { contactFor } from "../identity/index.server.ts";
import { cvData, cvFileName, type CvData, type CvTemplate } from "./cv-data.ts";
import { renderCvPdf } from "./cv-render.ts";
import { getProfile } from "./profiles.ts";

/** The CV's content for the candidate: their profile, with their account's name and email. */
export async function cvFor(candidateId: string): Promise<CvData> {
  const [profile, contact] = await Promise.all([getProfile(candidateId), contactFor(candidateId)]);
  return cvData(profile, { name: contact?.fullName?.trim() || "", email: contact?.email ?? "" });
}

export interface CvPdf {
  pdf: Buffer;
  filename: string;
}

/**
 * The candidate's CV as a PDF in `template`. Throws QuotaExceededError past the candidate's
 * renders for the hour, CvBusyError when the server's render queue is full.
 */
export async function renderCv(candidateId: string, template: CvTemplate): Promise<CvPdf> {
  await enforceQuota("cv-renders", candidateId);
  const cv = await cvFor(candidateId);
  return { pdf: await renderCvPdf(cv, template), filename: cvFileName(cv.name, template) };
}

/** Renders the CV and keeps it with the candidate's resumes, where they can apply with it. */
export async function saveCvToResumes(candidateId: string, template: CvTemplate): Promise<ResumeInfo> {
  const { pdf, filename } = await renderCv(candidateId, template);
  return saveGeneratedResume(candidateId, pdf, filename);
}
