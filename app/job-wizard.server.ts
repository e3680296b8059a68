// The post wizard's loader and action, shared by /employer/jobs/new (a draft) and
// /employer/jobs/{id}/edit (a published job). Every button is a POST with an `intent`: the action
// keeps what the step posted in the draft first, then does what was asked, so a refresh, the Back
// button or a return next week finds everything as typed. Rules live in the hiring module.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireRole, type Account } from "#modules/identity/index.ts";
import {
  emptyQuestion,
  emptyWizardForm,
  checkDetails,
  checkQuestions,
  discardDraft,
  HiringError,
  isUuid,
  MAX_QUESTIONS,
  publishDraft,
  summaryMessage,
  saveDraft,
  startDraft,
  toWizardForm,
  wizardState,
  DETAIL_FIELDS,
  type FieldErrors,
  type WizardForm,
} from "#modules/hiring/index.ts";
import { wizardUrl, type WizardStep, type WizardView } from "./job-wizard.ts";

const stepOf = (value: unknown): WizardStep => {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
};

function notFound(): never {
  throw data({ message: "The job you're looking for could not be found." }, { status: 404 });
}

async function loadState(user: Account, jobId: string) {
  if (!isUuid(jobId)) notFound();
  try {
    return await wizardState(user.id, jobId);
  } catch (error) {
    if (error instanceof HiringError && error.code === "not-found") notFound();
    if (error instanceof HiringError) throw redirect(`/employer/jobs/${jobId}`);
    throw error;
  }
}

/** GET: the step asked for, from the draft (or an empty form for a job not started yet). */
export async function wizardLoader(request: Request, jobId: string | null): Promise<WizardView> {
  const user = await requireRole(request, "employer");
  const url = new URL(request.url);
  const step = stepOf(url.searchParams.get("step"));
  const view = { errors: {}, formError: null, upgradeUrl: null, revision: "loaded" };
  if (!jobId) {
    if (step !== 1) throw redirect("/employer/jobs/new");
    return { ...view, jobId: null, step, form: emptyWizardForm(user.companyName ?? ""), published: false, questionsLocked: false };
  }
  const state = await loadState(user, jobId);
  return { ...view, jobId, step, form: state.form, published: state.published, questionsLocked: state.questionsLocked };
}

/** What one step posts, laid over the stored form: step 1 the details, step 2 the questions. */
function mergeStep(base: WizardForm, payload: Record<string, unknown>, step: WizardStep, questionsLocked: boolean): WizardForm {
  if (step === 1) {
    const details: Record<string, unknown> = {};
    for (const key of DETAIL_FIELDS) details[key] = payload[key] ?? "";
    details.benefits = Array.isArray(payload.benefits) ? payload.benefits : [];
    return toWizardForm(details, base);
  }
  if (step === 2 && !questionsLocked) {
    return toWizardForm({ questions: Array.isArray(payload.questions) ? payload.questions : [] }, base);
  }
  return base;
}

const indexOf = (intent: string) => Number(intent.split(":")[1]);

/** Applies a list intent (benefits, questions); returns a message when it can't. */
function applyListIntent(form: WizardForm, intent: string, payload: Record<string, unknown>): FieldErrors | null {
  const [name] = intent.split(":");
  const i = indexOf(intent);
  const questions = form.questions;
  switch (name) {
    case "add-benefit": {
      const benefit = typeof payload.benefit === "string" ? payload.benefit.trim().replace(/\s+/g, " ") : "";
      if (!benefit) return { benefit: ["Type a benefit, then press Add"] };
      if (benefit.length > 120) return { benefit: ["Keep each benefit under 120 characters"] };
      if (form.benefits.some((b) => b.trim().toLowerCase() === benefit.toLowerCase())) return { benefit: [`"${benefit}" is already listed`] };
      form.benefits = [...form.benefits.map((b) => b.trim()).filter(Boolean), benefit];
      return null;
    }
    case "remove-benefit":
      form.benefits = form.benefits.filter((_, index) => index !== i);
      return null;
    case "add-question":
      if (questions.length >= MAX_QUESTIONS) return { questions: [`A job can have at most ${MAX_QUESTIONS} questions`] };
      form.questions = [...questions, emptyQuestion()];
      return null;
    case "remove-question":
      form.questions = questions.filter((_, index) => index !== i);
      return null;
    case "move-up":
    case "move-down": {
      const j = name === "move-up" ? i - 1 : i + 1;
      if (i < 0 || j < 0 || i >= questions.length || j >= questions.length) return null;
      const next = [...questions];
      [next[i], next[j]] = [next[j]!, next[i]!];
      form.questions = next;
      return null;
    }
  }
  return null;
}

/** POST: keep what was posted, then do what the pressed button asked. */
export async function wizardAction(request: Request, routeJobId: string | null) {
  const user = await requireRole(request, "employer");
  const formData = await request.formData();
  const payload = parseWithZod(formData, { schema: z.any() }).payload as Record<string, unknown>;
  const intent = typeof payload.intent === "string" ? payload.intent : "next";
  const step = stepOf(payload.step);
  let jobId = routeJobId;

  const state = jobId ? await loadState(user, jobId) : null;
  const published = state?.published ?? false;
  const questionsLocked = state?.questionsLocked ?? false;
  const base = state?.form ?? emptyWizardForm(user.companyName ?? "");
  const form = mergeStep(base, payload, step, questionsLocked);

  const reply = (view: Partial<WizardView>, status = 400) =>
    data<WizardView>(
      { jobId, step, form, published, questionsLocked, errors: {}, formError: null, upgradeUrl: null, revision: crypto.randomUUID(), ...view },
      { status },
    );

  if (intent === "discard") {
    if (jobId) await discardDraft(user.id, jobId);
    return redirect(published ? `/employer/jobs/${jobId}` : "/employer/dashboard?draft=deleted");
  }

  if (/^(add-question|remove-question|move-up|move-down)/.test(intent) && questionsLocked) {
    return reply({ formError: "Questions can't change once candidates have answered them." });
  }
  const listErrors = applyListIntent(form, intent, payload);

  // Keep everything as typed, whatever happens next. A new job becomes a draft on its first save,
  // unless nothing at all was typed.
  if (jobId) await saveDraft(user.id, jobId, form);
  else if (intent !== "dashboard" || JSON.stringify(form) !== JSON.stringify(emptyWizardForm(user.companyName ?? ""))) {
    jobId = await startDraft(user.id, form);
  }

  if (listErrors) return reply({ errors: listErrors });
  if (intent === "dashboard") return redirect("/employer/dashboard");
  if (!jobId) return redirect("/employer/jobs/new");
  const here = (s: WizardStep, anchor = "") => redirect(wizardUrl(jobId!, published, s, anchor));

  if (/^(add|remove)-benefit/.test(intent)) return here(1, "benefits");
  if (/^(add-question|remove-question|move-up|move-down)/.test(intent)) {
    const focus = intent === "add-question" ? form.questions.length - 1 : Math.max(0, Math.min(form.questions.length - 1, indexOf(intent) + (intent.startsWith("move-up") ? -1 : intent.startsWith("move-down") ? 1 : 0)));
    return here(2, form.questions.length ? `question-${focus + 1}` : "questions");
  }
  if (intent === "previous") return here(Math.max(1, step - 1) as WizardStep);

  if (intent === "next") {
    if (step === 1) {
      const checked = checkDetails(form);
      if (!checked.ok) return reply({ errors: checked.errors, formError: summaryMessage(checked.errors) });
      return here(2);
    }
    if (step === 2) {
      const checked = checkQuestions(form.questions);
      if (!checked.ok) return reply({ errors: checked.errors, formError: "Please correct the highlighted questions" });
      return here(3);
    }
    return here(3);
  }

  if (intent === "publish") {
    try {
      const result = await publishDraft(user.id, jobId, user.companyLogo);
      return redirect(published ? `/employer/jobs/${jobId}?updated=1` : result.published ? "/employer/dashboard?posted=1" : `/employer/jobs/${jobId}`);
    } catch (error) {
      if (!(error instanceof HiringError)) throw error;
      if (error.code === "not-found") notFound();
      if (error.code === "invalid") {
        // Send the person to the first step with something to fix, messages beside the fields.
        const firstStep: WizardStep = Object.keys(error.fieldErrors).some((k) => !k.startsWith("questions")) ? 1 : 2;
        return data<WizardView>(
          { jobId, step: firstStep, form, published, questionsLocked, errors: error.fieldErrors, formError: error.message, upgradeUrl: null, revision: crypto.randomUUID() },
          { status: 400 },
        );
      }
      return reply({ step: 3, formError: error.message, upgradeUrl: error.upgradeUrl }, error.code === "plan-limit" ? 403 : 409);
    }
  }
  return here(step);
}
