// The wizard's closing date field, and the pay-range notice beside the salary fields. The notice is
// rendered by the server for what was saved; with JavaScript it follows the location and salary as
// they are typed (the same rule, payRangeNoticeFor, runs in the browser).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, translateMessage } from "#locales/index.ts";
import type { WizardView } from "#app/job-wizard.ts";
import { payRangeNoticeFor } from "#modules/hiring/browser.ts";
import { Field, RequiredMark } from "../forms.tsx";

export function ClosingDateField({ view }: { view: WizardView }) {
  const { t } = useTranslation("post", { keyPrefix: "details" });
  const { closing } = view.notes;
  if (closing.need === "ignored") return null;
  const zone = closing.timeZone.replaceAll("_", " ");
  const hint =
    closing.need === "optional"
      ? t("closingOptional", { day: closing.defaultDay, zone })
      : t("closingRequired", { zone });
  return (
    <Field
      label={
        <>
          {t("closingDate")}
          {closing.need === "required" ? <RequiredMark /> : null}
        </>
      }
      hint={hint}
      errors={view.errors.closes_at}
      inputProps={{
        id: "job-closes_at",
        name: "closes_at",
        type: "date",
        min: closing.earliest,
        defaultValue: view.form.closes_at,
        "aria-required": closing.need === "required" || undefined,
      }}
    />
  );
}

export function PayRangeNotice({ saved }: { saved: string | null }) {
  // The rule words its notice in English; the page's language comes from the catalogue's templates.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const box = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState(saved);
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const value = (name: string) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : "";
    };
    const update = () => {
      const notice = payRangeNoticeFor(value("location"), value("salary_min"), value("salary_max"));
      setNotice(notice && translateMessage(language, notice));
    };
    update();
    form.addEventListener("input", update);
    return () => form.removeEventListener("input", update);
  }, [language]);
  return (
    <div ref={box} aria-live="polite" className="sm:col-span-2">
      {notice ? (
        <p
          id="pay-range-notice"
          className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg"
        >
          {notice}
        </p>
      ) : null}
    </div>
  );
}
