// The member's scorecard on an application: a rating per attribute on the four-point scale or
// "Not assessed", key take-aways, and an overall recommendation. "Save draft" keeps it; "Submit"
// makes it count (and shows the others'). Once submitted the one button saves an edit.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_TAKEAWAYS, NOT_ASSESSED, SCALE, type MyScorecard } from "#modules/applications/browser.ts";
import { intlLocale } from "#locales/index.ts";
import { IntentButton } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ErrorBox, FieldErrors, TextAreaField } from "#app/components/forms.tsx";

export interface ScorecardAnswer {
  values: Record<string, string>;
  takeaways: string;
  recommendation: string;
  errors: Record<string, string>;
}

// The scale's values; their words are the catalogue's review.scale (the module's SCALE_LABELS in English).
const CHOICES = [...SCALE.map(String), NOT_ASSESSED];

const pill =
  "inline-flex cursor-pointer items-center justify-center rounded-lg border border-field px-3 py-2 text-sm font-medium has-[:checked]:border-brand-solid has-[:checked]:bg-brand-tint has-[:checked]:text-brand-strong has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600";

/** A row of radio pills, its legend and its message. */
function ScaleChoice({
  name,
  legend,
  hint,
  choices,
  value,
  error,
}: {
  name: string;
  legend: React.ReactNode;
  hint?: string;
  choices: readonly string[];
  value: string;
  error?: string;
}) {
  const { t } = useTranslation("review");
  const id = name.replace(/\W/g, "-");
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={[error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined}
    >
      <legend className="font-medium [overflow-wrap:anywhere]">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-soft">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {choices.map((v) => (
          <label key={v} className={pill}>
            <input type="radio" name={name} value={v} defaultChecked={value === v} className="sr-only" />
            {t(`scale.${v}`)}
          </label>
        ))}
      </div>
      <FieldErrors id={error ? `${id}-error` : undefined} errors={error ? [error] : undefined} />
    </fieldset>
  );
}

export function ScorecardForm({ scorecard, answer }: { scorecard: MyScorecard; answer: ScorecardAnswer | null }) {
  const values = answer?.values ?? scorecard.values;
  const errors = answer?.errors ?? {};
  const submitted = scorecard.state === "submitted";
  const messages = Object.values(errors);
  const { t, i18n } = useTranslation("review");
  return (
    <Form method="post" className="grid gap-6">
      {/* Enter keeps a draft rather than submitting. */}
      <button
        type="submit"
        name="intent"
        value={submitted ? "submit" : "draft"}
        tabIndex={-1}
        aria-hidden
        className="sr-only"
      >
        {t("scorecardPage.save")}
      </button>
      {messages.length ? <ErrorBox errors={[t("scorecardPage.check", { count: messages.length })]} /> : null}
      <ol className="grid gap-5">
        {scorecard.attributes.map((a) => (
          <li key={a.id} className="rounded-xl border border-subtle p-4">
            <ScaleChoice
              name={`rating.${a.id}`}
              legend={
                <>
                  {a.name} <Badge>{t(`groups.${a.group}`)}</Badge>
                  {a.retired ? <span className="ml-2 text-sm text-muted">{t("scorecardPage.retired")}</span> : null}
                </>
              }
              hint={a.guidance || undefined}
              choices={CHOICES}
              value={values[a.id] ?? ""}
              error={errors[`rating.${a.id}`]}
            />
          </li>
        ))}
      </ol>
      <TextAreaField
        label={t("scorecardPage.takeaways")}
        id="takeaways"
        name="takeaways"
        rows={5}
        defaultValue={answer?.takeaways ?? scorecard.takeaways}
        hint={t("scorecardPage.takeawaysHint", { max: MAX_TAKEAWAYS.toLocaleString(intlLocale(i18n.language)) })}
        errors={errors.takeaways ? [errors.takeaways] : undefined}
      />
      <ScaleChoice
        name="recommendation"
        legend={t("scorecardPage.recommendation")}
        hint={t("scorecardPage.recommendationHint")}
        choices={CHOICES.slice(0, 4)}
        value={answer?.recommendation ?? scorecard.recommendation}
        error={errors.recommendation}
      />
      <div className="flex flex-wrap items-center gap-3">
        {submitted ? (
          <IntentButton intent="submit" variant="primary" pendingLabel={t("scorecardPage.saving")}>
            {t("scorecardPage.saveChanges")}
          </IntentButton>
        ) : (
          <>
            <IntentButton intent="submit" variant="primary" pendingLabel={t("scorecardPage.submitting")}>
              {t("scorecardPage.submit")}
            </IntentButton>
            <IntentButton intent="draft" pendingLabel={t("scorecardPage.saving")}>
              {t("scorecardPage.saveDraft")}
            </IntentButton>
          </>
        )}
        <p className="text-sm text-muted">
          {submitted ? t("scorecardPage.submittedNote") : t("scorecardPage.draftNote")}
        </p>
      </div>
    </Form>
  );
}
