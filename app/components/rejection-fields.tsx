// The reject form's private fields (decision 073): a reason from a short list and an optional note,
// which only the team reads (and the CSV), and when the email goes: in 24 hours (cancellable until
// then, the default) or now. Plain inputs inside the confirmation's POST form.
import { SelectField, TextAreaField } from "#app/components/forms.tsx";

export interface RejectionFieldsData {
  reasons: readonly (readonly [string, string])[];
  maxNote: number;
  values: { reason: string; note: string; emailTiming: string };
  errors: { reason?: string[]; note?: string[] };
}

export function RejectionFields({ reasons, maxNote, values, errors }: RejectionFieldsData) {
  return (
    <>
      <SelectField
        id="rejection-reason"
        name="reason"
        label="Reason (only your team sees it)"
        placeholder="No reason given"
        options={reasons}
        defaultValue={values.reason}
        errors={errors.reason}
        hint="Kept with the application and in the CSV; never shown to the candidate."
      />
      <TextAreaField
        id="rejection-note"
        name="reasonNote"
        label="Private note (optional)"
        hint={`For your team only; after an interview it is the decision's why, needed when most scorecards recommend Yes. Up to ${maxNote} characters.`}
        rows={2}
        defaultValue={values.note}
        errors={errors.note}
      />
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-medium text-label">When we email the candidate</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="emailTiming" value="later" defaultChecked={values.emailTiming !== "now"} />
          In 24 hours (you can cancel the email until then)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="emailTiming" value="now" defaultChecked={values.emailTiming === "now"} />
          Now
        </label>
      </fieldset>
    </>
  );
}
