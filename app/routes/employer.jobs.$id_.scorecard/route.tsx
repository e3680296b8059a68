// /employer/jobs/{id}/scorecard: the job's scorecard (issue 34 item 1, decision 083), the third tab
// of the employer's job. Owners and recruiters rename, regroup and add attributes (3 to 10) in one
// form, and Retire one (kept with its ratings, hidden from new scorecards) or Restore it; Retire
// and Restore save the form's rows too, so nothing typed is lost. Interviewers read it.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { wizardUrl } from "#app/job-wizard.ts";
import { textLink } from "#app/components/ui/styles.ts";
import { requireMember } from "#app/team.server.ts";
import { jobScorecard, saveJobScorecard } from "#modules/hiring/index.server.ts";
import { attributeRowsOf } from "#app/scorecard-rows.server.ts";
import { jobForPage, jobHeader, jobStatusAction } from "#app/job-page.server.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";
import { JobPageHeader } from "#app/components/job-page-header.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { AttributesForm, AttributesList, type AttributesAnswer } from "#app/components/scorecard-attributes-form.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.scorecard.jobTitle ?? "Job"} · Scorecard · Hirewise` },
];

const NOT_FOUND = "The job you're looking for could not be found.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const scorecard = await withModuleErrors(() => jobScorecard(member, params.id ?? ""), { notFound: NOT_FOUND });
  // A draft has no job page yet: its scorecard is reached from the post wizard's review, and leads back.
  const job = scorecard.draft ? null : await jobHeader(member, await jobForPage(member, scorecard.jobId));
  const fromWizard = new URL(request.url).searchParams.get("from") === "wizard";
  const backToWizard = fromWizard || scorecard.draft ? wizardUrl(scorecard.jobId, !scorecard.draft, 3) : null;
  return { job, scorecard, backToWizard };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const fromWizard = new URL(request.url).searchParams.get("from") === "wizard";
  const path = `/employer/jobs/${jobId}/scorecard${fromWizard ? "?from=wizard" : ""}`;
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const [verb, attributeId] = intent.split(":");
  // The header's Close, Reopen and Archive post here too.
  if (verb !== "save" && verb !== "retire" && verb !== "restore") return jobStatusAction(member, jobId, form, path);
  const rows = attributeRowsOf(form);
  const answer = (errors: Record<string, string[]>, status = 400) =>
    data<AttributesAnswer>({ rows, errors }, { status });
  if (unstorable.length) return answer(Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])));
  try {
    await saveJobScorecard(member, jobId, rows, {
      retire: verb === "retire" ? attributeId : undefined,
      restore: verb === "restore" ? attributeId : undefined,
    });
  } catch (error) {
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      refused: (refusal, status) =>
        answer(
          Object.keys(refusal.fieldErrors).length
            ? (refusal.fieldErrors as Record<string, string[]>)
            : { rows: [refusal.message] },
          status,
        ),
    });
  }
  const done = verb === "retire" ? "The attribute is retired." : verb === "restore" ? "The attribute is back." : "";
  return redirectWithNotice(path, `The scorecard is saved.${done ? ` ${done}` : ""}`);
}

export default function JobScorecardPage() {
  const { job, scorecard, backToWizard } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "rows" in answer ? (answer as AttributesAnswer) : null;
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      {job ? (
        <JobPageHeader job={job} error={refused ? null : (answer as { error: string } | undefined)} tab="scorecard" />
      ) : (
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">Scorecard · {scorecard.jobTitle}</h1>
      )}
      {backToWizard ? (
        <Link to={backToWizard} className={textLink}>
          ← Back to reviewing the job post
        </Link>
      ) : null}
      {scorecard.mayEdit ? (
        <AttributesForm scorecard={scorecard} answer={refused} />
      ) : (
        <AttributesList scorecard={scorecard} />
      )}
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
