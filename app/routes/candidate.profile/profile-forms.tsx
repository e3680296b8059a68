// The forms of /candidate/profile. Each form posts on its own with an intent (see
// profile.server.ts beside it); a refused one shows what was typed with the messages beside its fields.
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  ErrorBox,
  Field,
  FieldErrors,
  IntentButton,
  Notice,
  SelectField,
  TextAreaField,
} from "#app/components/forms.tsx";
import type {
  Education,
  Experience,
  Language,
  Link,
  ProfileFieldErrors,
  ProfileFormValues,
  SectionName,
} from "#modules/profiles/index.server.ts";

interface Answer {
  formKey: string;
  values: ProfileFormValues;
  errors: ProfileFieldErrors;
}

/** What a form shows: the refused post's values and messages if it was this form, else `defaults`. */
export function useProfileForm(formKey: string, defaults: ProfileFormValues) {
  const answer = useActionData<Answer>();
  const mine = answer?.formKey === formKey ? answer : null;
  const values = mine ? mine.values : defaults;
  const errors = mine ? mine.errors : {};
  const id = (name: string) => `${formKey.replace(/[^a-z0-9-]/gi, "-")}-${name}`;
  const text = (
    name: string,
    label: ReactNode,
    extra: { type?: string; placeholder?: string; hint?: ReactNode; className?: string } = {},
  ) => (
    <Field
      label={label}
      hint={extra.hint}
      className={extra.className}
      errors={errors[name]}
      inputProps={{
        id: id(name),
        name,
        type: extra.type ?? "text",
        defaultValue: values[name] ?? "",
        placeholder: extra.placeholder,
      }}
    />
  );
  const area = (
    name: string,
    label: ReactNode,
    extra: { rows?: number; hint?: ReactNode; placeholder?: string } = {},
  ) => (
    <TextAreaField
      id={id(name)}
      name={name}
      label={label}
      rows={extra.rows ?? 4}
      hint={extra.hint}
      placeholder={extra.placeholder}
      defaultValue={values[name] ?? ""}
      errors={errors[name]}
    />
  );
  // A remount when the answer changes, so a second refusal shows its own values.
  const key = mine ? JSON.stringify(mine.values) : JSON.stringify(defaults);
  return { values, errors, id, text, area, key, formError: errors.form };
}

export function SectionCard({
  id,
  title,
  description,
  saved,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  saved: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-subtle bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      {saved ? (
        <div className="mt-3">
          <Notice>Saved.</Notice>
        </div>
      ) : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

// ---- Entries of the lists ----------------------------------------------------------------------

const SECTION_WORDS: Record<SectionName, { one: string; add: string }> = {
  experience: { one: "job", add: "Add job" },
  education: { one: "school", add: "Add education" },
  links: { one: "link", add: "Add link" },
  languages: { one: "language", add: "Add language" },
};

type EntryOf = { experience: Experience; education: Education; links: Link; languages: Language };

/** An entry's fields as the form holds them (strings). */
export function entryValues<S extends SectionName>(section: S, entry: EntryOf[S] | null): ProfileFormValues {
  if (!entry) return {};
  switch (section) {
    case "experience": {
      const e = entry as Experience;
      return {
        title: e.title,
        company: e.company,
        start: e.start,
        end: e.end,
        bullets: e.bullets.join("\n"),
        ...(e.current ? { current: "on" } : {}),
      };
    }
    case "education": {
      const e = entry as Education;
      return { school: e.school, degree: e.degree, start: e.start, end: e.end };
    }
    case "links": {
      const l = entry as Link;
      return { label: l.label, url: l.url };
    }
    default: {
      const l = entry as Language;
      return { name: l.name, level: l.level };
    }
  }
}

/** The language levels as [value, label] pairs (from the loader: they live in the profiles module). */
export type Levels = readonly (readonly [string, string])[];

function EntryFields({
  section,
  form,
  levels,
}: {
  section: SectionName;
  form: ReturnType<typeof useProfileForm>;
  levels: Levels;
}) {
  const { text, area, values, errors, id } = form;
  switch (section) {
    case "experience":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("title", "Job title")}
          {text("company", "Company")}
          {text("start", "Started", { type: "month", placeholder: "2021-03", hint: "Month and year, like 2021-03" })}
          <div>
            {text("end", "Ended", { type: "month", placeholder: "2023-06" })}
            <label className="mt-2 flex items-center gap-2 text-sm text-label">
              <input
                type="checkbox"
                name="current"
                id={id("current")}
                defaultChecked={values.current === "on"}
                className="size-4 rounded border-slate-300"
              />
              I work here now
            </label>
            <FieldErrors id={errors.current ? id("current-error") : undefined} errors={errors.current} />
          </div>
          <div className="sm:col-span-2">
            {area("bullets", "What you did", {
              rows: 4,
              hint: "One point per line, up to 10 points of 300 characters each.",
            })}
          </div>
        </div>
      );
    case "education":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("school", "School")}
          {text("degree", "Degree or course")}
          {text("start", "From (year)", { placeholder: "2015" })}
          {text("end", "To (year)", { placeholder: "2019" })}
        </div>
      );
    case "links":
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
          {text("label", "Label", { placeholder: "GitHub" })}
          {text("url", "Address", { placeholder: "https://github.com/you" })}
        </div>
      );
    default:
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("name", "Language")}
          <SelectField
            id={id("level")}
            name="level"
            label="Level"
            defaultValue={values.level ?? ""}
            placeholder="Choose a level"
            options={levels}
            errors={errors.level}
          />
        </div>
      );
  }
}

/** One entry of a list: what it says, Move up, Move down and Remove, and its fields behind Edit. */
export function EntryForm<S extends SectionName>({
  section,
  entry,
  index,
  count,
  label,
  levels,
}: {
  section: S;
  entry: EntryOf[S];
  index: number;
  count: number;
  label: string;
  levels: Levels;
}) {
  const form = useProfileForm(`${section}:${entry.id}`, entryValues(section, entry));
  const words = SECTION_WORDS[section];
  const refused = Object.keys(form.errors).length > 0;
  return (
    <Form
      method="post"
      preventScrollReset
      key={form.key}
      aria-label={label}
      className="grid gap-3 rounded-xl border border-line p-3 sm:p-4"
    >
      <input type="hidden" name="id" value={entry.id} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words font-semibold">{label}</p>
        <div className="flex flex-wrap gap-2">
          <IntentButton
            intent={`up:${section}`}
            formNoValidate
            disabled={index === 0}
            aria-label={`Move ${label} up`}
            className="px-3 py-1.5"
          >
            <span aria-hidden>↑</span> Up
          </IntentButton>
          <IntentButton
            intent={`down:${section}`}
            formNoValidate
            disabled={index === count - 1}
            aria-label={`Move ${label} down`}
            className="px-3 py-1.5"
          >
            <span aria-hidden>↓</span> Down
          </IntentButton>
          <IntentButton
            intent={`remove:${section}`}
            formNoValidate
            variant="danger"
            aria-label={`Remove ${label}`}
            className="px-3 py-1.5"
          >
            Remove
          </IntentButton>
        </div>
      </div>
      <ErrorBox errors={form.formError} />
      <details open={refused} className="group">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Edit this {words.one}</summary>
        <div className="mt-3 grid gap-3">
          <EntryFields section={section} form={form} levels={levels} />
          <div>
            <IntentButton intent={`save:${section}`} variant="primary" pendingLabel="Saving…">
              Save {words.one}
            </IntentButton>
          </div>
        </div>
      </details>
    </Form>
  );
}

/** The empty form at the end of a list that adds an entry. */
export function AddEntryForm({
  section,
  count,
  max,
  levels,
}: {
  section: SectionName;
  count: number;
  max: number;
  levels: Levels;
}) {
  const form = useProfileForm(`add:${section}`, {});
  const words = SECTION_WORDS[section];
  return (
    <Form
      method="post"
      preventScrollReset
      key={`${form.key}-${count}`}
      aria-label={words.add}
      className="grid gap-3 rounded-xl border border-dashed border-field p-3 sm:p-4"
    >
      <h3 className="font-semibold">{words.add}</h3>
      <ErrorBox errors={form.formError} />
      {count >= max ? (
        <p className="text-sm text-muted">
          You have listed {max}, the most a profile holds. Remove one to add another.
        </p>
      ) : (
        <>
          <EntryFields section={section} form={form} levels={levels} />
          <div>
            <IntentButton intent={`add:${section}`} variant="primary" pendingLabel="Adding…">
              {words.add}
            </IntentButton>
          </div>
        </>
      )}
    </Form>
  );
}
