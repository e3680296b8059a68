// The member's scorecard on an application: a rating per attribute on the four-point scale or
// "Not assessed", key take-aways, and an overall recommendation. "Save draft" keeps it; "Submit"
// makes it count (and shows the others'). Once submitted the one button saves an edit.
import { Form } from "@remix-run/react";
import {
  MAX_TAKEAWAYS,
  NOT_ASSESSED,
  NOT_ASSESSED_LABEL,
  SCALE,
  SCALE_LABELS,
  type MyScorecard,
} from "#modules/applications/browser.ts";
import { SCORECARD_GROUP_LABELS } from "#modules/hiring/browser.ts";
import { IntentButton } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ErrorBox, FieldErrors, TextAreaField } from "#app/components/forms.tsx";

export interface ScorecardAnswer {
  values: Record<string, string>;
  takeaways: string;
  recommendation: string;
  errors: Record<string, string>;
}

const CHOICES = [
  ...SCALE.map((p) => [String(p), SCALE_LABELS[p]] as const),
  [NOT_ASSESSED, NOT_ASSESSED_LABEL] as const,
];

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
  choices: readonly (readonly [string, string])[];
  value: string;
  error?: string;
}) {
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
        {choices.map(([v, label]) => (
          <label key={v} className={pill}>
            <input type="radio" name={name} value={v} defaultChecked={value === v} className="sr-only" />
            {label}
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
        Save
      </button>
      {messages.length ? (
        <ErrorBox
          errors={[`Please check ${messages.length === 1 ? "one answer" : `${messages.length} answers`} below.`]}
        />
      ) : null}
      <ol className="grid gap-5">
        {scorecard.attributes.map((a) => (
          <li key={a.id} className="rounded-xl border border-subtle p-4">
            <ScaleChoice
              name={`rating.${a.id}`}
              legend={
                <>
                  {a.name} <Badge>{SCORECARD_GROUP_LABELS[a.group]}</Badge>
                  {a.retired ? <span className="ml-2 text-sm text-muted">(retired)</span> : null}
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
        label="Key take-aways"
        id="takeaways"
        name="takeaways"
        rows={5}
        defaultValue={answer?.takeaways ?? scorecard.takeaways}
        hint={`What you saw that backs your ratings. Only your team reads it, up to ${MAX_TAKEAWAYS.toLocaleString("en-US")} characters.`}
        errors={errors.takeaways ? [errors.takeaways] : undefined}
      />
      <ScaleChoice
        name="recommendation"
        legend="Overall recommendation"
        hint="Would you hire this person for this job?"
        choices={CHOICES.slice(0, 4)}
        value={answer?.recommendation ?? scorecard.recommendation}
        error={errors.recommendation}
      />
      <div className="flex flex-wrap items-center gap-3">
        {submitted ? (
          <IntentButton intent="submit" variant="primary" pendingLabel="Saving...">
            Save changes
          </IntentButton>
        ) : (
          <>
            <IntentButton intent="submit" variant="primary" pendingLabel="Submitting...">
              Submit scorecard
            </IntentButton>
            <IntentButton intent="draft" pendingLabel="Saving...">
              Save draft
            </IntentButton>
          </>
        )}
        <p className="text-sm text-muted">
          {submitted
            ? "Your scorecard is submitted: a change is recorded with its time."
            : "You see your colleagues' scorecards once you submit yours."}
        </p>
      </div>
    </Form>
  );
}
