// The post wizard's screens: Job Details, Questions, Review. One POST form per step; every button
// is a submit with an intent, so the wizard works without JavaScript. With it, Enter in the benefit
// box adds the benefit, and submissions happen without a page load. Generate with AI works in the
// background: while it writes, the page refreshes itself (without JavaScript) or revalidates.
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { wizardUrl, type AiNotice, type WizardView } from "#app/job-wizard.ts";
import type { DraftQuestion, WizardChoices } from "#modules/hiring/index.ts";
import { Field, FormError, FieldErrors, IntentButton, RequiredMark, SelectField, TextAreaField } from "./forms.tsx";
import { Card } from "./job-bits.tsx";
import { RichText } from "#app/components/rich-text.tsx";

const STEPS = ["Job Details", "Questions", "Review"] as const;

export function JobWizard({ view, choices, actionUrl, title }: { view: WizardView; choices: WizardChoices; actionUrl: string; title: string }) {
  const { step, errors, form, published } = view;
  // Remount the fields whenever the server's copy changes (a question moved, a benefit added), so
  // uncontrolled inputs show what the server holds. The description and the questions remount on
  // their own, so text typed elsewhere stays when an AI result lands.
  const formKey = `${step}:${JSON.stringify({ ...form, description: "", questions: [] })}`;
  const writing = view.ai.pending.description || view.ai.pending.questions;
  useRevalidateWhile(writing);
  const refreshUrl = useRefreshUrl(view);
  const otherStepNotices = view.ai.notices.filter((n) => n.kind !== (step === 1 ? "description" : step === 2 ? "questions" : null));
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      {/* Without JavaScript the page reloads until the AI result is there. */}
      {writing && refreshUrl ? (
        <noscript>
          <meta httpEquiv="refresh" content={`2;url=${refreshUrl}`} />
        </noscript>
      ) : null}
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <StepIndicator step={step} />
      </div>
      {view.confirmDiscard && view.jobId ? <DiscardConfirmation view={view} actionUrl={actionUrl} /> : null}

      <Form method="post" action={actionUrl} noValidate className="grid gap-6" key={formKey}>
        {/* Enter in a text field means Next (or Publish on the last step): the first submit button is the default. */}
        <button type="submit" name="intent" value={step === 3 ? "publish" : "next"} tabIndex={-1} aria-hidden className="sr-only">
          {step === 3 ? "Publish" : "Next"}
        </button>
        <input type="hidden" name="step" value={step} />

        <FormError id="wizard-error" message={view.formError} upgradeUrl={view.upgradeUrl} />
        <AiNotices notices={otherStepNotices} />

        {step === 1 ? <DetailsStep view={view} choices={choices} /> : null}
        {step === 2 ? <QuestionsStep view={view} choices={choices} /> : null}
        {step === 3 ? <ReviewStep view={view} choices={choices} /> : null}

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
          <IntentButton intent="dashboard" variant="quiet" pendingLabel="Saving...">
            Back to Dashboard
          </IntentButton>
          <div className="flex-1" />
          {step > 1 ? (
            <IntentButton intent="previous" pendingLabel="Saving...">
              Previous
            </IntentButton>
          ) : null}
          {step < 3 ? (
            <IntentButton intent="next" variant="primary" pendingLabel="Saving...">
              Next
            </IntentButton>
          ) : (
            <IntentButton intent="publish" variant="primary" pendingLabel={published ? "Saving..." : "Publishing..."}>
              {published ? "Save Changes" : "Publish Job"}
            </IntentButton>
          )}
        </div>
        {view.jobId ? (
          <div className="-mt-3 text-right">
            <IntentButton intent="discard" variant="quiet" className="text-red-700 dark:text-red-300">
              {published ? "Discard changes" : "Delete draft"}
            </IntentButton>
          </div>
        ) : null}
        {errors[""] ? <FieldErrors id="wizard-form-errors" errors={errors[""]} /> : null}
      </Form>
    </section>
  );
}

/** Delete draft and Discard changes ask first; without JavaScript this is the page's own question. */
function DiscardConfirmation({ view, actionUrl }: { view: WizardView; actionUrl: string }) {
  const keepEditing = wizardUrl(view.jobId!, view.published, view.step);
  return (
    <Card className="border-red-300 dark:border-red-800">
      <h2 className="text-lg font-semibold">{view.published ? "Discard your unsaved changes?" : "Delete this draft?"}</h2>
      <p className="mt-1 text-slate-700 dark:text-slate-200">
        {view.published ? "The job stays as candidates see it now; the edits you haven't saved are lost." : "Everything typed in this draft is deleted for good."}
      </p>
      <Form method="post" action={actionUrl} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="step" value={view.step} />
        <IntentButton intent="discard-confirmed" variant="danger" pendingLabel={view.published ? "Discarding..." : "Deleting..."} autoFocus>
          {view.published ? "Discard changes" : "Delete draft"}
        </IntentButton>
        <a href={keepEditing} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Keep editing
        </a>
      </Form>
    </Card>
  );
}

/** Where a three-step wizard is: done, current and to-do steps. */
export function StepIndicator({ step, steps = STEPS }: { step: number; steps?: readonly string[] }) {
  return (
    // On a phone only the current step shows its name; the others show their number (names stay for screen readers).
    <ol className="mt-4 flex gap-2 text-sm sm:grid sm:grid-cols-3" aria-label="Steps">
      {steps.map((name, index) => {
        const n = index + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={name}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-2 rounded-lg border px-3 py-2 ${state === "current" ? "min-w-0 flex-1" : "shrink-0"} ${
              state === "current"
                ? "border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:border-brand-400 dark:bg-slate-800 dark:text-brand-100"
                : state === "done"
                  ? "border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300"
                  : "border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400"
            }`}
          >
            <span
              aria-hidden
              className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${
                state === "todo" ? "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200" : "bg-brand-600 text-white"
              }`}
            >
              {state === "done" ? "✓" : n}
            </span>
            <span className={state === "current" ? "min-w-0 truncate" : "max-sm:sr-only"}>
              <span className="sr-only">Step {n} of {steps.length}: </span>
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Section({ title, id, children, description }: { title: string; id?: string; children: ReactNode; description?: ReactNode }) {
  return (
    <Card>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}


function DetailsStep({ view, choices }: { view: WizardView; choices: WizardChoices }) {
  const { form, errors } = view;
  const text = (name: keyof typeof form & string, label: string, extra: { hint?: string; required?: boolean; inputMode?: "numeric"; className?: string; placeholder?: string } = {}) => (
    <Field
      className={extra.className}
      label={
        <>
          {label}
          {extra.required ? <RequiredMark /> : null}
        </>
      }
      hint={extra.hint}
      errors={errors[name]}
      inputProps={{
        id: `job-${name}`,
        name,
        type: "text",
        defaultValue: form[name] as string,
        inputMode: extra.inputMode,
        placeholder: extra.placeholder,
        "aria-required": extra.required || undefined,
      }}
    />
  );
  const select = (name: keyof typeof form & string, label: string, options: [string, string][], placeholder?: string) => (
    <SelectField
      id={`job-${name}`}
      name={name}
      label={
        <>
          {label}
          {placeholder?.startsWith("Select") ? <RequiredMark /> : null}
        </>
      }
      defaultValue={form[name] as string}
      options={options}
      placeholder={placeholder}
      errors={errors[name]}
    />
  );
  const area = (name: "requirements" | "description", label: string, rows: number, hint?: string) => (
    <TextAreaField
      id={`job-${name}`}
      name={name}
      className="sm:col-span-2"
      label={
        <>
          {label}
          <RequiredMark />
        </>
      }
      rows={rows}
      hint={hint}
      defaultValue={form[name]}
      errors={errors[name]}
    />
  );
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Fields marked <span className="text-red-700 dark:text-red-300">*</span> are required.
      </p>
      <Section title="Basic Information">
        {text("title", "Job title", { required: true, className: "sm:col-span-2", placeholder: "e.g. Senior Frontend Engineer" })}
        {text("company_name", "Company", { required: true })}
        {text("location", "Location", { required: true, placeholder: "e.g. Austin, TX, United States" })}
        {select("location_type", "Location type", choices.locationTypes, "Select a location type")}
        {select("employment_type", "Employment type", choices.employmentTypes, "Select an employment type")}
        {select("category", "Category", choices.categories, "Select a category")}
        {select("experience_level", "Experience level", choices.experienceLevels, "Any level")}
      </Section>

      <Section title="Salary Range" description="Optional. Whole numbers per year; leave both empty to keep the salary private.">
        {text("salary_min", "Minimum", { inputMode: "numeric", placeholder: "e.g. 90000" })}
        {text("salary_max", "Maximum", { inputMode: "numeric", placeholder: "e.g. 120000" })}
        {select("salary_currency", "Currency", choices.currencies)}
      </Section>

      <Section title="Job Requirements">
        {area("requirements", "Requirements", 5, "The experience and skills a candidate needs.")}
        {text("skills", "Skills", { className: "sm:col-span-2", hint: "Separate skills with commas, e.g. React, TypeScript, SQL." })}
      </Section>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="description-ai" className="scroll-mt-24 text-lg font-semibold">
            Job Description
          </h2>
          <GenerateButton
            intent="generate-description"
            pending={view.ai.pending.description}
            watch={["title", "company_name", "requirements"]}
            hint="Please fill in job title, company, and requirements first"
          />
        </div>
        <AiStatus pending={view.ai.pending.description} label="Writing a description..." notices={view.ai.notices.filter((n) => n.kind === "description")} />
        {form.previous_description ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <span className="text-slate-700 dark:text-slate-300">The AI replaced the description you wrote.</span>
            <IntentButton intent="undo-description" pendingLabel="Restoring...">
              Undo: restore my description
            </IntentButton>
          </div>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2" key={form.description}>
          {area("description", "Description", 8, "What the role is, the team, and what a typical week looks like.")}
        </div>
      </Card>

      <Benefits view={view} />
    </>
  );
}

function Benefits({ view }: { view: WizardView }) {
  const { form, errors } = view;
  const input = useRef<HTMLInputElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Back from adding one (the page scrolled to #benefits): ready for the next.
  useEffect(() => {
    if (location.hash === "#benefits") input.current?.focus();
  }, [location.hash, form.benefits.length]);
  const errorId = errors.benefit?.length || errors.benefits?.length ? "job-benefit-error" : undefined;
  return (
    <Card>
      <h2 id="benefits" className="text-lg font-semibold">
        Benefits
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Optional. Add one at a time; duplicates and blanks are skipped.</p>
      {form.benefits.length ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Benefits added">
          {form.benefits.map((benefit, index) => (
            <li
              key={`${index}-${benefit}`}
              className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900 dark:border-slate-700 dark:bg-slate-800 dark:text-brand-100"
            >
              <input type="hidden" name={`benefits[${index}]`} value={benefit} />
              {benefit}
              <button
                type="submit"
                name="intent"
                value={`remove-benefit:${index}`}
                aria-label={`Remove ${benefit}`}
                className="grid size-6 place-items-center rounded-full text-brand-800 hover:bg-brand-100 dark:text-brand-100 dark:hover:bg-slate-700"
              >
                <span aria-hidden>×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="job-benefit" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Add a benefit
          </label>
          <input
            ref={input}
            id="job-benefit"
            name="benefit"
            type="text"
            defaultValue=""
            placeholder="e.g. Health insurance"
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onKeyDown={(event) => {
              // Enter adds the benefit (rather than going to the next step).
              if (event.key === "Enter") {
                event.preventDefault();
                add.current?.click();
              }
            }}
            className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 dark:bg-slate-900 dark:text-slate-100 ${
              errorId ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
            }`}
          />
        </div>
        <IntentButton ref={add} intent="add-benefit" pendingLabel="Adding...">
          Add
        </IntentButton>
      </div>
      <FieldErrors id={errorId} errors={[...(errors.benefit ?? []), ...(errors.benefits ?? [])]} />
    </Card>
  );
}

function QuestionsStep({ view, choices }: { view: WizardView; choices: WizardChoices }) {
  const { form, errors, questionsLocked } = view;
  if (questionsLocked) {
    return (
      <Card>
        <h2 className="text-lg font-semibold">Screening Questions</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Candidates have already answered these questions, so they can't change. You can still edit the job's details.
        </p>
        <QuestionList questions={form.questions} choices={choices} />
      </Card>
    );
  }
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="questions" className="text-lg font-semibold">
            Screening Questions
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Candidates answer these when they apply. Questions left empty are dropped. Up to {choices.maxQuestions}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <GenerateButton
            intent="generate-questions"
            pending={view.ai.pending.questions}
            ready={Boolean(form.title.trim() && form.description.trim()) && form.questions.length < choices.maxQuestions}
            hint={form.questions.length < choices.maxQuestions ? "Please fill in job title and description first" : `A job can have at most ${choices.maxQuestions} questions.`}
          />
          <IntentButton intent="add-question" pendingLabel="Adding..." disabled={form.questions.length >= choices.maxQuestions}>
            Add Custom
          </IntentButton>
        </div>
      </div>
      <AiStatus pending={view.ai.pending.questions} label="Generating questions..." notices={view.ai.notices.filter((n) => n.kind === "questions")} />
      <FieldErrors id="job-questions-error" errors={errors.questions} />
      {form.questions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No questions added yet. Use AI to generate relevant questions or add your own.
        </p>
      ) : (
        <ol className="mt-6 grid gap-4">
          {form.questions.map((question, index) => (
            <QuestionEditor key={`${index}:${JSON.stringify(question)}`} question={question} index={index} count={form.questions.length} errors={errors} choices={choices} />
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * Where the page reloads itself to while AI text is written (JavaScript off). A reload of the same
 * address with an anchor would only scroll, so the address alternates `wait=1` and `wait=2`; the
 * anchor keeps the place on the page.
 */
function useRefreshUrl(view: WizardView): string | null {
  const location = useLocation();
  if (!view.jobId) return null;
  const wait = new URLSearchParams(location.search).get("wait") === "1" ? 2 : 1;
  const anchor = view.step === 1 ? "#description-ai" : view.step === 2 ? "#questions" : "";
  return `${wizardUrl(view.jobId, view.published, view.step)}&wait=${wait}${anchor}`;
}

/** While AI text is being written in the background, asks the server again every 2 s (JavaScript on). */
function useRevalidateWhile(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, state, revalidate]);
}

/**
 * Generate with AI. Disabled while a result is being written, or until what it needs is filled
 * in: `ready` as the server sees it, and with JavaScript the `watch`ed fields as typed. Without
 * JavaScript it stays enabled and the server answers with the spec's message.
 */
function GenerateButton({ intent, pending, ready = true, watch = [], hint }: { intent: string; pending: boolean; ready?: boolean; watch?: string[]; hint: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [filled, setFilled] = useState(true);
  const watched = watch.join(",");
  useEffect(() => {
    const form = button.current?.form;
    if (!form || !watched) return;
    const check = () =>
      setFilled(
        watched.split(",").every((name) => {
          const field = form.elements.namedItem(name);
          return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value.trim() !== "" : true;
        }),
      );
    check();
    form.addEventListener("input", check);
    return () => form.removeEventListener("input", check);
  }, [watched]);
  const missing = !ready || !filled;
  const hintId = `${intent}-hint`;
  return (
    <div className="flex flex-col items-end gap-1">
      <IntentButton ref={button} intent={intent} pendingLabel="Saving..." disabled={pending || missing} aria-describedby={missing ? hintId : undefined}>
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 text-brand-600 dark:text-brand-300">
          <path d="M10 1.5l1.9 4.6 4.6 1.9-4.6 1.9L10 14.5l-1.9-4.6L3.5 8l4.6-1.9L10 1.5zM16 13l.9 2.1 2.1.9-2.1.9L16 19l-.9-2.1-2.1-.9 2.1-.9L16 13z" />
        </svg>
        Generate with AI
      </IntentButton>
      {missing && !pending ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The pending line while AI text is written, then what came of it. */
function AiStatus({ pending, label, notices }: { pending: boolean; label: string; notices: AiNotice[] }) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {pending ? (
          <p className="mt-3 flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-slate-700 dark:bg-slate-800 dark:text-brand-100">
            <span aria-hidden className="size-4 shrink-0 animate-spin rounded-full border-2 border-current/40 border-t-current" />
            {label}
          </p>
        ) : null}
      </div>
      <AiNotices notices={notices} className="mt-3" />
    </>
  );
}

const NOTICE_STYLES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  error: "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
};

function AiNotices({ notices, className = "" }: { notices: AiNotice[]; className?: string }) {
  if (!notices.length) return null;
  return (
    <div className={`grid gap-2 ${className}`}>
      {notices.map((notice) => (
        <p key={notice.message} role={notice.tone === "error" ? "alert" : "status"} className={`ai-notice rounded-lg border px-4 py-3 text-sm ${NOTICE_STYLES[notice.tone]}`}>
          {notice.message}
        </p>
      ))}
    </div>
  );
}

function QuestionEditor({
  question,
  index,
  count,
  errors,
  choices,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: WizardView["errors"];
  choices: WizardChoices;
}) {
  const name = (field: string) => `questions[${index}].${field}`;
  const id = (field: string) => `question-${index}-${field}`;
  const n = index + 1;
  return (
    <li id={`question-${n}`} className="question-editor scroll-mt-24 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">Question {n}</legend>
        <TextAreaField
          id={id("question_text")}
          name={name("question_text")}
          label="Question text"
          rows={2}
          className="sm:col-span-2"
          defaultValue={question.question_text}
          errors={errors[name("question_text")]}
        />
        <SelectField
          id={id("question_type")}
          name={name("question_type")}
          label="Type"
          defaultValue={question.question_type}
          options={choices.questionTypes}
          errors={errors[name("question_type")]}
        />
        <SelectField
          id={id("category")}
          name={name("category")}
          label="Category"
          defaultValue={question.category}
          options={choices.questionCategories}
          errors={errors[name("category")]}
        />
        {/* Shown for multiple choice, or when the options need fixing (app.css: no script needed). */}
        <div className="question-options sm:col-span-2">
          <Field
            label="Options"
            hint="Separate the choices with commas, e.g. Less than 1 year, 1-3 years, More than 3 years."
            errors={errors[name("options")]}
            inputProps={{ id: id("options"), name: name("options"), type: "text", defaultValue: question.options }}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" name={name("required")} defaultChecked={question.required} className="size-4 accent-brand-600" />
          Required
        </label>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <IntentButton intent={`move-up:${index}`} variant="quiet" disabled={index === 0} aria-label={`Move up question ${n}`}>
          Move up
        </IntentButton>
        <IntentButton intent={`move-down:${index}`} variant="quiet" disabled={index === count - 1} aria-label={`Move down question ${n}`}>
          Move down
        </IntentButton>
        <div className="flex-1" />
        <IntentButton intent={`remove-question:${index}`} variant="danger" aria-label={`Remove question ${n}`}>
          Remove
        </IntentButton>
      </div>
    </li>
  );
}

const labelFrom = (pairs: [string, string][], value: string) => pairs.find(([v]) => v === value)?.[1] ?? value;

function QuestionList({ questions, choices }: { questions: DraftQuestion[]; choices: WizardChoices }) {
  const shown = questions.filter((q) => q.question_text.trim());
  if (!shown.length) return <p className="mt-3 text-slate-600 dark:text-slate-400">No screening questions.</p>;
  return (
    <ol className="mt-3 grid list-decimal gap-2 pl-6">
      {shown.map((q, i) => (
        <li key={i}>
          <span className="font-medium">{q.question_text}</span>{" "}
          <span className="text-sm text-slate-600 dark:text-slate-400">
            ({labelFrom(choices.questionTypes, q.question_type)}
            {q.required ? ", required" : ", optional"})
          </span>
          {q.question_type === "multiple_choice" && q.options ? (
            <span className="block text-sm text-slate-600 dark:text-slate-400">Options: {q.options}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function ReviewStep({ view, choices }: { view: WizardView; choices: WizardChoices }) {
  const { form } = view;
  const questionCount = form.questions.filter((q) => q.question_text.trim()).length;
  const salary = form.salary_min.trim() && form.salary_max.trim() ? `${form.salary_currency} ${Number(form.salary_min).toLocaleString("en-US")} - ${Number(form.salary_max).toLocaleString("en-US")}` : null;
  const rows: [string, ReactNode][] = [
    ["Job title", form.title],
    ["Company", form.company_name],
    ["Location", form.location],
    ["Location type", labelFrom(choices.locationTypes, form.location_type)],
    ["Employment type", labelFrom(choices.employmentTypes, form.employment_type)],
    ["Category", form.category],
  ];
  if (salary) rows.push(["Salary", salary]);
  if (form.experience_level) rows.push(["Experience level", labelFrom(choices.experienceLevels, form.experience_level)]);
  if (form.skills.trim()) rows.push(["Skills", form.skills]);
  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold">Review your job</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Check everything before you publish. Use Previous to change anything.</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="font-medium">{value || <span className="text-red-700 dark:text-red-300">Missing</span>}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Description</h2>
        <RichText text={form.description} />
        <h2 className="mt-6 text-lg font-semibold">Requirements</h2>
        <RichText text={form.requirements} />
        {form.benefits.length ? (
          <>
            <h2 className="mt-6 text-lg font-semibold">Benefits</h2>
            <ul className="mt-2 list-disc pl-6 text-slate-700 dark:text-slate-300">
              {form.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          Screening Questions <span className="text-slate-600 dark:text-slate-400">({questionCount})</span>
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {questionCount === 1 ? "1 question" : `${questionCount} questions`} for candidates to answer.
        </p>
        <QuestionList questions={form.questions} choices={choices} />
      </Card>
    </>
  );
}
