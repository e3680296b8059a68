// The CV maker: the profile as CV content (for the HTML preview), as a PDF (rendered in the render
// pool, counted per candidate), and as one of the candidate's resumes. In the language asked for,
// else the candidate's own.
import { enforceQuota } from "../../lib/quotas.ts";
import { INTL_LOCALES, translator, type Language } from "../../locales/index.ts";
import { saveGeneratedResume, type ResumeInfo } from "../applications/index.server.ts";
import { contactFor } from "../identity/index.server.ts";
import { cvData, cvFileName, type CvData, type CvTemplate, type CvWords } from "./cv-data.ts";
import { renderCvPdf } from "./cv-render.ts";
import { getProfile } from "./profiles.ts";

/** The CV's own words in `language`, from the catalogue (the render child reads no catalogue). */
export function cvWords(language: Language): CvWords {
  const t = translator(language, "cv");
  const word = (key: string) => t(`document.${key}`);
  return {
    lang: language,
    locale: INTL_LOCALES[language],
    cv: word("cv"),
    summary: word("summary"),
    profile: word("profile"),
    experience: word("experience"),
    education: word("education"),
    skills: word("skills"),
    languages: word("languages"),
    present: word("present"),
    // Filled in per page by the render child.
    page: t("document.page", { name: "{{name}}", page: "{{page}}", total: "{{total}}" }),
    levels: {
      native: word("levels.native"),
      fluent: word("levels.fluent"),
      professional: word("levels.professional"),
      conversational: word("levels.conversational"),
      basic: word("levels.basic"),
    },
    templates: { classic: t("templates.classic"), compact: t("templates.compact") },
  };
}

/** The CV's content for the candidate: their profile, with their account's name and email. */
export async function cvFor(candidateId: string, language?: Language): Promise<CvData> {
  const [profile, contact] = await Promise.all([getProfile(candidateId), contactFor(candidateId)]);
  return cvData(
    profile,
    { name: contact?.fullName?.trim() || "", email: contact?.email ?? "" },
    cvWords(language ?? contact?.language ?? "en"),
  );
}

export interface CvPdf {
  pdf: Buffer;
  filename: string;
}

/**
 * The candidate's CV as a PDF in `template`. Throws QuotaExceededError past the candidate's
 * renders for the hour, CvBusyError when the server's render queue is full.
 */
export async function renderCv(candidateId: string, template: CvTemplate, language?: Language): Promise<CvPdf> {
  await enforceQuota("cv-renders", candidateId);
  const cv = await cvFor(candidateId, language);
  return { pdf: await renderCvPdf(cv, template), filename: cvFileName(cv, template) };
}

/** Renders the CV and keeps it with the candidate's resumes, where they can apply with it. */
export async function saveCvToResumes(
  candidateId: string,
  template: CvTemplate,
  language?: Language,
): Promise<ResumeInfo> {
  const { pdf, filename } = await renderCv(candidateId, template, language);
  return saveGeneratedResume(candidateId, pdf, filename);
}
