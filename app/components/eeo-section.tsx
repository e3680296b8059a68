// The review step's voluntary self-identification for a job in the United States (decision 088):
// gender, race/ethnicity, veteran and disability status in the wording of the US EEOC's and OFCCP's
// forms, every question optional. Plain radio buttons in the step's form, so it works without
// JavaScript; whichever button is pressed, the choices are kept with the draft. The words are the
// catalogue's (in English the module's, locales/apply-eeo.test.ts); the codes are the module's.
import { useTranslation } from "react-i18next";
import { Card } from "#app/components/ui/card.tsx";
import { EEO_OPTIONS, EEO_QUESTIONS, eeoField, type EeoQuestion } from "#modules/applications/browser.ts";

const VETERAN_CLASSES = ["disabled", "recent", "wartime", "medal"] as const;

export function EeoSection({ answers }: { answers: Record<EeoQuestion, string> }) {
  const { t } = useTranslation("apply");
  return (
    <Card as="section" aria-labelledby="eeo-heading">
      <h2 id="eeo-heading" className="text-lg font-semibold">
        {t("eeo.heading")} <span className="text-sm font-normal text-muted">{t("eeo.optional")}</span>
      </h2>
      <div className="mt-2 grid gap-2 text-sm text-soft" role="note">
        <p>{t("eeo.intro")}</p>
        <p>
          <strong className="font-semibold text-ink">{t("eeo.unseen")}</strong> {t("eeo.apart")}
        </p>
      </div>
      <div className="mt-4 grid gap-5">
        {EEO_QUESTIONS.map((question) => (
          <fieldset key={question} className="grid gap-2">
            <legend className="font-semibold">{t(`eeo.questions.${question}`)}</legend>
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
                  {t(`eeo.options.${question}.${option.code}`)}
                  {option.description ? (
                    <span className="block text-sm text-muted">{t(`eeo.descriptions.${question}.${option.code}`)}</span>
                  ) : null}
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
  const { t } = useTranslation("apply");
  return (
    <details className="text-sm text-soft">
      <summary className="cursor-pointer">{t("eeo.veteranWho")}</summary>
      <ul className="mt-2 grid list-disc gap-1 pl-5">
        {VETERAN_CLASSES.map((key) => (
          <li key={key}>{t(`eeo.veteranClasses.${key}`)}</li>
        ))}
      </ul>
    </details>
  );
}
