// The post wizard's last step: the job as candidates will read it, and its questions.
import type { ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "#lib/dates.ts";
import { intlLocale } from "#locales/index.ts";
import type { WizardView } from "#app/job-wizard.ts";
import { formatSalary, parseWholeNumber, type DraftQuestion, type WizardChoices } from "#modules/hiring/browser.ts";
import { Card } from "../job-bits.tsx";
import { JobBody } from "#app/components/job-body.tsx";
import { Link } from "@remix-run/react";
import { textLink } from "#app/components/ui/styles.ts";
const labelFrom = (pairs: [string, string][], value: string) => pairs.find(([v]) => v === value)?.[1] ?? value;

/** The salary as the job's page shows it: the vocabulary's own words in English, else Intl's money. */
function useSalary(min: number | null, max: number | null, currency: string): string | null {
  const { t, i18n } = useTranslation("jobs");
  if (i18n.language === "en") return formatSalary(min, max, currency);
  const money = (n: number) => formatMoney(n, currency, intlLocale(i18n.language));
  if (min !== null && max !== null)
    return min === max ? money(min) : t("salaryRange", { min: money(min), max: money(max) });
  if (min !== null) return t("salaryFrom", { amount: money(min) });
  if (max !== null) return t("salaryUpTo", { amount: money(max) });
  return null;
}

export function QuestionList({ questions, choices }: { questions: DraftQuestion[]; choices: WizardChoices }) {
  const { t } = useTranslation("post", { keyPrefix: "review" });
  const shown = questions.filter((q) => q.question_text.trim());
  if (!shown.length) return <p className="mt-3 text-muted">{t("noQuestions")}</p>;
  return (
    <ol className="mt-3 grid list-decimal gap-2 pl-6">
      {shown.map((q, i) => (
        <li key={i}>
          <span className="font-medium">{q.question_text}</span>{" "}
          <span className="text-sm text-muted">
            ({labelFrom(choices.questionTypes, q.question_type)}
            {q.required ? t("required") : t("optional")})
          </span>
          {q.question_type === "multiple_choice" && q.options ? (
            <span className="block text-sm text-muted">{t("optionsList", { options: q.options })}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function ReviewStep({
  view,
  choices,
  headingRef,
}: {
  view: WizardView;
  choices: WizardChoices;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation("post");
  const { form } = view;
  const questionCount = form.questions.filter((q) => q.question_text.trim()).length;
  // As typed ("165,000"), read as the server read it when the step was saved.
  const salary = useSalary(
    parseWholeNumber(form.salary_min) ?? null,
    parseWholeNumber(form.salary_max) ?? null,
    form.salary_currency,
  );
  const rows: [string, ReactNode][] = [
    [t("details.jobTitle"), form.title],
    [t("details.company"), form.company_name],
    [t("details.location"), form.location],
    [t("details.locationType"), labelFrom(choices.locationTypes, form.location_type)],
    [t("details.employmentType"), labelFrom(choices.employmentTypes, form.employment_type)],
    [t("details.category"), labelFrom(choices.categories, form.category)],
  ];
  if (salary) rows.push([t("review.salary"), salary]);
  if (form.experience_level)
    rows.push([t("details.experienceLevel"), labelFrom(choices.experienceLevels, form.experience_level)]);
  if (form.skills.trim()) rows.push([t("details.skills"), form.skills]);
  rows.push([t("details.openings"), form.openings.trim() || "1"]);
  const { closing } = view.notes;
  if (closing.need !== "ignored")
    rows.push([
      t("details.closingDate"),
      closing.chosenDay ?? (closing.need === "optional" ? t("review.closingDefault", { day: closing.defaultDay }) : ""),
    ]);
  return (
    <>
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {t("review.heading")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("review.intro")}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-medium">{value || <span className="text-danger">{t("review.missing")}</span>}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <JobBody
          description={form.description}
          requirements={form.requirements}
          benefits={form.benefits}
          descriptionTitle={t("details.description")}
        />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          {t("questions.screeningQuestions")} <span className="text-muted">({questionCount})</span>
        </h2>
        <p className="mt-1 text-sm text-muted">{t("review.toAnswer", { count: questionCount })}</p>
        <QuestionList questions={form.questions} choices={choices} />
      </Card>
      {view.jobId && view.scorecard ? <ScorecardSummary jobId={view.jobId} scorecard={view.scorecard} /> : null}
    </>
  );
}

/** What the team will rate applicants on, with the way to the job's scorecard page and back. */
function ScorecardSummary({ jobId, scorecard }: { jobId: string; scorecard: NonNullable<WizardView["scorecard"]> }) {
  const { t } = useTranslation("post", { keyPrefix: "review" });
  return (
    <Card>
      <h2 className="text-lg font-semibold">
        {t("scorecard")} <span className="text-muted">({scorecard.names.length})</span>
      </h2>
      <p className="mt-1 text-sm text-muted">{scorecard.isDefault ? t("scorecardDefault") : t("scorecardOwn")}</p>
      <ul className="mt-3 grid list-disc gap-1 pl-6">
        {scorecard.names.map((name) => (
          <li key={name} className="[overflow-wrap:anywhere]">
            {name}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to={`/employer/jobs/${jobId}/scorecard?from=wizard`} className={textLink}>
          {t("changeScorecard")}
        </Link>
      </p>
    </Card>
  );
}
