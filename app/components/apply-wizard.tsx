// The apply wizard's screens: Questions, Resume, Review. One POST form per step; every button is a
// submit with an intent, so it works without JavaScript. Step 2 posts as multipart, so the chosen
// file goes up with whichever button was pressed.
import { textLink, smallTextLink } from "#app/components/ui/styles.ts";
import { ResumeFileInput } from "#app/components/resume-file-input.tsx";
import { Form, Link } from "@remix-run/react";
import { useRef, type MouseEvent, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { ApplyView } from "#app/apply-view.ts";
import { FieldErrors, FormError, IntentButton } from "#app/components/forms.tsx";
import { useFocusOnChange } from "#app/components/focus.ts";
import { Card, CompanyMark } from "#app/components/job-bits.tsx";
import {
  EnterSubmits,
  RefreshWhileWaiting,
  StepIndicator,
  useRevalidateWhile,
  WizardNav,
} from "#app/components/wizard-chrome.tsx";
import { AccountChoice, HeldNotice, ReviewStep } from "./apply-review.tsx";
import { EeoSection } from "./eeo-section.tsx";

export { ApplyErrorBoundary } from "./apply-error.tsx";
import { labelClass, controlClass } from "#app/components/ui/field.tsx";

const STEPS = ["questions", "resume", "review"] as const;
const RATING_LABELS = ["poor", "fair", "good", "veryGood", "excellent"] as const;

export function ApplyWizard({ view }: { view: ApplyView }) {
  const { step, job } = view;
  const { t } = useTranslation("apply");
  // After Next or Previous without a page load, focus goes to the new step's heading.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(stepHeading, step, { block: "nearest" });
  if (view.preparing) return <Preparing />;
  // A visitor's last press holds the application until the emailed link is opened (decision 080).
  const submitLabel = view.guest ? t("send") : t("submit");
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to={view.paths.job} className={`${smallTextLink} w-fit`}>
        {t("backToJob")}
      </Link>
      <header className="flex items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("heading", { title: job.title })}</h1>
          <p className="mt-1 text-muted">
            {job.companyName} · {job.location} · {job.employmentType}
          </p>
        </div>
      </header>
      {view.guest && !view.guest.heldEmail ? <AccountChoice jobId={job.id} /> : null}
      {view.guest?.heldEmail ? (
        <HeldNotice email={view.guest.heldEmail} />
      ) : (
        <WizardForm view={view} stepHeading={stepHeading} submitLabel={submitLabel} />
      )}
    </section>
  );
}

/** The steps and their one form (a visitor who has submitted sees the held notice instead). */
function WizardForm({
  view,
  stepHeading,
  submitLabel,
}: {
  view: ApplyView;
  stepHeading: Ref<HTMLHeadingElement>;
  submitLabel: string;
}) {
  const { step, job } = view;
  const { t } = useTranslation("apply");
  const steps = STEPS.map((name) => t(`steps.${name}`));
  return (
    <>
      <StepIndicator step={step} steps={steps} />
      {view.confirmDiscard ? <DiscardConfirmation view={view} /> : null}

      <Form
        method="post"
        action={`${view.paths.apply}?step=${step}`}
        encType={step === 2 ? "multipart/form-data" : undefined}
        noValidate
        className="grid gap-6"
        key={`${step}:${JSON.stringify(view.answers)}:${view.resume?.id ?? ""}:${JSON.stringify(view.eeo)}`}
      >
        {/* Enter in a field means Next (Submit on the last step): the first submit button is the default. */}
        <EnterSubmits step={step} steps={STEPS.length} finish={["submit", submitLabel]} />
        <input type="hidden" name="step" value={step} />
        <FormError message={view.formError} upgradeUrl={view.upgradeUrl} />

        {step === 1 && view.external ? (
          <p role="note" className="rounded-lg border border-field bg-tint px-4 py-3 text-sm text-ink">
            <strong className="font-semibold">{t("jobs:outside", { company: job.companyName })}.</strong>{" "}
            {t("externalNote")}
          </p>
        ) : null}
        {step === 1 ? <Allowance view={view} /> : null}
        {step === 1 ? <QuestionsStep view={view} headingRef={stepHeading} /> : null}
        {step === 2 ? <ResumeStep view={view} headingRef={stepHeading} /> : null}
        {step === 3 ? <ReviewStep view={view} headingRef={stepHeading} /> : null}
        {step === 3 && view.eeo ? <EeoSection answers={view.eeo} /> : null}

        <WizardNav
          step={step}
          steps={STEPS.length}
          leave={
            <IntentButton intent="discard" variant="quiet" pendingLabel={t("discarding")}>
              {t("discard")}
            </IntentButton>
          }
          finish={
            view.external ? (
              <IntentButton
                intent="submit"
                variant="primary"
                pendingLabel={t("saving")}
                onClick={continueToSite(view.external.applyLink)}
              >
                {t("continueToSite", { company: job.companyName })}{" "}
                <span className="sr-only">{t("opensInNewTab")}</span>
              </IntentButton>
            ) : (
              <IntentButton intent="submit" variant="primary" pendingLabel={t("submitting")}>
                {submitLabel}
              </IntentButton>
            )
          }
        />
      </Form>
    </>
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
  const { t } = useTranslation("apply");
  useRevalidateWhile(true, 1500);
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6" aria-busy="true">
      {/* Without JavaScript the page reloads itself until the form is ready. */}
      <RefreshWhileWaiting />
      <div role="status">
        <p className="text-xl font-semibold">{t("preparingTitle")}</p>
        <p className="mt-1 text-muted">{t("preparingText")}</p>
      </div>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden
          className="animate-pulse rounded-2xl border border-subtle bg-surface p-6 motion-reduce:animate-none"
        >
          <div className="h-4 w-2/3 rounded bg-line" />
          <div className="mt-4 h-20 rounded bg-shade" />
        </div>
      ))}
    </section>
  );
}

export type StepProps = { view: ApplyView; headingRef: Ref<HTMLHeadingElement> };

function QuestionsStep({ view, headingRef }: StepProps) {
  const { questions, answers, errors } = view;
  const { t } = useTranslation("apply");
  if (!questions.length) {
    return (
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {t("questions.heading")}
        </h2>
        <p className="mt-2 text-muted">{t("questions.none")}</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="-mb-2 text-lg font-semibold">
        {t("questions.heading")}
      </h2>
      <p className="text-soft">{t("questions.intro", { count: questions.length })}</p>
      <ol className="grid gap-4">
        {questions.map((q, index) => {
          const id = `answer_${q.id}`;
          const errorId = errors[q.id] ? `${id}-error` : undefined;
          const value = answers[q.id] ?? "";
          return (
            <li key={q.id}>
              <Card className={errorId ? "border-danger-line" : ""}>
                <fieldset aria-describedby={errorId}>
                  <legend className="flex flex-wrap items-start gap-2">
                    <span className="font-semibold">
                      {index + 1}. {q.text}
                      {q.required ? <span className="sr-only">{t("questions.required")}</span> : null}
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
                        aria-label={t("questions.answerTo", { n: index + 1 })}
                        aria-invalid={errorId ? true : undefined}
                        aria-describedby={errorId}
                        className={controlClass(Boolean(errorId))}
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
                        aria-label={t("questions.ratingFor", { n: index + 1 })}
                      >
                        {RATING_LABELS.map((label, i) => (
                          <label
                            key={label}
                            className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-field px-1 py-2 text-center has-[:checked]:border-brand-solid has-[:checked]:bg-brand-tint"
                          >
                            <input
                              type="radio"
                              name={id}
                              value={String(i + 1)}
                              defaultChecked={value === String(i + 1)}
                              className="size-4 accent-brand-600"
                            />
                            <span className="text-lg font-bold tabular-nums">{i + 1}</span>
                            <span className="text-xs text-muted">{t(`questions.ratings.${label}`)}</span>
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
function DiscardConfirmation({ view }: { view: ApplyView }) {
  const { step } = view;
  const { t } = useTranslation("apply");
  const here = `${view.paths.apply}?step=${step}`;
  return (
    <Card className="border-danger-line">
      <h2 className="text-lg font-semibold">{t("discardPanel.heading")}</h2>
      <p className="mt-1 text-label">{view.guest ? t("discardPanel.guest") : t("discardPanel.candidate")}</p>
      <Form method="post" action={here} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="step" value={step} />
        <IntentButton intent="discard-confirmed" variant="danger" pendingLabel={t("discarding")} autoFocus>
          {t("discardPanel.confirm")}
        </IntentButton>
        <Link to={here} className={textLink}>
          {t("discardPanel.keep")}
        </Link>
      </Form>
    </Card>
  );
}

function ResumeStep({ view, headingRef }: StepProps) {
  const { resume, previousResumes, uploadError } = view;
  const others = previousResumes.filter((r) => r.id !== resume?.id);
  const errorId = uploadError ? "resume-error" : undefined;
  const { t } = useTranslation("apply");
  return (
    <div className="grid gap-4">
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {t("resume.heading")} <span className="text-sm font-normal text-muted">{t("resume.optional")}</span>
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
                {/* A visitor's resume has no page of its own until the account exists. */}
                {view.guest ? (
                  resume.name
                ) : (
                  <a
                    href={`/resumes/${resume.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="hover:underline"
                  >
                    {resume.name}
                  </a>
                )}
              </p>
              <p className="text-sm text-muted">{resume.sizeKb} KB</p>
            </div>
            <IntentButton intent="remove" variant="danger" pendingLabel={t("resume.removing")}>
              {t("resume.remove")}
            </IntentButton>
          </div>
        ) : null}
        <div className="mt-4">
          <label htmlFor="resume" className={labelClass}>
            {resume ? t("resume.uploadDifferent") : t("resume.yours")}
          </label>
          <ResumeFileInput
            // A new input after a refused upload: the refused file is gone, so Next continues without it.
            inputKey={view.uploadAttempt ?? "resume"}
            errorId={errorId}
            className="mt-1"
            hintClassName="mt-1"
            hint={(mb) => t("resume.hint", { mb })}
          />
          <FieldErrors id={errorId} errors={uploadError ? [uploadError] : undefined} />
          {uploadError ? <p className="mt-1 text-sm text-soft">{t("resume.afterError")}</p> : null}
          <IntentButton intent="upload" className="mt-3" pendingLabel={t("resume.uploading")}>
            {t("resume.upload")}
          </IntentButton>
        </div>
      </Card>
      {others.length ? (
        <Card>
          <h2 className="text-lg font-semibold">{t("resume.previous")}</h2>
          <ul className="mt-3 grid gap-2">
            {others.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line px-3 py-2">
                <span className="min-w-0 flex-1 truncate">
                  {r.name}{" "}
                  <span className="text-sm text-muted">
                    · {r.sizeKb} KB{r.isDefault ? t("resume.isDefault") : ""}
                  </span>
                </span>
                <IntentButton intent={`use:${r.id}`} pendingLabel={t("resume.choosing")}>
                  {t("resume.use")}
                </IntentButton>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
