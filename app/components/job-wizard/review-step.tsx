// The post wizard's last step: the job as candidates will read it, and its questions.
import type { ReactNode, Ref } from "react";
import type { WizardView } from "#app/job-wizard.ts";
import { formatSalary, parseWholeNumber, type DraftQuestion, type WizardChoices } from "#modules/hiring/browser.ts";
import { Card } from "../job-bits.tsx";
import { JobBody } from "#app/components/job-body.tsx";
import { Link } from "@remix-run/react";
import { textLink } from "#app/components/ui/styles.ts";
const labelFrom = (pairs: [string, string][], value: string) => pairs.find(([v]) => v === value)?.[1] ?? value;

export function QuestionList({ questions, choices }: { questions: DraftQuestion[]; choices: WizardChoices }) {
  const shown = questions.filter((q) => q.question_text.trim());
  if (!shown.length) return <p className="mt-3 text-muted">No screening questions.</p>;
  return (
    <ol className="mt-3 grid list-decimal gap-2 pl-6">
      {shown.map((q, i) => (
        <li key={i}>
          <span className="font-medium">{q.question_text}</span>{" "}
          <span className="text-sm text-muted">
            ({labelFrom(choices.questionTypes, q.question_type)}
            {q.required ? ", required" : ", optional"})
          </span>
          {q.question_type === "multiple_choice" && q.options ? (
            <span className="block text-sm text-muted">Options: {q.options}</span>
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
  const { form } = view;
  const questionCount = form.questions.filter((q) => q.question_text.trim()).length;
  // As typed ("165,000"), read as the server read it when the step was saved.
  const salary = formatSalary(
    parseWholeNumber(form.salary_min) ?? null,
    parseWholeNumber(form.salary_max) ?? null,
    form.salary_currency,
  );
  const rows: [string, ReactNode][] = [
    ["Job title", form.title],
    ["Company", form.company_name],
    ["Location", form.location],
    ["Location type", labelFrom(choices.locationTypes, form.location_type)],
    ["Employment type", labelFrom(choices.employmentTypes, form.employment_type)],
    ["Category", form.category],
  ];
  if (salary) rows.push(["Salary", salary]);
  if (form.experience_level)
    rows.push(["Experience level", labelFrom(choices.experienceLevels, form.experience_level)]);
  if (form.skills.trim()) rows.push(["Skills", form.skills]);
  rows.push(["Openings", form.openings.trim() || "1"]);
  const { closing } = view.notes;
  if (closing.need !== "ignored")
    rows.push([
      "Closing date",
      closing.chosenDay ??
        (closing.need === "optional" ? `60 days after publishing (${closing.defaultDay} if published today)` : ""),
    ]);
  return (
    <>
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Review your job
        </h2>
        <p className="mt-1 text-sm text-muted">Check everything before you publish. Use Previous to change anything.</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-medium">{value || <span className="text-danger">Missing</span>}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <JobBody
          description={form.description}
          requirements={form.requirements}
          benefits={form.benefits}
          descriptionTitle="Description"
        />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          Screening Questions <span className="text-muted">({questionCount})</span>
        </h2>
        <p className="mt-1 text-sm text-muted">
          {questionCount === 1 ? "1 question" : `${questionCount} questions`} for candidates to answer.
        </p>
        <QuestionList questions={form.questions} choices={choices} />
      </Card>
      {view.jobId && view.scorecard ? <ScorecardSummary jobId={view.jobId} scorecard={view.scorecard} /> : null}
    </>
  );
}

/** What the team will rate applicants on, with the way to the job's scorecard page and back. */
function ScorecardSummary({ jobId, scorecard }: { jobId: string; scorecard: NonNullable<WizardView["scorecard"]> }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">
        Scorecard <span className="text-muted">({scorecard.names.length})</span>
      </h2>
      <p className="mt-1 text-sm text-muted">
        {scorecard.isDefault ? "Your company's default set: " : ""}what everyone who reviews an applicant rates them on.
      </p>
      <ul className="mt-3 grid list-disc gap-1 pl-6">
        {scorecard.names.map((name) => (
          <li key={name} className="[overflow-wrap:anywhere]">
            {name}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to={`/employer/jobs/${jobId}/scorecard?from=wizard`} className={textLink}>
          Change the scorecard
        </Link>
      </p>
    </Card>
  );
}
