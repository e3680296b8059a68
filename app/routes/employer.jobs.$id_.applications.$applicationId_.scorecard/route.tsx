// /employer/jobs/{id}/applications/{applicationId}/scorecard: the member's own scorecard on the
// application (issue 34 item 3, decision 083): Save draft or Submit, then back to the application
// page (#scorecards), where the team's submitted scorecards show once the member's is in. A refused
// post re-renders the form with what was chosen and typed and the messages beside the fields.
// Anyone who may not review the application gets 404.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { requireMember } from "#app/team.server.ts";
import { employerJob } from "#modules/hiring/index.server.ts";
import { myScorecard, openApplication, saveScorecard } from "#modules/applications/index.server.ts";
import { applicationKit } from "#modules/interviews/index.server.ts";
import { InterviewKitCard } from "#app/components/interview-kit.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card, JobErrorBoundary } from "#app/components/job-bits.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { ScorecardForm, type ScorecardAnswer } from "./scorecard-form.tsx";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "review")("scorecardPage.title") },
];

const NOT_FOUND = "The application you're looking for could not be found.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  return withModuleErrors(
    async () => {
      const [job, application, scorecard, kit] = await Promise.all([
        employerJob(member, jobId),
        openApplication(member, applicationId, jobId),
        myScorecard(member, applicationId, { jobId }),
        applicationKit(member, applicationId, jobId),
      ]);
      return {
        job: { id: job.id, title: job.title },
        candidate: application.candidateName,
        page: `/employer/jobs/${job.id}/applications/${application.id}`,
        scorecard,
        kit,
      };
    },
    { notFound: NOT_FOUND },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  // 404 before anything in the post is looked at.
  await withModuleErrors(() => myScorecard(member, applicationId, { jobId }), { notFound: NOT_FOUND });
  const { form, unstorable } = await readTextForm(request);
  const submit = form.get("intent") === "submit";
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (name.startsWith("rating.") && typeof value === "string") values[name.slice(7)] = value;
  const takeaways = String(form.get("takeaways") ?? "");
  const recommendation = String(form.get("recommendation") ?? "");
  const answer = (errors: Record<string, string>, status = 400) =>
    data<ScorecardAnswer>(
      {
        values,
        takeaways,
        recommendation,
        errors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, say(message)])),
      },
      { status },
    );
  if (unstorable.length) return answer(Object.fromEntries(unstorable.map((name) => [name, UNSTORABLE_FIELD])));
  let outcome: Awaited<ReturnType<typeof saveScorecard>>;
  try {
    outcome = await saveScorecard(
      member,
      applicationId,
      { ratings: values, takeaways, recommendation },
      { jobId, submit },
    );
  } catch (error) {
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      refused: (refusal, status) =>
        answer(
          Object.keys(refusal.fieldErrors).length
            ? (refusal.fieldErrors as Record<string, string>)
            : { takeaways: refusal.message },
          status,
        ),
    });
  }
  const text =
    outcome === "draft"
      ? "Your draft is saved. Submit it when you're done."
      : outcome === "edited"
        ? "Your scorecard is changed; the change is recorded."
        : "Your scorecard is submitted.";
  return redirectWithNotice(`/employer/jobs/${jobId}/applications/${applicationId}#scorecards`, text);
}

export default function ScorecardPage() {
  const { job, candidate, page, scorecard, kit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("review");
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`${page}#scorecards`} className={`${smallTextLink} w-fit`}>
        {t("scorecardPage.back", { name: candidate })}
      </Link>
      <Card>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t("scorecardPage.heading")}</h1>
          {scorecard.state === "submitted" ? (
            <Badge tone="green">{t("scorecardPage.submitted")}</Badge>
          ) : scorecard.state === "draft" ? (
            <Badge tone="yellow">{t("scorecardPage.draft")}</Badge>
          ) : null}
        </div>
        <p className="mt-1 [overflow-wrap:anywhere] text-muted">
          {t("scorecardPage.forJob", { name: candidate, title: job.title })}
          {scorecard.submittedAt ? t("scorecardPage.submittedAt", { at: scorecard.submittedAt }) : ""}
          {scorecard.editedAt ? t("scorecardPage.changedAt", { at: scorecard.editedAt }) : ""}
        </p>
        {kit ? (
          <InterviewKitCard
            inside
            kit={kit.kit}
            chosen={kit.chosen}
            jobKitsHref={`/employer/jobs/${job.id}/kits`}
            notes={<p className="mt-1 text-sm text-muted">{t("scorecardPage.kitNotes")}</p>}
          />
        ) : null}
        <div className="mt-6">
          <ScorecardForm scorecard={scorecard} answer={answer ?? null} />
        </div>
      </Card>
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
