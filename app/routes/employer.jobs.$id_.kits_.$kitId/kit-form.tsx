// The interview kit form: name, the attributes it covers (checkboxes), the questions (one a line)
// with "Generate questions" beside them, the notes prompt; Save, and Delete for a stored kit.
// Every button posts the whole form, so generating keeps everything typed.
import { Form } from "@remix-run/react";
import {
  MAX_KIT_NAME,
  MAX_KIT_QUESTIONS,
  MAX_NOTES_PROMPT,
  SCORECARD_GROUP_LABELS,
  type ScorecardAttribute,
} from "#modules/hiring/browser.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ButtonLink, IntentButton } from "#app/components/ui/button.tsx";
import { ErrorBox, Field, FieldErrors, Notice, TextAreaField } from "#app/components/forms.tsx";
import { labelClass } from "#app/components/ui/field.tsx";

export interface KitValues {
  name: string;
  /** The textarea's text: one question a line. */
  questions: string;
  attributeIds: string[];
  notesPrompt: string;
}

export interface KitAnswer {
  values: KitValues;
  errors: Record<string, string[]>;
  generated: { count: number; source: "ai" | "builtin" | "fallback"; error: string | null } | null;
}

function generatedNotice(generated: NonNullable<KitAnswer["generated"]>): string {
  const added = generated.count === 1 ? "1 question is added" : `${generated.count} questions are added`;
  const from =
    generated.source === "ai"
      ? "by the AI model"
      : generated.source === "builtin"
        ? "from the kit's attributes"
        : `from the kit's attributes (the AI model failed: ${generated.error ?? "no answer"})`;
  return `${added} ${from}. Edit them, then save the kit: nothing is saved yet.`;
}

export function KitForm({
  attributes,
  values,
  answer,
  existing,
  cancelHref,
}: {
  attributes: ScorecardAttribute[];
  values: KitValues;
  answer: KitAnswer | null;
  existing: boolean;
  cancelHref: string;
}) {
  const errors = answer?.errors ?? {};
  return (
    // Keyed by the values, so an answer (generated questions) shows in the fields with JavaScript too.
    <Form method="post" key={JSON.stringify(values)} className="grid gap-6">
      {/* Enter in a field saves: the first submit button is the one a browser presses. */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
        Save kit
      </button>
      <ErrorBox errors={errors.form} />
      <Card className="grid gap-5">
        <Field
          label="Name"
          hint="What the interview is, e.g. Technical interview or Culture conversation."
          errors={errors.name}
          inputProps={{ id: "name", name: "name", defaultValue: values.name, maxLength: MAX_KIT_NAME }}
        />
        <fieldset aria-describedby={errors.attributes ? "attributes-error" : "attributes-hint"}>
          <legend className={labelClass}>Attributes it covers</legend>
          <p id="attributes-hint" className="mt-1 text-sm text-muted">
            From the job&apos;s scorecard: what this interviewer judges. Questions are generated for these (none chosen:
            all of them).
          </p>
          <ul className="mt-2 grid gap-2">
            {attributes.map((a) => (
              <li key={a.id}>
                <label className="inline-flex items-start gap-2">
                  <input
                    type="checkbox"
                    name="attribute"
                    value={a.id}
                    defaultChecked={values.attributeIds.includes(a.id)}
                    className="mt-1"
                  />
                  <span className="[overflow-wrap:anywhere]">
                    {a.name} <Badge>{SCORECARD_GROUP_LABELS[a.group]}</Badge>
                    {a.retired ? <Badge tone="yellow">Retired</Badge> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <FieldErrors id="attributes-error" errors={errors.attributes} />
        </fieldset>
        <div className="grid gap-3">
          <TextAreaField
            label="Questions to ask"
            id="questions"
            name="questions"
            rows={10}
            defaultValue={values.questions}
            hint={`One question a line (blank lines between are fine), in the order you ask them; up to ${MAX_KIT_QUESTIONS}.`}
            errors={errors.questions}
          />
          <div className="flex flex-wrap items-center gap-3">
            <IntentButton intent="generate" pendingLabel="Generating...">
              Generate questions
            </IntentButton>
            <p className="text-sm text-muted">Adds questions from the job and the attributes chosen; you edit them.</p>
          </div>
          <FieldErrors id="generate-error" errors={errors.generate} />
          {answer?.generated ? <Notice>{generatedNotice(answer.generated)}</Notice> : null}
        </div>
        <TextAreaField
          label="Notes prompt"
          id="notesPrompt"
          name="notesPrompt"
          rows={3}
          defaultValue={values.notesPrompt}
          hint={`Shown to the interviewer above their notes (the scorecard's key take-aways); up to ${MAX_NOTES_PROMPT} characters.`}
          errors={errors.notesPrompt}
        />
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <IntentButton intent="save" variant="primary" pendingLabel="Saving...">
          Save kit
        </IntentButton>
        <ButtonLink to={cancelHref} variant="quiet">
          Cancel
        </ButtonLink>
        {existing ? (
          <IntentButton intent="delete" variant="danger" pendingLabel="Deleting..." className="ml-auto">
            Delete kit
          </IntentButton>
        ) : null}
      </div>
    </Form>
  );
}
