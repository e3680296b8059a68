// The team page's retention setting (owners, decision 089): how long the applications of candidates
// not hired are kept after their job closes (6, 12 or 24 months; 12 unless changed). Applications'
// daily run anonymises what is past it; this is only the choice.
import { Form } from "@remix-run/react";
import { SelectField, SubmitButton } from "#app/components/forms.tsx";
import { Card } from "#app/components/ui/card.tsx";

export function RetentionSetting({ months, errors }: { months: number; errors?: string[] }) {
  return (
    <Card as="section" aria-labelledby="retention-heading">
      <h2 id="retention-heading" className="text-lg font-semibold">
        Candidates' data
      </h2>
      <Form method="post" action="/employer/team" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="retention" />
        <SelectField
          id="retention-months"
          name="retention_months"
          label="Keep candidates' applications after a job closes for"
          hint="Then the applications of candidates you didn't hire are anonymised: answers, resumes, messages, notes and scorecards go; your counts and stage history stay. 30 days before, each candidate may ask to stay in your talent pool for another period."
          defaultValue={String(months)}
          options={[
            ["6", "6 months"],
            ["12", "12 months"],
            ["24", "24 months"],
          ]}
          errors={errors}
        />
        <SubmitButton pendingLabel="Saving…">Save retention period</SubmitButton>
      </Form>
    </Card>
  );
}
