// The reject form's private fields (decision 073): a reason from a short list and an optional note,
// which only the team reads (and the CSV), and when the email goes: in 24 hours (cancellable until
// then, the default) or now. Plain inputs inside the confirmation's POST form.
import { useTranslation } from "react-i18next";
import { SelectField, TextAreaField } from "#app/components/forms.tsx";

export interface RejectionFieldsData {
  reasons: readonly (readonly [string, string])[];
  maxNote: number;
  values: { reason: string; note: string; emailTiming: string };
  errors: { reason?: string[]; note?: string[] };
}

export function RejectionFields({ reasons, maxNote, values, errors }: RejectionFieldsData) {
  const { t } = useTranslation("review");
  return (
    <>
      <SelectField
        id="rejection-reason"
        name="reason"
        label={t("reject.reason")}
        placeholder={t("reject.noReason")}
        options={reasons.map(([value, label]) => [value, t(`reasons.${value}`, { defaultValue: label })] as const)}
        defaultValue={values.reason}
        errors={errors.reason}
        hint={t("reject.reasonHint")}
      />
      <TextAreaField
        id="rejection-note"
        name="reasonNote"
        label={t("reject.note")}
        hint={t("reject.noteHint", { max: maxNote })}
        rows={2}
        defaultValue={values.note}
        errors={errors.note}
      />
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-medium text-label">{t("reject.when")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="emailTiming" value="later" defaultChecked={values.emailTiming !== "now"} />
          {t("reject.later")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="emailTiming" value="now" defaultChecked={values.emailTiming === "now"} />
          {t("reject.nowOption")}
        </label>
      </fieldset>
    </>
  );
}
