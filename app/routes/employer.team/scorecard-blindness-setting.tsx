// The team page's scorecard setting (owners, decision 086): "Members see others' scorecards only
// after submitting their own", on by default. Off, every member who may review an application reads
// its submitted scorecards at once (applications' scorecardPicture decides; this is only the switch).
import { Form } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms.tsx";
import { Card } from "#app/components/ui/card.tsx";

export function ScorecardBlindnessSetting({ on }: { on: boolean }) {
  return (
    <Card as="section" aria-labelledby="scorecard-blindness-heading">
      <h2 id="scorecard-blindness-heading" className="text-lg font-semibold">
        Scorecards
      </h2>
      <Form method="post" action="/employer/team" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="blind-scorecards" />
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="blind_scorecards"
            value="on"
            defaultChecked={on}
            aria-describedby="scorecard-blindness-hint"
            className="mt-1 size-4"
          />
          <span>
            <span className="font-medium">Members see others&apos; scorecards only after submitting their own</span>
            <span id="scorecard-blindness-hint" className="mt-1 block text-sm text-body">
              So each one judges the candidate before reading the others. Owners always see them all.
            </span>
          </span>
        </label>
        <SubmitButton pendingLabel="Saving…">Save scorecard setting</SubmitButton>
      </Form>
    </Card>
  );
}
