// The apply wizard's loader and action (/candidate/jobs/{id}/apply). Every button is a POST with an
// intent; step 1 keeps the answers in the draft before checking them, step 2 posts as multipart so
// the resume file and the buttons travel together. Rules live in the applications module.
import { feedbackFor } from "./answer-feedback.server.ts";
import { data, redirect } from "@remix-run/node";
import { requireRole } from "#modules/identity/index.server.ts";
import { isUuid } from "#modules/hiring/index.server.ts";
import {
  ApplicationError,
  applyState,
  attachUploadedResume,
  countResumeUpload,
  chooseResume,
  discardApplyDraft,
  removeDraftResume,
  saveAnswers,
  saveSelfIdentification,
  postedEeo,
  submitApplication,
  type ApplyState,
} from "#modules/applications/index.server.ts";
import { logger } from "#lib/logger.ts";
import { checkPdf } from "#lib/pdf.ts";
import { UNSTORABLE_FIELD } from "#lib/forms.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { isModuleError, respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { allowanceView, planLimitHref } from "#app/allowance.server.ts";
import { stepOf, type ApplyStep, type ApplyView } from "#app/apply-view.ts";
import { postedAnswers, readStepForm, wizardView } from "#app/apply-view.server.ts";
import { languageFor } from "#app/i18n.server.ts";
import { translator, type Language } from "#locales/index.ts";

export type { ApplyStep, ApplyView };

export const applyUrl = (jobId: string, step: ApplyStep) => `/candidate/jobs/${jobId}/apply?step=${step}`;

const JOB_NOT_FOUND = "The job you're trying to apply for could not be found.";

function jobNotFound(): never {
  throw data({ message: JOB_NOT_FOUND }, { status: 404 });
}

type LoadedState = ApplyState & { language: Language };

async function loadState(candidateId: string, jobId: string, language: Language): Promise<LoadedState> {
  if (!isUuid(jobId)) jobNotFound();
  const state = await withModuleErrors(() => applyState(candidateId, jobId), { notFound: JOB_NOT_FOUND });
  return { ...state, language };
}

function toView(state: LoadedState, step: ApplyStep, extra: Partial<ApplyView> = {}): ApplyView {
  return wizardView(
    {
      ...state,
      preparing: state.preparingQuestions,
      allowance: allowanceView(state.allowance),
      paths: { apply: `/candidate/jobs/${state.job.id}/apply`, job: `/candidate/jobs/${state.job.id}` },
      guest: null,
    },
    step,
    extra,
  );
}

/** GET: the step asked for, from the draft. A candidate who has applied sees that application. */
export async function applyLoader(request: Request, jobId: string): Promise<ApplyView> {
  const user = await requireRole(request, "candidate");
  const language = await languageFor(request, user);
  const state = await loadState(user.id, jobId, language);
  if (state.existingApplicationId) throw redirect(`/candidate/jobs/${jobId}?applied=already`);
  // At the plan's limit nothing is asked: the plan page says why before any question.
  if (!state.allowance.allowed) throw redirect(allowanceView(state.allowance).planHref!);
  const params = new URL(request.url).searchParams;
  const step = stepOf(params.get("step"));
  const feedback = step === 3 ? await feedbackFor(user.id, state) : null;
  return toView(state, step, { confirmDiscard: params.get("confirm") === "discard", feedback });
}

/** POST: what the step's button asked for. */
export async function applyAction(request: Request, jobId: string) {
  const user = await requireRole(request, "candidate");
  if (!isUuid(jobId)) jobNotFound();
  const language = await languageFor(request, user);
  const t = translator(language, "apply");
  const { upload, unstorable } = await readStepForm(request);
  try {
    if (upload.status !== "ok") {
      const state = await loadState(user.id, jobId, language);
      return data(toView(state, 2, { uploadError: upload.message }), {
        status: upload.status === "too-big" ? 413 : upload.status === "failed" ? 500 : 400,
      });
    }
    const form = upload.form;
    const step = stepOf(form.get("step"));
    const intent = String(form.get("intent") ?? "");
    if (intent === "discard-confirmed") {
      await discardApplyDraft(user.id, jobId);
      return redirect(`/candidate/jobs/${jobId}`);
    }
    // Discard asks first (its own panel, JavaScript or not); step 1 keeps what was typed meanwhile.
    const confirmDiscard = `${applyUrl(jobId, step)}&confirm=discard`;
    // The review step's voluntary self-identification (a US job) is kept whichever button was
    // pressed: Submit records it with the application (or keeps it in the draft when refused).
    if (step === 3 && intent !== "submit") await saveSelfIdentification(user.id, jobId, postedEeo(form));
    if (intent === "discard" && step !== 1) return redirect(confirmDiscard);
    if (step === 1) {
      // Fields are named answer_<question id>; the module keeps only this job's questions.
      const posted = postedAnswers(form);
      if (unstorable.length) {
        // Nothing is saved; the answers come back as typed, with a message beside each such answer.
        const state = await loadState(user.id, jobId, language);
        if (!state.allowance.allowed) return redirect(allowanceView(state.allowance).planHref!);
        const errors = Object.fromEntries(unstorable.map((name) => [name.slice(7), UNSTORABLE_FIELD]));
        return data(
          toView(state, 1, {
            answers: { ...state.answers, ...posted },
            errors,
            formError: t("errors.checkAnswers"),
          }),
          { status: 400 },
        );
      }
      const errors = await saveAnswers(user.id, jobId, posted);
      if (intent === "discard") return redirect(confirmDiscard);
      if (intent === "next" && Object.keys(errors).length) {
        const state = await loadState(user.id, jobId, language);
        const missing = Object.keys(errors).length;
        const formError = missing === 1 ? t("errors.answerOne") : t("errors.answerMany", { n: missing });
        return data(toView(state, 1, { errors, formError }), { status: 400 });
      }
      return redirect(applyUrl(jobId, intent === "next" ? 2 : 1));
    }

    if (step === 2) {
      if (upload.file && (intent === "upload" || intent === "next")) {
        await countResumeUpload(user.id);
        const checked = await checkPdf(upload.file.path);
        if (!checked.ok) {
          const state = await loadState(user.id, jobId, language);
          return data(toView(state, 2, { uploadError: checked.message }), { status: 400 });
        }
        await attachUploadedResume(user.id, jobId, upload.file, checked.text);
        return redirect(applyUrl(jobId, intent === "next" ? 3 : 2));
      }
      if (intent === "upload") {
        const state = await loadState(user.id, jobId, language);
        return data(toView(state, 2, { uploadError: t("errors.chooseFile") }), { status: 400 });
      }
      if (intent === "remove") await removeDraftResume(user.id, jobId);
      if (intent.startsWith("use:")) await chooseResume(user.id, jobId, intent.slice(4));
      if (intent === "previous") return redirect(applyUrl(jobId, 1));
      return redirect(applyUrl(jobId, intent === "next" ? 3 : 2));
    }

    if (intent === "previous") return redirect(applyUrl(jobId, 2));
    if (intent !== "submit") return redirect(applyUrl(jobId, 3));
    return await submit(user.id, jobId, postedEeo(form), language);
  } catch (error) {
    // At the plan's limit the module takes no answer or resume: the plan page says why (submit says it in the form).
    if (error instanceof ApplicationError && error.code === "plan-limit")
      return redirect(planLimitHref(error.upgradeUrl));
    if (error instanceof QuotaExceededError) {
      const state = await loadState(user.id, jobId, language);
      return data(toView(state, 2, { uploadError: error.message }), { status: 429, headers: retryAfter(error) });
    }
    return await respondToModuleError(error, {
      notFound: JOB_NOT_FOUND,
      refused: async (refusal, status) =>
        data(toView(await loadState(user.id, jobId, language), 2, { uploadError: refusal.message }), { status }),
    });
  } finally {
    if (upload.status === "ok") await upload.cleanup();
  }
}

/**
 * Submits. An imported listing's application is recorded as made on the company's site and the
 * candidate lands on it, with the company's link to continue (JavaScript has opened it already).
 */
async function submit(candidateId: string, jobId: string, eeo: Record<string, string>, language: Language) {
  try {
    const { created, applicationId, companySite } = await submitApplication(candidateId, jobId, { eeo });
    if (!created) return redirect(`/candidate/jobs/${jobId}?applied=already`);
    if (companySite) return redirect(`/candidate/applications/${applicationId}?continued=1`);
    return redirect("/candidate/applications?submitted=1");
  } catch (error) {
    // Refused or failed, nothing was recorded: the choices wait in the draft for the next try.
    if (!(error instanceof ApplicationError && error.code === "plan-limit"))
      await saveSelfIdentification(candidateId, jobId, eeo).catch((kept: unknown) =>
        logger.warn({ err: kept, jobId }, "self-identification not kept after a refused submit"),
      );
    const state = await loadState(candidateId, jobId, language);
    if (isModuleError(error)) {
      return respondToModuleError(error, {
        notFound: JOB_NOT_FOUND,
        refused: (refusal: ApplicationError, status) =>
          refusal.code === "invalid"
            ? data(
                toView(state, 1, {
                  errors: refusal.fieldErrors,
                  formError: "Please answer every question before submitting.",
                }),
                { status },
              )
            : data(toView(state, 3, { formError: refusal.message, upgradeUrl: refusal.upgradeUrl }), { status }),
      });
    }
    // Nothing was saved (one transaction); the draft is kept, so trying again loses nothing.
    logger.error({ err: error, jobId }, "application submit failed");
    const formError = translator(language, "apply")("errors.submitFailed");
    return data(toView(state, 3, { formError }), { status: 500 });
  }
}
