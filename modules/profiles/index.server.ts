// The profiles module's public interface: a candidate's profile (read, edit one part at a time,
// completeness) and the CV made from it (content for the preview, the PDF, saving it as a resume).
import { registerAccountData } from "../identity/index.server.ts";
import { profilesAccountData } from "./account-data.ts";

export { profilesEntities } from "./entities.ts";
export { ProfileError, type ProfileErrorCode } from "./errors.ts";
export {
  AboutSchema,
  SkillsSchema,
  SECTIONS,
  SECTION_NAMES,
  LIMITS as PROFILE_LIMITS,
  LANGUAGE_LEVELS,
  isSection,
  type SectionName,
  type FieldErrors as ProfileFieldErrors,
  type FormValues as ProfileFormValues,
  type Experience,
  type Education,
  type Link,
  type Language,
} from "./schemas.ts";
export {
  getProfile,
  saveAbout,
  saveSkills,
  addEntry,
  updateEntry,
  moveEntry,
  removeEntry,
  profileChecklist,
  type Profile,
  type ChecklistItem,
} from "./profiles.ts";
export {
  CV_TEMPLATES,
  isCvTemplate,
  linkText,
  monthLabel,
  cvData,
  type CvData,
  type CvTemplate,
  type CvWords,
} from "./cv-data.ts";
export { renderCvPdf, renderCvPdfMeasured, stopCvRenderers, CvBusyError, CV_RENDER_LIMITS } from "./cv-render.ts";
export { cvFor, cvWords, renderCv, saveCvToResumes, type CvPdf } from "./cv.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireProfiles(): void {
  registerAccountData(profilesAccountData);
}
