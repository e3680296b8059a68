// The wizard's closing date field, and the pay-range notice beside the salary fields. The notice is
// rendered by the server for what was saved; with JavaScript it follows the location and salary as
// they are typed (the same rule, payRangeNoticeFor, runs in the browser).
import { useEffect, useRef, useState } from "react";
import type { WizardView } from "#app/job-wizard.ts";
import { payRangeNoticeFor } from "#modules/hiring/browser.ts";
import { Field, RequiredMark } from "../forms.tsx";

export function ClosingDateField({ view }: { view: WizardView }) {
  const { closing } = view.notes;
  if (closing.need === "ignored") return null;
  const zone = closing.timeZone.replaceAll("_", " ");
  const hint =
    closing.need === "optional"
      ? `Leave it empty to close the job 60 days after you publish it (${closing.defaultDay} if you publish today). It closes at the end of that day in your company's time zone (${zone}).`
      : `The job stops taking applications at the end of this day in your company's time zone (${zone}).`;
  return (
    <Field
      label={
        <>
          Closing date
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
  const box = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState(saved);
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const value = (name: string) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : "";
    };
    const update = () => setNotice(payRangeNoticeFor(value("location"), value("salary_min"), value("salary_max")));
    update();
    form.addEventListener("input", update);
    return () => form.removeEventListener("input", update);
  }, []);
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
