// Why a decision was made (decision 086): the field beside a move to Offer or Hired, on the
// application page and the bulk move page. The team's only; required by the server when the
// decision goes against most submitted scorecards, refused beside this field with the text kept.
import { useTranslation } from "react-i18next";
import { TextAreaField } from "#app/components/forms.tsx";
import { intlLocale } from "#locales/index.ts";

export function DecisionWhy({
  values,
  errors,
  max,
  className,
}: {
  values: string;
  errors?: string[];
  max: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation("review");
  return (
    <TextAreaField
      id="decision-why"
      name="why"
      label={t("decisions.whyLabel")}
      hint={t("decisions.whyHint", { max: max.toLocaleString(intlLocale(i18n.language)) })}
      rows={2}
      defaultValue={values}
      errors={errors}
      className={className}
    />
  );
}
