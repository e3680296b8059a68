// The team page's pay setting (owners): "Always show a salary range". With it on, publishing a job,
// or saving an open job's changes, is refused until both salary bounds are there (the hiring
// module checks it on the server; this is only the switch).
import { Form } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms.tsx";
import { Card } from "#app/components/ui/card.tsx";

export function SalaryRangeSetting({ on }: { on: boolean }) {
  return (
    <Card as="section" aria-labelledby="salary-range-heading">
      <h2 id="salary-range-heading" className="text-lg font-semibold">
        Pay transparency
      </h2>
      <Form method="post" action="/employer/team" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="salary-range" />
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="require_salary_range"
            value="on"
            defaultChecked={on}
            aria-describedby="salary-range-hint"
            className="mt-1 size-4"
          />
          <span>
            <span className="font-medium">Always show a salary range</span>
            <span id="salary-range-hint" className="mt-1 block text-sm text-body">
              Every job your team publishes, or saves changes to, then needs both a minimum and a maximum salary. Where
              the law asks for a range, the job form says so either way.
            </span>
          </span>
        </label>
        <SubmitButton pendingLabel="Saving…">Save pay setting</SubmitButton>
      </Form>
    </Card>
  );
}
