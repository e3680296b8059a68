// Scorecard attributes: the job's form for owners and recruiters (one row per active attribute,
// spare rows to add, Retire per row, the retired ones below with Restore), the read-only list
// interviewers see, and the company's default set (owners; a cleared row is dropped). Every
// button posts the whole form, so Retire keeps the other rows as typed.
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import {
  MAX_ATTRIBUTE_GUIDANCE,
  MAX_ATTRIBUTE_NAME,
  MAX_ATTRIBUTES,
  MIN_ATTRIBUTES,
  SCORECARD_GROUP_LABELS,
  SCORECARD_GROUPS,
  type CompanyScorecard,
  type JobScorecard,
} from "#modules/hiring/browser.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { IntentButton } from "#app/components/ui/button.tsx";
import { ErrorBox, Field, Notice, SelectField } from "#app/components/forms.tsx";

export interface AttributesAnswer {
  rows: { id?: string; name: string; guidance: string; group: string }[];
  errors: Record<string, string[]>;
}

const GROUP_OPTIONS = SCORECARD_GROUPS.map((g) => [g, SCORECARD_GROUP_LABELS[g]] as const);

function Intro({ scorecard }: { scorecard: JobScorecard }) {
  return (
    <>
      <h2 className="text-lg font-semibold">What this job hires for</h2>
      <p className="mt-1 text-muted">
        Everyone who reviews an applicant rates them on these attributes, from Strong no to Strong yes, before they see
        anyone else&apos;s scorecard. A scorecard has {MIN_ATTRIBUTES} to {MAX_ATTRIBUTES} attributes.
      </p>
      {scorecard.isDefault ? (
        <div className="mt-3">
          <Notice>This job starts from your company&apos;s default set. Change it to fit the job.</Notice>
        </div>
      ) : null}
    </>
  );
}

/** The rows a form starts with: the attributes, then up to two spare ones while under the maximum. */
function startingRows(attributes: { id?: string; name: string; guidance: string; group: string }[]) {
  const spare = Math.max(0, Math.min(2, MAX_ATTRIBUTES - attributes.length));
  return [
    ...attributes.map((a) => ({ ...(a.id ? { id: a.id } : {}), name: a.name, guidance: a.guidance, group: a.group })),
    ...Array.from({ length: spare }, () => ({ name: "", guidance: "", group: "skills" })),
  ];
}

export function AttributesForm({ scorecard, answer }: { scorecard: JobScorecard; answer: AttributesAnswer | null }) {
  const retired = scorecard.attributes.filter((a) => a.retired);
  return (
    <AttributeRows
      intro={<Intro scorecard={scorecard} />}
      rows={answer?.rows ?? startingRows(scorecard.attributes.filter((a) => !a.retired))}
      errors={answer?.errors ?? {}}
      legend={(row, i) => (row.id ? `Attribute ${i + 1}` : "New attribute (optional)")}
      hint="Retired attributes keep the ratings given on them and leave new scorecards."
    >
      {retired.length ? (
        <div className="grid gap-2 border-t border-subtle pt-4">
          <h3 className="font-semibold">Retired</h3>
          <ul className="grid gap-2">
            {retired.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3">
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  {a.name} <Badge>{SCORECARD_GROUP_LABELS[a.group]}</Badge>
                </span>
                <IntentButton
                  intent={`restore:${a.id}`}
                  size="sm"
                  pendingLabel="Restoring..."
                  aria-label={`Restore ${a.name}`}
                >
                  Restore
                </IntentButton>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </AttributeRows>
  );
}

/** The company's default set, as owners edit it: every row is optional, a cleared one is dropped. */
export function CompanyAttributesForm({
  scorecard,
  answer,
}: {
  scorecard: CompanyScorecard;
  answer: AttributesAnswer | null;
}) {
  const filled = scorecard.attributes.length;
  return (
    <AttributeRows
      intro={<CompanyIntro scorecard={scorecard} />}
      rows={answer?.rows ?? startingRows(scorecard.attributes)}
      errors={answer?.errors ?? {}}
      legend={(_row, i) => (i < filled ? `Attribute ${i + 1}` : "New attribute (optional)")}
      hint="Clear a row's name and description to take it out."
    />
  );
}

function CompanyIntro({ scorecard }: { scorecard: CompanyScorecard }) {
  return (
    <>
      <h2 className="text-lg font-semibold">What your jobs hire for, to start with</h2>
      <p className="mt-1 text-muted">
        Each new job&apos;s scorecard starts from these {MIN_ATTRIBUTES} to {MAX_ATTRIBUTES} attributes, and its team
        changes them to fit the job. Jobs whose scorecard was already changed or rated keep their own.
      </p>
      {scorecard.isBuiltIn ? (
        <div className="mt-3">
          <Notice>These are Hirewise&apos;s suggestions until you save your own.</Notice>
        </div>
      ) : null}
    </>
  );
}

function AttributeRows({
  intro,
  rows,
  errors,
  legend,
  hint,
  children,
}: {
  intro: ReactNode;
  rows: AttributesAnswer["rows"];
  errors: AttributesAnswer["errors"];
  legend: (row: AttributesAnswer["rows"][number], index: number) => string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby="attributes-heading">
      <h2 id="attributes-heading" className="sr-only">
        Scorecard
      </h2>
      {intro}
      {/* Keyed on the rows it starts from: after a save or a retire the fields show the server's copy, not the old rows' values. */}
      <Form method="post" className="mt-5 grid gap-4" key={JSON.stringify(rows)}>
        {/* Enter in a field saves: the first submit button is the one a browser presses. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
          Save scorecard
        </button>
        <ErrorBox errors={errors.rows} />
        <ol className="grid gap-4">
          {rows.map((row, i) => (
            <li key={i} className="rounded-xl border border-subtle p-4">
              <fieldset className="grid gap-3 sm:grid-cols-[2fr_1fr] lg:grid-cols-[2fr_1fr_3fr_auto] lg:items-start">
                <legend className="mb-2 text-sm font-semibold text-muted">{legend(row, i)}</legend>
                {row.id ? <input type="hidden" name={`rows.${i}.id`} value={row.id} /> : null}
                <Field
                  label="Name"
                  errors={errors[`rows.${i}.name`]}
                  inputProps={{
                    id: `rows-${i}-name`,
                    name: `rows.${i}.name`,
                    defaultValue: row.name,
                    maxLength: MAX_ATTRIBUTE_NAME,
                  }}
                />
                <SelectField
                  label="Group"
                  id={`rows-${i}-group`}
                  name={`rows.${i}.group`}
                  defaultValue={row.group}
                  options={GROUP_OPTIONS}
                  errors={errors[`rows.${i}.group`]}
                />
                <Field
                  label="What good looks like"
                  className="sm:col-span-2 lg:col-span-1"
                  errors={errors[`rows.${i}.guidance`]}
                  inputProps={{
                    id: `rows-${i}-guidance`,
                    name: `rows.${i}.guidance`,
                    defaultValue: row.guidance,
                    maxLength: MAX_ATTRIBUTE_GUIDANCE,
                  }}
                />
                {row.id ? (
                  <div className="lg:pt-6">
                    <IntentButton
                      intent={`retire:${row.id}`}
                      size="sm"
                      pendingLabel="Retiring..."
                      aria-label={`Retire ${row.name || `attribute ${i + 1}`}`}
                    >
                      Retire
                    </IntentButton>
                  </div>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <IntentButton intent="save" variant="primary" pendingLabel="Saving...">
            Save scorecard
          </IntentButton>
          <p className="text-sm text-muted">{hint}</p>
        </div>
        {children}
      </Form>
    </Card>
  );
}

/** The attributes as interviewers read them. */
export function AttributesList({ scorecard }: { scorecard: JobScorecard }) {
  return (
    <Card as="section" aria-labelledby="attributes-heading">
      <h2 id="attributes-heading" className="sr-only">
        Scorecard
      </h2>
      <Intro scorecard={scorecard} />
      <ul className="mt-4 grid gap-3">
        {scorecard.attributes
          .filter((a) => !a.retired)
          .map((a) => (
            <li key={a.id}>
              <p className="font-medium [overflow-wrap:anywhere]">
                {a.name} <Badge>{SCORECARD_GROUP_LABELS[a.group]}</Badge>
              </p>
              <p className="text-sm text-soft">{a.guidance}</p>
            </li>
          ))}
      </ul>
      <p className="mt-4 text-sm text-muted">Owners and recruiters change the scorecard.</p>
    </Card>
  );
}
