// The apply wizard's screens: Questions, Resume, Review. One POST form per step; every button is a
// submit with an intent, so it works without JavaScript. Step 2 posts as multipart, so the chosen
// file goes up with whichever button was pressed.
import { textLink } from "#app/components/ui/styles.ts";
import { inMegabytes, MAX_RESUME_BYTES } from "#lib/upload-limits.ts";
import { Form, Link } from "@remix-run/react";
import { useRef, type MouseEvent, type Ref } from "react";
import type { ApplyView } from "#app/apply.server.ts";
import { FieldErrors, FormError, IntentButton } from "./forms.tsx";
import { useFocusOnChange } from "./focus.ts";
import { Card, CompanyMark, outsideNote } from "./job-bits.tsx";
import { EnterSubmits, RefreshWhileWaiting, StepIndicator, useRevalidateWhile, WizardNav } from "./wizard-chrome.tsx";
import { AnswerFeedbackPanel } from "./answer-feedback.tsx";

const STEPS = ["Questions", "Resume", "Review"] as const;
const RATING_LABELS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

export function ApplyWizard({ view }: { view: ApplyView }) {
  const { step, job } = view;
  // After Next or Previous without a page load, focus goes to the new step's heading.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(stepHeading, step, { block: "nearest" });
  if (view.preparing) return <Preparing />;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`/candidate/jobs/${job.id}`} className="w-fit text-sm font-semibold text-brand hover:underline">
        ← Back to job
      </Link>
      <header className="flex items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Apply: {job.title}</h1>
          <p className="mt-1 text-muted">
            {job.companyName} · {job.location} · {job.employmentType}
          </p>
        </div>
      </header>
      <StepIndicator step={step} steps={STEPS} />
      {view.confirmDiscard ? <DiscardConfirmation jobId={job.id} step={step} /> : null}

      <Form
        method="post"
        action={`/candidate/jobs/${job.id}/apply?step=${step}`}
        encType={step === 2 ? "multipart/form-data" : undefined}
        noValidate
        className="grid gap-6"
        key={`${step}:${JSON.stringify(view.answers)}:${view.resume?.id ?? ""}`}
      >
        {/* Enter in a field means Next (Submit on the last step): the first submit button is the default. */}
        <EnterSubmits step={step} steps={STEPS.length} finish={["submit", "Submit Application"]} />
        <input type="hidden" name="step" value={step} />
        <FormError message={view.formError} upgradeUrl={view.upgradeUrl} />

        {step === 1 && view.external ? (
          <p
            role="note"
            className="rounded-lg border border-field bg-tint px-4 py-3 text-sm text-slate-800 dark:text-slate-100"
          >
            <strong className="font-semibold">{outsideNote(job.companyName)}.</strong> Answer here and add your resume;
            at the end we open their application page.
          </p>
        ) : null}
        {step === 1 ? <Allowance view={view} /> : null}
        {step === 1 ? <QuestionsStep view={view} headingRef={stepHeading} /> : null}
        {step === 2 ? <ResumeStep view={view} headingRef={stepHeading} /> : null}
        {step === 3 ? <ReviewStep view={view} headingRef={stepHeading} /> : null}

        <WizardNav
          step={step}
          steps={STEPS.length}
          leave={
            <IntentButton intent="discard" variant="quiet" pendingLabel="Discarding...">
              Discard
            </IntentButton>
          }
          finish={
            view.external ? (
              <IntentButton
                intent="submit"
                variant="primary"
                pendingLabel="Saving..."
                onClick={continueToSite(view.external.applyLink)}
              >
                Save and continue to {job.companyName}'s site <span className="sr-only">(opens in a new tab)</span>
              </IntentButton>
            ) : (
              <IntentButton intent="submit" variant="primary" pendingLabel="Submitting...">
                Submit Application
              </IntentButton>
            )
          }
        />
      </Form>
    </section>
  );
}

/**
 * With JavaScript, the click opens the company's apply link in a new tab (a user gesture, so it is
 * not blocked) while the form saves the application here. Without it, the saved application's page
 * offers the same link.
 */
const continueToSite = (applyLink: string) => (event: MouseEvent<HTMLButtonElement>) => {
  if (event.currentTarget.form?.checkValidity() !== false) window.open(applyLink, "_blank", "noopener");
};

/** What the candidate's plan leaves, before the first question. */
function Allowance({ view }: { view: ApplyView }) {
  return (
    <p className="rounded-lg border border-line bg-tint px-4 py-3 text-sm text-label" role="note">
      {view.allowance.text}
    </p>
  );
}

/** While an imported listing's questions are made: skeletons, and a refresh until they are there. */
function Preparing() {
  useRevalidateWhile(true, 1500);
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6" aria-busy="true">
      {/* Without JavaScript the page reloads itself until the form is ready. */}
      <RefreshWhileWaiting />
      <div role="status">
        <p className="text-xl font-semibold">Loading job details...</p>
        <p className="mt-1 text-muted">Preparing your application form with AI-generated questions</p>
      </div>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden
          className="animate-pulse rounded-2xl border border-subtle bg-surface p-6 motion-reduce:animate-none"
        >
          <div className="h-4 w-2/3 rounded bg-line" />
          <div className="mt-4 h-20 rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </section>
  );
}

type StepProps = { view: ApplyView; headingRef: Ref<HTMLHeadingElement> };

function QuestionsStep({ view, headingRef }: StepProps) {
  const { questions, answers, errors } = view;
  if (!questions.length) {
    return (
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Screening Questions
        </h2>
        <p className="mt-2 text-muted">This job has no screening questions. Press Next to add your resume.</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="-mb-2 text-lg font-semibold">
        Screening Questions
      </h2>
      <p className="text-soft">
        Please answer the following {questions.length} questions to help us assess your fit for this role.
      </p>
      <ol className="grid gap-4">
        {questions.map((q, index) => {
          const id = `answer_${q.id}`;
          const errorId = errors[q.id] ? `${id}-error` : undefined;
          const value = answers[q.id] ?? "";
          return (
            <li key={q.id}>
              <Card className={errorId ? "border-red-400 dark:border-red-700" : ""}>
                <fieldset aria-describedby={errorId}>
                  <legend className="flex flex-wrap items-start gap-2">
                    <span className="font-semibold">
                      {index + 1}. {q.text}
                      {q.required ? <span className="sr-only"> (required)</span> : null}
                    </span>
                    <span className="rounded-full bg-brand-tint px-2 py-0.5 text-xs font-medium text-brand-strong">
                      {q.category}
                    </span>
                  </legend>
                  <div className="mt-3">
                    {q.type === "text" ? (
                      <textarea
                        id={id}
                        name={id}
                        rows={4}
                        defaultValue={value}
                        aria-label={`Answer to question ${index + 1}`}
                        aria-invalid={errorId ? true : undefined}
                        aria-describedby={errorId}
                        className={`block w-full rounded-lg border bg-surface px-3 py-2 text-fg shadow-sm ${
                          errorId ? "border-red-600 dark:border-red-400" : "border-field"
                        }`}
                      />
                    ) : null}
                    {q.type === "multiple_choice" ? (
                      <div className="grid gap-2">
                        {(q.options ?? []).map((option) => (
                          <label
                            key={option}
                            className="flex items-center gap-3 rounded-lg border border-line px-3 py-2 hover:bg-tint"
                          >
                            <input
                              type="radio"
                              name={id}
                              value={option}
                              defaultChecked={value === option}
                              className="size-4 accent-brand-600"
                            />
                            <span>{option}</span>
                          </label>
                        ))}
                      </div>
                    ) : null}
                    {q.type === "rating" ? (
                      <div
                        className="grid grid-cols-5 gap-2"
                        role="radiogroup"
                        aria-label={`Rating for question ${index + 1}, 1 is Poor and 5 is Excellent`}
                      >
                        {RATING_LABELS.map((label, i) => (
                          <label
                            key={label}
                            className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-field px-1 py-2 text-center has-[:checked]:border-brand-600 has-[:checked]:bg-brand-tint dark:has-[:checked]:border-brand-400"
                          >
                            <input
                              type="radio"
                              name={id}
                              value={String(i + 1)}
                              defaultChecked={value === String(i + 1)}
                              className="size-4 accent-brand-600"
                            />
                            <span className="text-lg font-bold tabular-nums">{i + 1}</span>
                            <span className="text-xs text-muted">{label}</span>
                          </label>
                        ))}
                      </div>
                    ) : null}
                  </div>
                  <FieldErrors id={errorId} errors={errors[q.id] ? [errors[q.id]!] : undefined} />
                </fieldset>
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Discard asks first: the draft's answers go for good (uploaded resumes stay in the library). */
function DiscardConfirmation({ jobId, step }: { jobId: string; step: number }) {
  return (
    <Card className="border-danger-line">
      <h2 className="text-lg font-semibold">Discard this application?</h2>
      <p className="mt-1 text-label">Your answers are deleted. Resumes you uploaded stay in your library.</p>
      <Form
        method="post"
        action={`/candidate/jobs/${jobId}/apply?step=${step}`}
        className="mt-4 flex flex-wrap items-center gap-3"
      >
        <input type="hidden" name="step" value={step} />
        <IntentButton intent="discard-confirmed" variant="danger" pendingLabel="Discarding..." autoFocus>
          Discard application
        </IntentButton>
        <Link to={`/candidate/jobs/${jobId}/apply?step=${step}`} className={textLink}>
          Keep editing
        </Link>
      </Form>
    </Card>
  );
}

function ResumeStep({ view, headingRef }: StepProps) {
  const { resume, previousResumes, uploadError } = view;
  const others = previousResumes.filter((r) => r.id !== resume?.id);
  const errorId = uploadError ? "resume-error" : undefined;
  return (
    <div className="grid gap-4">
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Upload Resume <span className="text-sm font-normal text-muted">(optional but recommended)</span>
        </h2>
        {resume ? (
          <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-ok-line bg-ok-tint px-4 py-3">
            <span
              aria-hidden
              className="grid size-9 place-items-center rounded-lg bg-surface text-xs font-bold text-danger"
            >
              PDF
            </span>
            {/* At least 10rem for the name (Remove wraps below it on a phone); a long name breaks anywhere. */}
            <div className="min-w-0 grow basis-40">
              <p className="font-medium wrap-anywhere">
                <a href={`/resumes/${resume.id}`} target="_blank" rel="noopener noreferrer" className="hover:underline">
                  {resume.name}
                </a>
              </p>
              <p className="text-sm text-muted">{resume.sizeKb} KB</p>
            </div>
            <IntentButton intent="remove" variant="danger" pendingLabel="Removing...">
              Remove
            </IntentButton>
          </div>
        ) : null}
        <div className="mt-4">
          <label htmlFor="resume" className="block text-sm font-medium text-label">
            {resume ? "Upload a different resume" : "Your resume (PDF)"}
          </label>
          <input
            // A new input after a refused upload: the refused file is gone, so Next continues without it.
            key={view.uploadAttempt ?? "resume"}
            id="resume"
            name="resume"
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={errorId ? true : undefined}
            aria-describedby={["resume-hint", errorId].filter(Boolean).join(" ")}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
          />
          <p id="resume-hint" className="mt-1 text-xs text-muted">
            PDF files only, max {inMegabytes(MAX_RESUME_BYTES)}MB
          </p>
          <FieldErrors id={errorId} errors={uploadError ? [uploadError] : undefined} />
          {uploadError ? (
            <p className="mt-1 text-sm text-soft">Choose another file, or press Next to continue without a resume.</p>
          ) : null}
          <IntentButton intent="upload" className="mt-3" pendingLabel="Uploading...">
            Upload
          </IntentButton>
        </div>
      </Card>
      {others.length ? (
        <Card>
          <h2 className="text-lg font-semibold">Or use a resume you uploaded before</h2>
          <ul className="mt-3 grid gap-2">
            {others.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line px-3 py-2">
                <span className="min-w-0 flex-1 truncate">
                  {r.name}{" "}
                  <span className="text-sm text-muted">
                    · {r.sizeKb} KB{r.isDefault ? " · Default" : ""}
                  </span>
                </span>
                <IntentButton intent={`use:${r.id}`} pendingLabel="Choosing...">
                  Use this resume
                </IntentButton>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

function ReviewStep({ view, headingRef }: StepProps) {
  const { job, questions, answered, resume } = view;
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Review your application
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Job</dt>
          <dd className="font-medium">
            {job.title} at {job.companyName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Screening questions</dt>
          <dd className="font-medium">
            {answered} of {questions.length} questions completed
          </dd>
        </div>
        <div>
          <dt className="text-muted">Resume</dt>
          <dd className="font-medium wrap-anywhere">
            {resume ? `${resume.name} (${resume.sizeKb} KB)` : "No resume uploaded"}
          </dd>
        </div>
      </dl>
      {view.external ? (
        <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
          <h3 className="font-semibold">What happens next</h3>
          <p>
            {job.companyName} takes applications on their own site, not on Hirewise. We save what you prepared here and
            open their application page in a new tab: copy your answers and upload your resume there.
          </p>
          <p>
            My Applications lists it as "Applied on company site" with the link; {job.companyName} replies to you
            directly, not through Hirewise.
          </p>
        </div>
      ) : (
        <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
          <h3 className="font-semibold">What happens next</h3>
          <p>
            {job.companyName} sees your answers and resume on Hirewise as soon as you submit. AI helps the hiring team
            read applications by summarising how your answers and resume match the job. People make every decision.
          </p>
          <p>
            We email you a confirmation, and again when they shortlist you or decide not to go ahead (unless you turned
            application emails off in your account). Follow it, re-read what you sent or withdraw it on My Applications
            until they decide.
          </p>
        </div>
      )}
      {view.feedback ? <AnswerFeedbackPanel feedback={view.feedback} /> : null}
    </Card>
  );
}
