// /employer/jobs/{id}/applications/{applicationId}: one application as its employer reads it: each
// answer beside its question, the resume, the status history, and a button per move the pipeline
// allows (pipeline.ts); Reject leads to its confirmation page (…/reject). Opening it changes
// nothing: a submitted one shows "Mark as under review" first. Anyone else's application is not found.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { employerJob, labelOf, QUESTION_CATEGORY_LABELS, type Member } from "#modules/hiring/index.server.ts";
import {
  applicantsToMove,
  moveApplication,
  MOVE_LABELS,
  openApplication,
  type ApplicationScoreView,
} from "#modules/applications/index.server.ts";
import { listQuery, moveNotice } from "#app/pipeline.server.ts";
import { applicationFeedback } from "#app/application-feedback.server.ts";
import { ApplicationFeedback } from "#app/components/application-notes.tsx";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { COLLABORATION_LABEL, SCORING_GUIDANCE } from "#modules/ai/browser.ts";
import { ErrorBox, IntentButton, Notice } from "#app/components/forms.tsx";
import { Avatar, StatusTimeline } from "#app/components/applications.tsx";
import { readForm } from "#lib/forms.ts";
import { applicantNavFor } from "#app/job-page.server.ts";
import { ApplicantNav } from "#app/components/applicant-nav.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.name ?? "Application"} · Hirewise` },
];

const NOT_FOUND = "The application you're looking for could not be found.";

function load(member: Member, jobId: string, applicationId: string) {
  return withModuleErrors(
    async () => {
      const job = await employerJob(member, jobId);
      const application = await openApplication(member, applicationId, job.id);
      return { job, application, feedback: await applicationFeedback(member, application.id, job.id) };
    },
    { notFound: NOT_FOUND },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const { job, application, feedback } = await load(member, params.id ?? "", params.applicationId ?? "");
  const url = new URL(request.url);
  return {
    feedback,
    nav: await applicantNavFor(member, job.id, application.id, url),
    notice: moveNotice(url.searchParams),
    job: { id: job.id, title: job.title },
    application: {
      id: application.id,
      name: application.candidateName,
      deleted: application.candidateDeleted,
      email: application.candidateEmail,
      avatarUrl: application.avatarUrl,
      status: application.status,
      applied: formatDate(application.appliedAt),
      moves: application.moves.map((to) => ({ to, label: MOVE_LABELS[to] })),
      resume: application.resume,
      history: application.history,
      score: application.score,
      answers: application.answers.map((a) => ({
        question: a.question,
        category: labelOf(QUESTION_CATEGORY_LABELS, a.category),
        answer: a.type === "rating" && a.rating ? `${a.rating}/5` : a.answer,
      })),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  const intent = String((await readForm(request)).get("intent") ?? "");
  // "shortlist" and "reject" are the buttons' names from before the pipeline had more stages.
  const to =
    intent === "shortlist"
      ? "shortlisted"
      : intent === "reject"
        ? "rejected"
        : intent.startsWith("move:")
          ? intent.slice(5)
          : "";
  if (!to) return data({ error: "Choose where to move the application." }, { status: 400 });
  return withModuleErrors(
    async () => {
      // A rejection is confirmed first, on its own page (after the same access check as a move).
      if (to === "rejected") {
        await applicantsToMove(member, jobId, [applicationId], to);
        return redirect(`/employer/jobs/${jobId}/applications/${applicationId}/reject`);
      }
      const status = await moveApplication(member, applicationId, to, { jobId });
      // Back to this application, keeping the list's stage and sort for Previous/Next.
      const query = new URLSearchParams([["decided", status], ...listQuery(new URL(request.url).searchParams)]);
      return redirect(`/employer/jobs/${jobId}/applications/${applicationId}?${query}`);
    },
    { notFound: NOT_FOUND, refused: (error, status) => data({ error: error.message }, { status }) },
  );
}

export default function ApplicationPage() {
  const { job, application: a, notice, feedback, nav } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <Link
        to={`/employer/jobs/${job.id}#applications`}
        className="w-fit text-sm font-semibold text-brand hover:underline"
      >
        ← Back to {job.title}
      </Link>
      <ApplicantNav nav={nav} />
      {notice ? <Notice>{notice}</Notice> : null}
      {result?.error ? <ErrorBox errors={[result.error]} /> : null}
      {a.deleted ? (
        <Notice>
          This candidate deleted their account. Their answers, resume and score were erased with it, and the application
          stays where it was: it can no longer be moved. Your team&apos;s notes and ratings stay below.
        </Notice>
      ) : null}
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={a.name} url={a.avatarUrl} size="size-14" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{a.name}</h1>
            <StatusBadge status={a.status} />
          </div>
          <p className="mt-1 [overflow-wrap:anywhere] text-muted">
            Applied {a.applied} for {job.title}
            {a.email ? ` · ${a.email}` : ""}
          </p>
        </div>
        {a.moves.length ? (
          <Form method="post" className="flex flex-wrap gap-2" aria-label="Move this application">
            {a.moves.map((move, i) =>
              move.to === "rejected" ? (
                <Link
                  key={move.to}
                  to={`/employer/jobs/${job.id}/applications/${a.id}/reject`}
                  className="inline-flex items-center justify-center rounded-lg border border-danger-line bg-surface px-4 py-2 text-sm font-semibold text-danger hover:bg-danger-tint"
                >
                  {move.label}
                </Link>
              ) : (
                <IntentButton
                  key={move.to}
                  intent={`move:${move.to}`}
                  variant={i === 0 ? "primary" : "secondary"}
                  pendingLabel="Moving..."
                >
                  {move.label}
                </IntentButton>
              ),
            )}
          </Form>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">Screening Answers</h2>
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
            <p className="mt-2 text-muted">
              {a.deleted
                ? "The candidate deleted their account: their answers and resume were erased with it."
                : "This job had no screening questions."}
            </p>
          )}
        </Card>
        <aside className="grid content-start gap-6">
          <ScoreCard score={a.score} deleted={a.deleted} />
          <Card>
            <h2 className="text-lg font-semibold">Resume</h2>
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
                    className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    View resume
                  </a>
                  <a
                    href={`/resumes/${a.resume.id}?download=1`}
                    className="rounded-lg border border-field px-3 py-2 text-sm font-semibold hover:bg-tint"
                  >
                    Download
                  </a>
                </div>
              </>
            ) : (
              <p className="mt-2 text-muted">No resume uploaded</p>
            )}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">Status history</h2>
            <div className="mt-3">
              <StatusTimeline history={a.history} />
            </div>
          </Card>
        </aside>
      </div>
      <ApplicationFeedback jobId={job.id} applicationId={a.id} notes={feedback.notes} ratings={feedback.ratings} />
    </section>
  );
}

const SCORE_LINES = [
  ["overall", "Overall match"],
  ["technical", "Technical"],
  ["communication", "Communication"],
  ["cultureFit", COLLABORATION_LABEL],
] as const;

/** The AI's reading of the application: four figures, each with the line behind it. */
function ScoreCard({ score, deleted }: { score: ApplicationScoreView | null; deleted: boolean }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">AI match</h2>
      {score ? (
        <>
          <dl className="mt-3 grid gap-3">
            {SCORE_LINES.map(([key, label]) => (
              <div key={key}>
                <dt className="flex items-baseline justify-between text-sm">
                  <span className="font-medium">{label}</span>
                  <span className="font-bold tabular-nums">
                    {key === "overall" ? `${score.overall}%` : `${score[key]}/100`}
                  </span>
                </dt>
                <dd className="mt-1 text-sm text-muted">{score.reasons[key]}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-muted">
            {score.source === "fallback" ? "The AI service was unavailable, so the built-in method scored this. " : ""}
            {score.withResume ? "Read from the answers and the resume." : "Read from the answers only."} A guide for
            your review: people decide.
          </p>
          <p className="mt-2 text-xs text-muted">{SCORING_GUIDANCE}</p>
        </>
      ) : deleted ? (
        <p className="mt-2 text-sm text-muted">No score: the candidate deleted their account.</p>
      ) : (
        <p className="mt-2 text-sm text-muted">Scoring this application… Refresh in a moment.</p>
      )}
    </Card>
  );
}

export const ErrorBoundary = JobErrorBoundary;
