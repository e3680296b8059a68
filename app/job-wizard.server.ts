// The post wizard's loader and action, shared by /employer/jobs/new (a draft) and
// /employer/jobs/{id}/edit (a published job). Every button is a POST with an `intent`: the action
// keeps what the step posted in the draft first, then does what was asked, so a refresh, the Back
// button or a return next week finds everything as typed. Rules live in the hiring module.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { draftGenerationRequest, landGenerations, requestGeneration } from "#modules/ai/index.server.ts";
import type { Member } from "#modules/hiring/index.server.ts";
import { requireMember } from "#app/team.server.ts";
import {
  emptyWizardForm,
  checkDetails,
  checkQuestions,
  closingRule,
  companyRequiresSalaryRange,
  discardDraft,
  HiringError,
  applyListChange,
  isListIntent,
  QUESTIONS_LOCKED_MESSAGE,
  isUuid,
  MAX_QUESTIONS,
  publishAllowance,
  publishDraft,
  summaryMessage,
  saveDraft,
  scorecardAttributesOf,
  startDraft,
  toWizardForm,
  wizardState,
  wizardNotes,
  DETAIL_FIELDS,
  type FieldErrors,
  type JobStatus,
  type WizardForm,
} from "#modules/hiring/index.server.ts";
import { QuotaExceededError, retryAfter } from "./quotas.server.ts";
import { withModuleErrors } from "./module-errors.server.ts";
import { redirectWithNotice } from "./flash.server.ts";
import { JOB_NOTICES } from "./job-page.server.ts";
import { NO_AI, wizardUrl, type WizardStep, type WizardView } from "./job-wizard.ts";
import { wizardViewIn } from "./job-wizard-words.server.ts";
import { languageFor } from "./i18n.server.ts";
import { INTL_LOCALES } from "#locales/index.ts";

const stepOf = (value: unknown): WizardStep => {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
};

const JOB_NOT_FOUND = "The job you're looking for could not be found.";

function notFound(): never {
  throw data({ message: JOB_NOT_FOUND }, { status: 404 });
}

async function loadState(member: Member, jobId: string) {
  if (!isUuid(jobId)) notFound();
  // A job that can't be edited (archived) opens on its own page instead.
  return withModuleErrors(() => wizardState(member, jobId), {
    notFound: JOB_NOT_FOUND,
    refused: () => {
      throw redirect(`/employer/jobs/${jobId}`);
    },
  });
}

/** GET: the step asked for, from the draft (or an empty form for a job not started yet). */
export async function wizardLoader(request: Request, jobId: string | null): Promise<WizardView> {
  const { user, member } = await requireMember(request);
  const language = await languageFor(request, user);
  const url = new URL(request.url);
  const step = stepOf(url.searchParams.get("step"));
  const view = { errors: {}, formError: null, upgradeUrl: null, revision: "loaded" };
  const salaryRangeRequired = await companyRequiresSalaryRange(member);
  const notes = (form: WizardForm, status: JobStatus) =>
    wizardNotes({ timeZone: member.timeZone, status, form, salaryRangeRequired, locale: INTL_LOCALES[language] });
  if (!jobId) {
    if (step !== 1) throw redirect("/employer/jobs/new");
    const publishLimit = await limitBeforePublishing(member);
    const form = emptyWizardForm(user.companyName ?? "");
    return wizardViewIn<WizardView>(
      {
        ...view,
        jobId: null,
        step,
        form,
        notes: notes(form, "draft"),
        published: false,
        questionsLocked: false,
        ai: NO_AI,
        confirmDiscard: false,
        publishLimit,
      },
      language,
    );
  }
  const state = await loadState(member, jobId);
  const { form, ai } = await landGenerations(member, jobId, state.form, state.questionsLocked);
  const publishLimit = state.published ? null : await limitBeforePublishing(member);
  const { attributes, isDefault } = await scorecardAttributesOf(jobId);
  return wizardViewIn<WizardView>(
    {
      scorecard: { names: attributes.filter((a) => !a.retired).map((a) => a.name), isDefault },
      ...view,
      jobId,
      step,
      form,
      notes: notes(form, state.status),
      published: state.published,
      questionsLocked: state.questionsLocked,
      ai,
      confirmDiscard: url.searchParams.get("confirm") === "discard",
      publishLimit,
    },
    language,
  );
}

/** Why the company can't publish one more job now (said as the wizard opens), or null. */
async function limitBeforePublishing(member: Member): Promise<WizardView["publishLimit"]> {
  const allowance = await publishAllowance(member);
  return allowance.allowed
    ? null
    : { reason: allowance.reason, upgradeUrl: allowance.upgradeUrl, closeHelps: allowance.closeHelps };
}

// Generate with AI: what each button needs first, and what the page says afterwards.
const AI_NEEDS = {
  description: {
    fields: ["title", "company_name", "requirements"],
    message: "Please fill in job title, company, and requirements first",
  },
  questions: { fields: ["title", "description"], message: "Please fill in job title and description first" },
} as const satisfies Record<string, { fields: (keyof WizardForm)[]; message: string }>;

/** What one step posts, laid over the stored form: step 1 the details, step 2 the questions. */
function mergeStep(
  base: WizardForm,
  payload: Record<string, unknown>,
  step: WizardStep,
  questionsLocked: boolean,
): WizardForm {
  if (step === 1) {
    const details: Record<string, unknown> = {};
    // A closed job's page has no closing date field: a date not posted keeps the one held.
    for (const key of DETAIL_FIELDS) details[key] = payload[key] ?? (key === "closes_at" ? base.closes_at : "");
    details.benefits = Array.isArray(payload.benefits) ? payload.benefits : [];
    return toWizardForm(details, base);
  }
  if (step === 2 && !questionsLocked) {
    return toWizardForm({ questions: Array.isArray(payload.questions) ? payload.questions : [] }, base);
  }
  return base;
}

/** Whether anything was typed or chosen (the currency has a default, so it doesn't count). */
function anythingTyped(form: WizardForm, companyName: string): boolean {
  const {
    salary_currency: _currency,
    company_name: company,
    benefits,
    questions,
    previous_questions: _previous,
    questions_generation: _generation,
    ...fields
  } = form;
  return (
    company.trim() !== companyName.trim() ||
    benefits.length > 0 ||
    questions.length > 0 ||
    Object.values(fields).some((v) => String(v ?? "").trim() !== "")
  );
}

/** Wizard errors for fields that held characters we can't store; a benefit's message shows under the list. */
function unstorableErrors(names: string[]): FieldErrors {
  return Object.fromEntries(
    names.map((name) => [name.startsWith("benefits[") ? "benefits" : name, [UNSTORABLE_FIELD]]),
  );
}

/** POST: keep what was posted, then do what the pressed button asked. */
export async function wizardAction(request: Request, routeJobId: string | null) {
  const { user, member } = await requireMember(request);
  const language = await languageFor(request, user);
  const { form: formData, unstorable } = await readTextForm(request);
  const payload = parseWithZod(formData, { schema: z.any() }).payload as Record<string, unknown>;
  const intent = typeof payload.intent === "string" ? payload.intent : "next";
  const step = stepOf(payload.step);
  let jobId = routeJobId;

  const state = jobId ? await loadState(member, jobId) : null;
  const published = state?.published ?? false;
  const questionsLocked = state?.questionsLocked ?? false;
  const base = state?.form ?? emptyWizardForm(user.companyName ?? "");
  const form = mergeStep(base, payload, step, questionsLocked);
  const closing = closingRule(member.timeZone, state?.status ?? "draft");
  const salaryRangeRequired = await companyRequiresSalaryRange(member);

  const reply = (view: Partial<WizardView>, status = 400, headers?: HeadersInit) =>
    data<WizardView>(
      wizardViewIn<WizardView>(
        {
          jobId,
          step,
          form,
          notes: wizardNotes({
            timeZone: member.timeZone,
            status: state?.status ?? "draft",
            form,
            salaryRangeRequired,
            locale: INTL_LOCALES[language],
          }),
          published,
          questionsLocked,
          errors: {},
          formError: null,
          upgradeUrl: null,
          revision: crypto.randomUUID(),
          ai: NO_AI,
          confirmDiscard: false,
          ...view,
        },
        language,
      ),
      { status, headers },
    );

  if (intent === "discard-confirmed") {
    if (jobId) await discardDraft(member, jobId);
    return published
      ? redirect(`/employer/jobs/${jobId}`)
      : redirectWithNotice("/employer/dashboard", "Draft deleted.");
  }
  if (intent === "undo-description" && form.previous_description) {
    form.description = form.previous_description;
    form.previous_description = "";
  }
  if (intent === "undo-questions" && form.previous_questions && !questionsLocked) {
    form.questions = form.previous_questions;
    form.previous_questions = null;
  }
  // Generating again replaces the questions or adds to them; the choice waits in the draft for the result.
  if (intent.startsWith("generate-questions") && !questionsLocked)
    form.questions_generation = intent === "generate-questions:replace" ? "replace" : "add";

  // Nothing is saved; the page comes back as typed, with a message beside each such field.
  if (unstorable.length)
    return reply({ errors: unstorableErrors(unstorable), formError: "Please check the highlighted fields" });

  let listErrors: FieldErrors | null;
  try {
    listErrors = isListIntent(intent) ? applyListChange(form, intent, payload.benefit, { questionsLocked }) : null;
  } catch (error) {
    if (error instanceof HiringError && error.code === "questions-locked") return reply({ formError: error.message });
    throw error;
  }
  // Without JavaScript, Enter in "Add a benefit" submits the step's Next: a benefit typed but not
  // added is added as the step is saved (or, when it can't be, the step stays with the reason).
  if (
    !listErrors &&
    step === 1 &&
    !/^(add|remove)-benefit/.test(intent) &&
    typeof payload.benefit === "string" &&
    payload.benefit.trim()
  ) {
    listErrors = applyListChange(form, "add-benefit", payload.benefit, { questionsLocked });
  }

  // Keep everything as typed, whatever happens next. A new job becomes a draft on its first save
  // with something typed: pressing Next on an empty form leaves no "Untitled job" behind.
  if (jobId) await saveDraft(member, jobId, form);
  else if (anythingTyped(form, user.companyName ?? "")) {
    jobId = await startDraft(member, form);
  }

  if (listErrors) return reply({ errors: listErrors });
  if (intent === "dashboard") return redirect("/employer/dashboard");
  // Delete draft and Discard changes ask first (the page shows the question, JavaScript or not).
  if (intent === "discard")
    return redirect(jobId ? `${wizardUrl(jobId, published, step)}&confirm=discard` : "/employer/dashboard");
  if (intent === "undo-description" && jobId) return redirect(wizardUrl(jobId, published, 1, "description-ai"));
  if (!jobId) {
    // Nothing typed yet: Next names what is missing; anything else is just the empty form again.
    if (intent === "next" && step === 1) {
      const checked = checkDetails(form, closing);
      if (!checked.ok) return reply({ errors: checked.errors, formError: summaryMessage(checked.errors) });
    }
    return redirect("/employer/jobs/new");
  }
  const here = (s: WizardStep, anchor = "") => redirect(wizardUrl(jobId!, published, s, anchor));
  if (intent === "undo-questions") return here(2, "questions");

  if (/^(add|remove)-benefit/.test(intent)) return here(1, "benefits");
  if (/^(add-question|remove-question|move-up|move-down)/.test(intent)) {
    const focus =
      intent === "add-question"
        ? form.questions.length - 1
        : Math.max(
            0,
            Math.min(
              form.questions.length - 1,
              Number(intent.split(":")[1]) +
                (intent.startsWith("move-up") ? -1 : intent.startsWith("move-down") ? 1 : 0),
            ),
          );
    return here(2, form.questions.length ? `question-${focus + 1}` : "questions");
  }
  if (intent === "previous") return here(Math.max(1, step - 1) as WizardStep);

  if (intent === "generate-description" || intent.startsWith("generate-questions")) {
    const kind = intent === "generate-description" ? "description" : "questions";
    if (AI_NEEDS[kind].fields.some((field) => !form[field].trim())) return reply({ formError: AI_NEEDS[kind].message });
    if (kind === "questions" && questionsLocked) return reply({ formError: QUESTIONS_LOCKED_MESSAGE });
    if (kind === "questions" && form.questions_generation === "add" && form.questions.length >= MAX_QUESTIONS)
      return reply({ errors: { questions: [`A job can have at most ${MAX_QUESTIONS} questions`] } });
    // A second press while the first is being written asks for nothing more.
    try {
      await requestGeneration(user.id, jobId, draftGenerationRequest(kind, form));
    } catch (error) {
      // Past the account's AI generations for the hour: the draft is kept, the page says when to try again.
      if (error instanceof QuotaExceededError) return reply({ formError: error.message }, 429, retryAfter(error));
      throw error;
    }
    return here(step, kind === "description" ? "description-ai" : "questions");
  }

  if (intent === "next") {
    if (step === 1) {
      const checked = checkDetails(form, closing);
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
    return withModuleErrors(
      async () => {
        const result = await publishDraft(member, jobId, user.companyLogo);
        if (published) return redirectWithNotice(`/employer/jobs/${jobId}`, JOB_NOTICES.updated);
        if (result.published) return redirectWithNotice("/employer/dashboard", "Job posted successfully!");
        return redirect(`/employer/jobs/${jobId}`);
      },
      {
        notFound: JOB_NOT_FOUND,
        refused: (error: HiringError, status) => {
          if (error.code !== "invalid")
            return reply({ step: 3, formError: error.message, upgradeUrl: error.upgradeUrl }, status);
          // Send the person to the first step with something to fix, messages beside the fields.
          const firstStep: WizardStep = Object.keys(error.fieldErrors).some((k) => !k.startsWith("questions")) ? 1 : 2;
          return reply({ step: firstStep, errors: error.fieldErrors, formError: error.message }, status);
        },
      },
    );
  }
  return here(step);
}
