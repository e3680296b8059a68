// /employer/jobs/{id}/applications/{applicationId}: one application as its employer reads it: each
// answer beside its question, the resume, the status history, and a button per move the pipeline
// allows (pipeline.ts); Reject leads to its confirmation page (…/reject). Opening it changes
// nothing: a submitted one shows "Mark as under review" first. Anyone else's application is not found.
// The thread with the candidate sits under the answers (#messages): owners and recruiters write,
// from a template if they like, and may preview the text as the candidate will read it.
// Owners and recruiters remind a colleague who has not submitted a scorecard (one button each).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { ApplicationFeedback } from "#app/components/application-notes.tsx";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { ErrorBox, IntentButton, Notice } from "#app/components/forms.tsx";
import { Avatar, StatusTimeline } from "#app/components/applications.tsx";
import { MessageThreadCard, type MessageActionData } from "#app/components/application-messages.tsx";

import { ApplicantNav } from "./applicant-nav.tsx";
import { InterviewCard } from "./interview-card.tsx";
import { ScoreCard } from "./score-card.tsx";
import { ScorecardsCard } from "./scorecards-card.tsx";
import { InterviewKitCard } from "#app/components/interview-kit.tsx";
import { CloseWithHire } from "./close-with-hire.tsx";
import { DecisionHistory } from "./decision-history.tsx";
import { DecisionWhy } from "#app/components/decision-why.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

import { applicationAction, applicationLoader } from "./application-page.server.ts";

export { headers } from "#app/quotas.server.ts";

export const loader = (args: LoaderFunctionArgs) => applicationLoader(args);
export const action = (args: ActionFunctionArgs) => applicationAction(args);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "review");
  return [{ title: t("title", { name: data?.application.name ?? t("titleFallback") }) }];
};

export default function ApplicationPage() {
  const {
    job,
    application: a,
    feedback,
    nav,
    thread,
    templates,
    rejectionEmail,
    interview,
    mayOffer,
    lastOpening,
    scorecards,
    decisions,
    maxWhy,
    reminders,
    kit,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("review");
  const result = answer && "error" in answer && !("form" in answer) ? answer : null;
  const whyAnswer = result && "whyErrors" in result ? result : null;
  const decides = a.moves.some((m) => m.to === "offer" || m.to === "hired");
  const messageAnswer = answer && "form" in answer ? (answer as MessageActionData) : null;
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`/employer/jobs/${job.id}#applications`} className={`${smallTextLink} w-fit`}>
        {t("backTo", { title: job.title })}
      </Link>
      <ApplicantNav nav={nav} />
      <FlashNotice />
      {result?.error && !whyAnswer ? <ErrorBox errors={[result.error]} /> : null}
      {rejectionEmail ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg"
        >
          <p className="flex-1">{t("rejectionEmailAt", { at: rejectionEmail.at })}</p>
          {rejectionEmail.mayCancel ? (
            <IntentButton intent="cancel-rejection-email" pendingLabel={t("cancelling")}>
              {t("cancelRejectionEmail")}
            </IntentButton>
          ) : null}
        </Form>
      ) : null}
      {a.deleted ? <Notice>{t("deletedNotice")}</Notice> : null}
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={a.name} url={a.avatarUrl} size="size-14" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{a.name}</h1>
            <StatusBadge status={a.status} />
          </div>
          <p className="mt-1 [overflow-wrap:anywhere] text-muted">
            {t("appliedFor", { date: a.applied, title: job.title })}
            {a.email ? ` · ${a.email}` : ""}
          </p>
        </div>
        {a.moves.length ? (
          <Form method="post" className="flex flex-wrap items-center gap-2" aria-label={t("moveThis")}>
            {a.moves.map((move, i) =>
              move.to === "rejected" ? (
                <ButtonLink key={move.to} to={`/employer/jobs/${job.id}/applications/${a.id}/reject`} variant="danger">
                  {t(`moves.${move.to}`, { defaultValue: move.label })}
                </ButtonLink>
              ) : (
                <IntentButton
                  key={move.to}
                  intent={`move:${move.to}`}
                  variant={i === 0 ? "primary" : "secondary"}
                  pendingLabel={t("moving")}
                >
                  {t(`moves.${move.to}`, { defaultValue: move.label })}
                </IntentButton>
              ),
            )}
            {lastOpening ? <CloseWithHire {...lastOpening} /> : null}
            {decides ? (
              <DecisionWhy
                key={a.status}
                className="basis-full"
                values={whyAnswer?.why ?? ""}
                errors={whyAnswer?.whyErrors}
                max={maxWhy}
              />
            ) : null}
          </Form>
        ) : null}
      </header>

      <InterviewCard
        interview={interview}
        inInterview={a.status === "interview"}
        mayOffer={mayOffer}
        path={`/employer/jobs/${job.id}/applications/${a.id}/interview`}
        candidate={a.name}
      />
      {kit ? (
        <InterviewKitCard
          kit={kit.kit}
          chosen={kit.chosen}
          jobKitsHref={`/employer/jobs/${job.id}/kits`}
          notes={
            <p className="mt-1 text-sm">
              <Link to={`/employer/jobs/${job.id}/applications/${a.id}/scorecard`} className={smallTextLink}>
                {t("kitNotesLink")}
              </Link>{" "}
              {t("kitNotesAfter")}
            </p>
          }
        />
      ) : null}
      <ScorecardsCard
        picture={scorecards}
        reminders={reminders}
        score={a.score}
        path={`/employer/jobs/${job.id}/applications/${a.id}/scorecard`}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">{t("screeningAnswers")}</h2>
          {a.answers.length ? (
            <ol className="mt-4 grid gap-5">
              {a.answers.map((answer, i) => (
                <li key={i}>
                  <p className="font-medium">
                    {i + 1}. {answer.question}{" "}
                    <span className="ml-1 rounded-full bg-brand-tint px-2 py-0.5 text-xs font-medium text-brand-strong">
                      {answer.category}
                    </span>
                  </p>
                  <p className="mt-1 whitespace-pre-line text-soft">{answer.answer}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-muted">{a.deleted ? t("answersErased") : t("noQuestions")}</p>
          )}
        </Card>
        <aside className="grid content-start gap-6">
          <ScoreCard score={a.score} deleted={a.deleted} />
          <Card>
            <h2 className="text-lg font-semibold">{t("resume")}</h2>
            {a.resume ? (
              <>
                <p className="mt-2 break-all text-sm">
                  {a.resume.name} · {a.resume.sizeKb} KB
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a
                    href={`/resumes/${a.resume.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass({ size: "sm" })}
                  >
                    {t("viewResume")}
                  </a>
                  <a
                    href={`/resumes/${a.resume.id}?download=1`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                  >
                    {t("download")}
                  </a>
                </div>
              </>
            ) : (
              <p className="mt-2 text-muted">{t("noResume")}</p>
            )}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">{t("statusHistory")}</h2>
            <div className="mt-3">
              <StatusTimeline history={a.history} />
            </div>
            <DecisionHistory decisions={decisions} />
          </Card>
        </aside>
      </div>
      <MessageThreadCard
        messages={thread.messages}
        mayWrite={thread.mayWrite}
        closedReason={thread.closedReason}
        readOnlyReason={thread.readOnlyReason}
        intro={t("threadIntro", { name: a.name })}
        answer={messageAnswer}
        templates={templates}
      />
      <ApplicationFeedback jobId={job.id} applicationId={a.id} notes={feedback.notes} ratings={feedback.ratings} />
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
