// The review step's voluntary self-identification for a job in the United States (decision 088):
// gender, race/ethnicity, veteran and disability status in the wording of the US EEOC's and OFCCP's
// forms, every question optional. Plain radio buttons in the step's form, so it works without
// JavaScript; whichever button is pressed, the choices are kept with the draft.
import { Card } from "#app/components/ui/card.tsx";
import {
  EEO_OPTIONS,
  EEO_QUESTION_LABELS,
  EEO_QUESTIONS,
  PROTECTED_VETERAN_CLASSES,
  eeoField,
  type EeoQuestion,
} from "#modules/applications/browser.ts";

export function EeoSection({ answers }: { answers: Record<EeoQuestion, string> }) {
  return (
    <Card as="section" aria-labelledby="eeo-heading">
      <h2 id="eeo-heading" className="text-lg font-semibold">
        Voluntary self-identification <span className="text-sm font-normal text-muted">(optional)</span>
      </h2>
      <div className="mt-2 grid gap-2 text-sm text-soft" role="note">
        <p>
          Employers in the United States are asked by the government to invite applicants to self-identify, so they can
          report on and improve fairness in hiring. Answering is entirely voluntary: you may skip any question or choose
          "I don't wish to answer", and declining has no effect on your application.
        </p>
        <p>
          <strong className="font-semibold text-ink">
            The people reviewing your application never see these answers.
          </strong>{" "}
          They are kept apart from your application; the company's owners see only counts of five or more applicants,
          never anyone's answers.
        </p>
      </div>
      <div className="mt-4 grid gap-5">
        {EEO_QUESTIONS.map((question) => (
          <fieldset key={question} className="grid gap-2">
            <legend className="font-semibold">{EEO_QUESTION_LABELS[question]}</legend>
            {question === "veteranStatus" ? <VeteranClasses /> : null}
            {EEO_OPTIONS[question].map((option) => (
              <label
                key={option.code}
                className="flex items-start gap-3 rounded-lg border border-line px-3 py-2 hover:bg-tint"
              >
                <input
                  type="radio"
                  name={eeoField(question)}
                  value={option.code}
                  defaultChecked={answers[question] === option.code}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                />
                <span>
                  {option.label}
                  {option.description ? <span className="block text-sm text-muted">{option.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}

/** The protected veteran classifications, above the question as OFCCP forms put them. */
function VeteranClasses() {
  return (
    <details className="text-sm text-soft">
      <summary className="cursor-pointer">Who is a protected veteran</summary>
      <ul className="mt-2 grid list-disc gap-1 pl-5">
        {PROTECTED_VETERAN_CLASSES.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </details>
  );
}
