// /jobs/{id}/apply for a visitor: the candidate's wizard, its steps and rules, without an account
// (decision 080). Answers and the resume wait in the applications module under this browser's key
// (a cookie set by the first GET); the last step takes a name and email and holds the application
// until the emailed link is opened. Someone signed in goes to the candidate's wizard as before.
import { createCookie, data, redirect } from "@remix-run/node";
import { config } from "#lib/config.ts";
import { logger } from "#lib/logger.ts";
import { checkPdf } from "#lib/pdf.ts";
import { UNSTORABLE_FIELD } from "#lib/forms.ts";
import { currentUser } from "#modules/identity/index.server.ts";
import { isUuid } from "#modules/hiring/index.server.ts";
import {
  ApplicationError,
  attachGuestResume,
  countGuestResumeUpload,
  discardGuestDraft,
  guestApplyState,
  holdApplication,
  newBrowserKey,
  removeGuestResume,
  saveGuestAnswers,
  saveGuestSelfIdentification,
  postedEeo,
  type GuestApplyState,
} from "#modules/applications/index.server.ts";
import { applyPath, signUpThen } from "#app/job-links.ts";
import { stepOf, type ApplyStep, type ApplyView } from "#app/apply-view.ts";
import { postedAnswers, readStepForm, wizardView } from "#app/apply-view.server.ts";
import { isNotFound, respondToModuleError } from "#app/module-errors.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { requestLanguage } from "#app/i18n.server.ts";
import { translator, type Language } from "#locales/index.ts";

const JOB_NOT_FOUND = "The job you're trying to apply for could not be found.";

// This browser's key to its unfinished application; 8 days, one more than the application waits.
const browserCookie = createCookie("guest_apply", {
  httpOnly: true,
  sameSite: "lax",
  path: "/jobs",
  secure: config().cookieSecure,
  maxAge: 8 * 86_400,
});

const readKey = async (request: Request): Promise<string | null> => {
  const value = await browserCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
};

const guestUrl = (jobId: string, step: ApplyStep) => `/jobs/${jobId}/apply?step=${step}`;

type LoadedState = GuestApplyState & { language: Language };

function toView(state: LoadedState, step: ApplyStep, extra: Partial<ApplyView> = {}, errors = {}): ApplyView {
  return wizardView(
    {
      ...state,
      resume: state.resume ? { id: "", ...state.resume, uploadedAt: "", isDefault: false } : null,
      previousResumes: [],
      preparing: false,
      external: null,
      allowance: {
        allowed: true,
        text: translator(state.language, "apply")("guestAllowance"),
        planHref: null,
      },
      paths: { apply: `/jobs/${state.job.id}/apply`, job: `/jobs/${state.job.id}` },
      guest: { ...state.details, errors, heldEmail: state.heldEmail },
    },
    step,
    extra,
  );
}

/** The visitor's state, or the sign-up route of before for a job a visitor can't apply to here (an imported listing). */
async function loadState(key: string | null, jobId: string, language: Language): Promise<LoadedState> {
  if (!isUuid(jobId)) throw data({ message: JOB_NOT_FOUND }, { status: 404 });
  try {
    return { ...(await guestApplyState(key, jobId)), language };
  } catch (error) {
    if (isNotFound(error)) throw redirect(signUpThen(applyPath(jobId)));
    throw error;
  }
}

export async function guestApplyLoader(request: Request, jobId: string) {
  if (await currentUser(request)) throw redirect(applyPath(jobId));
  const known = await readKey(request);
  const key = known ?? newBrowserKey();
  // No account here: the address's ?lng=, the footer's cookie or the browser's languages.
  const language = await requestLanguage(request);
  const state = await loadState(known, jobId, language);
  const params = new URL(request.url).searchParams;
  const view = toView(state, stepOf(params.get("step")), { confirmDiscard: params.get("confirm") === "discard" });
  return data(view, known ? undefined : { headers: { "Set-Cookie": await browserCookie.serialize(key) } });
}

export async function guestApplyAction(request: Request, jobId: string, clientIp: string) {
  if (await currentUser(request)) return redirect(applyPath(jobId));
  if (!isUuid(jobId)) throw data({ message: JOB_NOT_FOUND }, { status: 404 });
  const key = await readKey(request);
  const language = await requestLanguage(request);
  const t = translator(language, "apply");
  const { upload, unstorable } = await readStepForm(request);
  try {
    // No key: this browser never loaded the wizard (or refuses cookies); its first page sets one.
    if (!key) return redirect(guestUrl(jobId, 1));
    if (upload.status !== "ok") {
      const state = await loadState(key, jobId, language);
      return data(toView(state, 2, { uploadError: upload.message }), {
        status: upload.status === "too-big" ? 413 : upload.status === "failed" ? 500 : 400,
      });
    }
    const form = upload.form;
    const step = stepOf(form.get("step"));
    const intent = String(form.get("intent") ?? "");
    if (intent === "discard-confirmed") {
      await discardGuestDraft(key, jobId);
      return redirect(`/jobs/${jobId}`);
    }
    const confirmDiscard = `${guestUrl(jobId, step)}&confirm=discard`;
    // The review step's voluntary self-identification (a US job) is kept whichever button was pressed.
    if (step === 3) await saveGuestSelfIdentification(key, jobId, postedEeo(form));
    if (intent === "discard" && step !== 1) return redirect(confirmDiscard);
    if (step === 1) {
      const posted = postedAnswers(form);
      if (unstorable.some((name) => name.startsWith("answer_"))) {
        const state = await loadState(key, jobId, language);
        const errors = Object.fromEntries(unstorable.map((name) => [name.slice(7), UNSTORABLE_FIELD]));
        const view = {
          answers: { ...state.answers, ...posted },
          errors,
          formError: t("errors.checkAnswers"),
        };
        return data(toView(state, 1, view), { status: 400 });
      }
      const errors = await saveGuestAnswers(key, jobId, posted);
      if (intent === "discard") return redirect(confirmDiscard);
      if (intent === "next" && Object.keys(errors).length) {
        const missing = Object.keys(errors).length;
        const formError = missing === 1 ? t("errors.answerOne") : t("errors.answerMany", { n: missing });
        return data(toView(await loadState(key, jobId, language), 1, { errors, formError }), { status: 400 });
      }
      return redirect(guestUrl(jobId, intent === "next" ? 2 : 1));
    }
    if (step === 2) {
      if (upload.file && (intent === "upload" || intent === "next")) {
        await countGuestResumeUpload(clientIp);
        const checked = await checkPdf(upload.file.path);
        if (!checked.ok)
          return data(toView(await loadState(key, jobId, language), 2, { uploadError: checked.message }), {
            status: 400,
          });
        await attachGuestResume(key, jobId, upload.file, checked.text);
        return redirect(guestUrl(jobId, intent === "next" ? 3 : 2));
      }
      if (intent === "upload")
        return data(toView(await loadState(key, jobId, language), 2, { uploadError: t("errors.chooseFile") }), {
          status: 400,
        });
      if (intent === "remove") await removeGuestResume(key, jobId);
      return redirect(guestUrl(jobId, intent === "previous" ? 1 : intent === "next" ? 3 : 2));
    }
    if (intent === "previous") return redirect(guestUrl(jobId, 2));
    if (intent !== "submit") return redirect(guestUrl(jobId, 3));
    // The module checks the name and email (beside their fields) and keeps them as typed.
    const details = { full_name: String(form.get("full_name") ?? ""), email: String(form.get("email") ?? "") };
    await holdApplication(key, jobId, details, clientIp, language);
    return redirect(guestUrl(jobId, 3));
  } catch (error) {
    const step = stepOf(upload.status === "ok" ? upload.form.get("step") : 2);
    return await refused(error, key, jobId, step, language);
  } finally {
    if (upload.status === "ok") await upload.cleanup();
  }
}

/** A refusal shown on the step it belongs to: answers on Questions, name and email on Review. */
async function refused(error: unknown, key: string | null, jobId: string, step: ApplyStep, language: Language) {
  if (error instanceof QuotaExceededError) {
    const state = await loadState(key, jobId, language);
    const extra = step === 2 ? { uploadError: error.message } : { formError: error.message };
    return data(toView(state, step === 2 ? 2 : 3, extra), { status: 429, headers: retryAfter(error) });
  }
  if (error instanceof ApplicationError && error.code === "invalid") {
    const state = await loadState(key, jobId, language);
    const { full_name, email, ...answers } = error.fieldErrors;
    if (Object.keys(answers).length)
      return data(
        toView(state, 1, { errors: answers, formError: translator(language, "apply")("errors.answerBeforeSending") }),
        { status: 400 },
      );
    const guest = Object.fromEntries(Object.entries({ full_name, email }).filter(([, v]) => v));
    return data(toView(state, 3, { formError: error.message }, guest), { status: 400 });
  }
  if (!(error instanceof ApplicationError)) logger.error({ err: error, jobId }, "visitor's application step failed");
  return respondToModuleError(error, { notFound: JOB_NOT_FOUND });
}
