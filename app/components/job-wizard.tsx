// The post wizard's screens: Job Details, Questions, Review. One POST form per step; every button
// is a submit with an intent, so the wizard works without JavaScript. With it, Enter in the benefit
// box adds the benefit, and submissions happen without a page load.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { WizardView } from "#app/job-wizard.ts";
import type { DraftQuestion, WizardChoices } from "#modules/hiring/index.ts";
import { ErrorBox, Field, FieldErrors, IntentButton, SelectField, TextAreaField } from "./forms.tsx";
import { Card } from "./job-bits.tsx";

const STEPS = ["Job Details", "Questions", "Review"] as const;

export function JobWizard({ view, choices, actionUrl, title }: { view: WizardView; choices: WizardChoices; actionUrl: string; title: string }) {
  const { step, errors, form, published } = view;
  // Remount the fields whenever the server's copy changes (a question moved, a benefit added), so
  // uncontrolled inputs show what the server holds.
  const formKey = `${step}:${JSON.stringify(form)}`;
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <StepIndicator step={step} />
      </div>

      <Form method="post" action={actionUrl} noValidate className="grid gap-6" key={formKey}>
        {/* Enter in a text field means Next (or Publish on the last step): the first submit button is the default. */}
        <button type="submit" name="intent" value={step === 3 ? "publish" : "next"} tabIndex={-1} aria-hidden className="sr-only">
          {step === 3 ? "Publish" : "Next"}
        </button>
        <input type="hidden" name="step" value={step} />

        {view.formError ? (
          <div id="wizard-error">
            <ErrorBox errors={[view.formError]} />
            {view.upgradeUrl ? (
              <a href={view.upgradeUrl} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                Compare plans and upgrade
              </a>
            ) : null}
          </div>
        ) : null}

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

/** Where a three-step wizard is: done, current and to-do steps. */
export function StepIndicator({ step, steps = STEPS }: { step: number; steps?: readonly string[] }) {
  return (
    <ol className="mt-4 grid grid-cols-3 gap-2 text-sm" aria-label="Steps">
      {steps.map((name, index) => {
        const n = index + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={name}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-2 rounded-lg border px-3 py-2 ${
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
            <span>
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

const Required = () => (
  <span className="text-red-700 dark:text-red-300" aria-hidden>
    {" "}
    *
  </span>
);

function DetailsStep({ view, choices }: { view: WizardView; choices: WizardChoices }) {
  const { form, errors } = view;
  const text = (name: keyof typeof form & string, label: string, extra: { hint?: string; required?: boolean; inputMode?: "numeric"; className?: string; placeholder?: string } = {}) => (
    <Field
      className={extra.className}
      label={
        <>
          {label}
          {extra.required ? <Required /> : null}
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
          {placeholder?.startsWith("Select") ? <Required /> : null}
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
          <Required />
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

      <Section title="Job Description">
        {area("description", "Description", 8, "What the role is, the team, and what a typical week looks like.")}
      </Section>

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
        <IntentButton intent="add-question" pendingLabel="Adding..." disabled={form.questions.length >= choices.maxQuestions}>
          Add Custom
        </IntentButton>
      </div>
      <FieldErrors id="job-questions-error" errors={errors.questions} />
      {form.questions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No questions added yet. Use AI to generate relevant questions or add your own.
        </p>
      ) : (
        <ol className="mt-6 grid gap-4">
          {form.questions.map((question, index) => (
            <QuestionEditor key={index} question={question} index={index} count={form.questions.length} errors={errors} choices={choices} />
          ))}
        </ol>
      )}
    </Card>
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
        <IntentButton intent={`move-up:${index}`} variant="quiet" disabled={index === 0} aria-label={`Move question ${n} up`}>
          Move up
        </IntentButton>
        <IntentButton intent={`move-down:${index}`} variant="quiet" disabled={index === count - 1} aria-label={`Move question ${n} down`}>
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
        <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{form.description}</p>
        <h2 className="mt-6 text-lg font-semibold">Requirements</h2>
        <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{form.requirements}</p>
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
