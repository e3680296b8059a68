// Why a decision was made (decision 086): the field beside a move to Offer or Hired, on the
// application page and the bulk move page. The team's only; required by the server when the
// decision goes against most submitted scorecards, refused beside this field with the text kept.
import { TextAreaField } from "#app/components/forms.tsx";

export const DECISION_WHY_HINT =
  "Kept with the decision in the application's history, for your team only. Needed when it goes against most scorecards.";

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
  return (
    <TextAreaField
      id="decision-why"
      name="why"
      label="Why this decision"
      hint={`${DECISION_WHY_HINT} Up to ${max.toLocaleString("en-US")} characters.`}
      rows={2}
      defaultValue={values}
      errors={errors}
      className={className}
    />
  );
}
