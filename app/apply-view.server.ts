// The apply wizard's server side shared by the candidate's route and the visitor's (decision 080):
// the view built from a job and what was entered, and the posted step read from the request.
import { randomUUID } from "node:crypto";
import {
  companyDisplayName,
  labelOf,
  EMPLOYMENT_TYPE_LABELS,
  QUESTION_CATEGORY_LABELS,
  type JobToApply,
} from "#modules/hiring/index.server.ts";
import type { ResumeInfo } from "#modules/applications/index.server.ts";
import { mediaType, readTextForm, refuseForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { readResumeUpload, type DiskUpload } from "#lib/uploads.ts";
import type { AllowanceView } from "#app/allowance.server.ts";
import type { ApplyStep, ApplyView, GuestView } from "#app/apply-view.ts";
import { translateMessage, translator, type Language } from "#locales/index.ts";

export interface WizardSource {
  job: JobToApply;
  answers: Record<string, string>;
  answered: number;
  resume: ResumeInfo | null;
  previousResumes: ResumeInfo[];
  preparing: boolean;
  allowance: AllowanceView;
  external: { applyLink: string } | null;
  paths: ApplyView["paths"];
  guest: GuestView | null;
  eeo: ApplyView["eeo"];
  /** The page's language: the job's vocabulary and the modules' messages are shown in it. */
  language: Language;
}

/** The view's messages (the modules' English ones, and the app's) in `language`. */
function translated(view: ApplyView, language: Language): ApplyView {
  const say = (message: string | null) => (message ? translateMessage(language, message) : message);
  const each = <T extends Record<string, string | undefined>>(messages: T): T =>
    Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, v && say(v)])) as T;
  return {
    ...view,
    formError: say(view.formError),
    uploadError: say(view.uploadError),
    errors: each(view.errors),
    allowance: { ...view.allowance, text: say(view.allowance.text) ?? "" },
    guest: view.guest ? { ...view.guest, errors: each(view.guest.errors) } : null,
  };
}

/** The wizard's view of a job and what was entered so far, on `step`, with `extra` over it. */
export function wizardView(source: WizardSource, step: ApplyStep, extra: Partial<ApplyView> = {}): ApplyView {
  const { job, language } = source;
  const jobs = translator(language, "jobs");
  const apply = translator(language, "apply");
  const employmentType = job.employmentType ?? "FULLTIME";
  const view: ApplyView = {
    step,
    preparing: source.preparing,
    job: {
      id: job.id,
      title: job.title,
      companyName: companyDisplayName(job.companyName),
      companyLogo: job.companyLogo,
      location: job.location,
      employmentType: jobs(`vocab.employmentType.${employmentType}`, {
        defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, employmentType) || "Full-time",
      }),
    },
    questions: job.questions.map((q) => ({
      id: q.id,
      text: q.questionText,
      type: q.questionType,
      category: apply(`questions.categories.${q.category}`, {
        defaultValue: labelOf(QUESTION_CATEGORY_LABELS, q.category),
      }),
      options: q.options,
      required: q.required,
    })),
    answers: source.answers,
    errors: {},
    answered: source.answered,
    resume: source.resume,
    previousResumes: source.previousResumes,
    uploadError: null,
    uploadAttempt: extra.uploadError ? randomUUID() : null,
    formError: null,
    upgradeUrl: null,
    allowance: source.allowance,
    paths: source.paths,
    guest: source.guest,
    eeo: source.eeo,
    external: source.external,
    confirmDiscard: false,
    feedback: null,
    ...extra,
  };
  return translated(view, language);
}

/**
 * The posted form: step 2 posts as multipart with the resume streamed to a temporary file; the
 * others are plain forms, whose fields holding characters we can't store are named in `unstorable`.
 */
export async function readStepForm(request: Request): Promise<{ upload: DiskUpload; unstorable: string[] }> {
  if (mediaType(request) === "multipart/form-data") return { upload: await readResumeUpload(request), unstorable: [] };
  const { form, unstorable } = await readTextForm(request);
  // Only answers are typed: a NUL anywhere else is a hand-made post, refused whole.
  if (unstorable.some((name) => !name.startsWith("answer_"))) refuseForm(400, UNSTORABLE_FORM);
  return { upload: { status: "ok", form, file: null, cleanup: async () => undefined }, unstorable };
}

/** Step 1's answers: fields named answer_<question id> (the module keeps only the job's questions). */
export function postedAnswers(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form].flatMap(([name, value]) =>
      name.startsWith("answer_") && typeof value === "string" ? [[name.slice(7), value]] : [],
    ),
  );
}
