// The post wizard's first step: the job's details, requirements, description (with Generate with
// AI and Undo) and benefits.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { WizardView } from "#app/job-wizard.ts";
import type { WizardChoices } from "#modules/hiring/browser.ts";
import { Field, FieldErrors, IntentButton, RequiredMark, SelectField, TextAreaField } from "../forms.tsx";
import { Card } from "../job-bits.tsx";
import { AiStatus, GenerateButton } from "./ai.tsx";
import { ClosingDateField, PayRangeNotice } from "./closing-and-pay.tsx";
import { focusIsFree } from "./keep-typing.ts";
import { RichText } from "../rich-text.tsx";
import { labelClass, controlClass } from "#app/components/ui/field.tsx";
function Section({
  title,
  id,
  children,
  description,
  headingRef,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  description?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

export function DetailsStep({
  view,
  choices,
  headingRef,
  noticeRef,
}: {
  view: WizardView;
  choices: WizardChoices;
  headingRef?: Ref<HTMLHeadingElement>;
  noticeRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation("post", { keyPrefix: "details" });
  const { form, errors } = view;
  const rangeRequired = view.notes.salaryRangeRequired;
  const text = (
    name: keyof typeof form & string,
    label: string,
    extra: { hint?: string; required?: boolean; inputMode?: "numeric"; className?: string; placeholder?: string } = {},
  ) => (
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
  const select = (
    name: keyof typeof form & string,
    label: string,
    options: [string, string][],
    placeholder?: string,
    required = false,
  ) => (
    <SelectField
      id={`job-${name}`}
      name={name}
      label={
        <>
          {label}
          {required ? <RequiredMark /> : null}
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
      <p className="text-sm text-muted">
        <Trans i18nKey="common:form.requiredNote" components={{ mark: <span className="text-danger" /> }} />
      </p>
      <Section title={t("basicInformation")} headingRef={headingRef}>
        {text("title", t("jobTitle"), {
          required: true,
          className: "sm:col-span-2",
          placeholder: t("jobTitlePlaceholder"),
        })}
        {text("company_name", t("company"), { required: true })}
        {text("location", t("location"), { required: true, placeholder: t("locationPlaceholder") })}
        {select("location_type", t("locationType"), choices.locationTypes, t("selectLocationType"), true)}
        {select("employment_type", t("employmentType"), choices.employmentTypes, t("selectEmploymentType"), true)}
        {select("category", t("category"), choices.categories, t("selectCategory"), true)}
        {select("experience_level", t("experienceLevel"), choices.experienceLevels, t("anyLevel"))}
        {text("openings", t("openings"), { inputMode: "numeric", hint: t("openingsHint") })}
        <ClosingDateField view={view} />
      </Section>

      <Section title={t("salaryRange")} description={rangeRequired ? t("salaryRequired") : t("salaryOptional")}>
        {text("salary_min", t("minimum"), {
          inputMode: "numeric",
          placeholder: t("minimumPlaceholder"),
          required: rangeRequired,
        })}
        {text("salary_max", t("maximum"), {
          inputMode: "numeric",
          placeholder: t("maximumPlaceholder"),
          required: rangeRequired,
        })}
        {select("salary_currency", t("currency"), choices.currencies)}
        <PayRangeNotice saved={view.notes.payRangeNotice} />
      </Section>

      <Section title={t("jobRequirements")}>
        {area("requirements", t("requirements"), 5, t("requirementsHint"))}
        {text("skills", t("skills"), { className: "sm:col-span-2", hint: t("skillsHint") })}
      </Section>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="description-ai" className="scroll-mt-24 text-lg font-semibold">
            {t("jobDescription")}
          </h2>
          <GenerateButton
            intent="generate-description"
            pending={view.ai.pending.description}
            watch={["title", "company_name", "requirements"]}
            hint={t("needsForDescription")}
          />
        </div>
        <AiStatus
          pending={view.ai.pending.description}
          label={t("writingDescription")}
          notices={view.ai.notices.filter((n) => n.kind === "description")}
          noticeRef={noticeRef}
        />
        {form.previous_description ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <span className="text-soft">{t("aiReplaced")}</span>
            <IntentButton intent="undo-description" pendingLabel={t("restoring")}>
              {t("undoDescription")}
            </IntentButton>
          </div>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2" key={form.description}>
          {area("description", t("description"), 8, t("descriptionHint"))}
          <DescriptionPreview saved={form.description} />
        </div>
      </Card>

      <Benefits view={view} />
    </>
  );
}

/**
 * The description as candidates will read it (headings, bullets, bold), never as its marks. The
 * saved text; with JavaScript, the text as typed.
 */
function DescriptionPreview({ saved }: { saved: string }) {
  const { t } = useTranslation("post", { keyPrefix: "details" });
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(saved);
  useEffect(() => {
    const field = box.current?.closest("form")?.elements.namedItem("description");
    if (!(field instanceof HTMLTextAreaElement)) return;
    const update = () => setText(field.value);
    update();
    field.addEventListener("input", update);
    return () => field.removeEventListener("input", update);
  }, []);
  return (
    <div ref={box} className="sm:col-span-2">
      {text.trim() ? (
        <section
          aria-labelledby="description-preview"
          className="rounded-lg border border-line bg-slate-50 p-4 dark:bg-slate-800/60"
        >
          <h3 id="description-preview" className="text-sm font-semibold text-muted">
            {t("preview")}
          </h3>
          <RichText text={text} />
        </section>
      ) : null}
    </div>
  );
}

function Benefits({ view }: { view: WizardView }) {
  const { t } = useTranslation("post", { keyPrefix: "details" });
  const { form, errors } = view;
  const input = useRef<HTMLInputElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // Back from adding one (the page scrolled to #benefits): ready for the next, unless the typist
  // has moved on to another field meanwhile.
  useEffect(() => {
    if (location.hash === "#benefits" && focusIsFree(row.current)) input.current?.focus();
  }, [location.hash, form.benefits.length]);
  const errorId = errors.benefit?.length || errors.benefits?.length ? "job-benefit-error" : undefined;
  return (
    <Card>
      <h2 id="benefits" className="text-lg font-semibold">
        {t("benefits")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("benefitsNote")}</p>
      {form.benefits.length ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("benefitsAdded")}>
          {form.benefits.map((benefit, index) => (
            <li
              key={`${index}-${benefit}`}
              className="inline-flex items-center gap-1 rounded-full border border-brand-edge bg-brand-tint py-1 pl-3 pr-1 text-sm text-brand-strong"
            >
              <input type="hidden" name={`benefits[${index}]`} value={benefit} />
              {benefit}
              <button
                type="submit"
                name="intent"
                value={`remove-benefit:${index}`}
                aria-label={t("removeBenefit", { benefit })}
                className="grid size-6 place-items-center rounded-full text-brand-bold hover:bg-brand-100 dark:hover:bg-slate-700"
              >
                <span aria-hidden>×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={row} className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="job-benefit" className={labelClass}>
            {t("addBenefit")}
          </label>
          <input
            ref={input}
            id="job-benefit"
            name="benefit"
            type="text"
            defaultValue=""
            placeholder={t("benefitPlaceholder")}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            className={`mt-1 ${controlClass(Boolean(errorId))}`}
          />
        </div>
        {/* With JavaScript, Enter in the box presses Add (keep-typing.ts), rather than Next. */}
        <IntentButton intent="add-benefit" pendingLabel={t("adding")}>
          {t("add")}
        </IntentButton>
      </div>
      <FieldErrors id={errorId} errors={[...(errors.benefit ?? []), ...(errors.benefits ?? [])]} />
    </Card>
  );
}
