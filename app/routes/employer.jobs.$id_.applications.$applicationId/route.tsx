// /employer/jobs/{id}/applications/{applicationId}: one application as its employer reads it: each
// answer beside its question, the resume, the status history, and a button per move the pipeline
// allows (pipeline.ts); Reject leads to its confirmation page (…/reject). Opening it changes
// nothing: a submitted one shows "Mark as under review" first. Anyone else's application is not found.
// The thread with the candidate sits under the answers (#messages): owners and recruiters write,
// from a template if they like, and may preview the text as the candidate will read it.
// Owners and recruiters remind a colleague who has not submitted a scorecard (one button each).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { employerJob, labelOf, QUESTION_CATEGORY_LABELS, type Member } from "#modules/hiring/index.server.ts";
import {
  applicantsToMove,
  applicationDecisions,
  cancelRejectionEmail,
  checkCompanyWriter,
  companyThread,
  hireApplication,
  lastOpeningFor,
  INTERVIEWER_READS_ONLY,
  listTemplates,
  moveApplication,
  postCompanyMessage,
  previewCompanyMessage,
  templateForApplication,
  MOVE_LABELS,
  openApplication,
  pendingRejectionEmail,
  scorecardPicture,
  MAX_DECISION_WHY,
  scorecardReminders,
  remindScorecard,
} from "#modules/applications/index.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { decidedNotice, filledNotice, listQuery } from "#app/pipeline.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { applicationFeedback } from "#app/application-feedback.server.ts";
import { ApplicationFeedback } from "#app/components/application-notes.tsx";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { ErrorBox, IntentButton, Notice } from "#app/components/forms.tsx";
import { Avatar, StatusTimeline } from "#app/components/applications.tsx";
import { readTextForm, refuseForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { answerMessagePost, answerMessagePreview, answerTemplateUse } from "#app/application-messages.server.ts";
import { MessageThreadCard, type MessageActionData } from "#app/components/application-messages.tsx";

export { headers } from "#app/quotas.server.ts";
import { applicantNavFor } from "#app/job-page.server.ts";
import { ApplicantNav } from "./applicant-nav.tsx";
import { InterviewCard } from "./interview-card.tsx";
import { ScoreCard } from "./score-card.tsx";
import { ScorecardsCard } from "./scorecards-card.tsx";
import { applicationKit, companyInterview } from "#modules/interviews/index.server.ts";
import { InterviewKitCard } from "#app/components/interview-kit.tsx";
import { CloseWithHire } from "./close-with-hire.tsx";
import { DecisionHistory } from "./decision-history.tsx";
import { DecisionWhy } from "#app/components/decision-why.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.name ?? "Application"} · Hirewise` },
];

const NOT_FOUND = "The application you're looking for could not be found.";

function load(member: Member, jobId: string, applicationId: string) {
  return withModuleErrors(
    async () => {
      const job = await employerJob(member, jobId);
      const application = await openApplication(member, applicationId, job.id);
      const [feedback, thread, rejectionEmailAt, interview, scorecards, decisions, reminders, kit] = await Promise.all([
        applicationFeedback(member, application.id, job.id),
        companyThread(member, application.id, { jobId: job.id }),
        pendingRejectionEmail(member, application.id),
        companyInterview(member, application.id, job.id),
        scorecardPicture(member, application.id, { jobId: job.id }),
        applicationDecisions(member, application.id, { jobId: job.id }),
        scorecardReminders(member, application.id, { jobId: job.id }),
        applicationKit(member, application.id, job.id),
      ]);
      // The picker is offered to whoever may write here (owners and recruiters).
      const templates = thread.mayWrite ? await listTemplates(member) : null;
      // Beside "Mark as hired": whether that hire fills the job's last opening (offers to close it).
      const lastOpening = application.moves.includes("hired")
        ? await lastOpeningFor(member, application.id, job.id)
        : null;
      return {
        job,
        application,
        feedback,
        thread,
        templates,
        rejectionEmailAt,
        lastOpening,
        interview,
        scorecards,
        decisions,
        reminders,
        // The interview kit, once the application is in Interview or has had an interview (decision 087).
        kit: application.status === "interview" || interview ? kit : null,
      };
    },
    { notFound: NOT_FOUND },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const {
    job,
    application,
    feedback,
    thread,
    templates,
    rejectionEmailAt,
    interview,
    lastOpening,
    scorecards,
    decisions,
    reminders,
    kit,
  } = await load(member, params.id ?? "", params.applicationId ?? "");
  const url = new URL(request.url);
  return {
    // Only members who decide may cancel it; the others just see when it goes.
    rejectionEmail: rejectionEmailAt ? { at: rejectionEmailAt, mayCancel: member.role !== "interviewer" } : null,
    feedback,
    interview,
    scorecards,
    // How a decision stood against the scorecards is theirs to read once they may read the scorecards.
    decisions: decisions.map((d) => (scorecards.visible ? d : { ...d, tally: null, againstMost: null })),
    maxWhy: MAX_DECISION_WHY,
    reminders,
    kit,
    mayOffer: member.role !== "interviewer" && !application.candidateDeleted,
    thread: {
      ...thread,
      readOnlyReason: thread.mayWrite || member.role !== "interviewer" ? null : INTERVIEWER_READS_ONLY,
    },
    templates: templates?.map((t) => ({ id: t.id, name: t.name })),
    lastOpening,
    nav: await applicantNavFor(member, job.id, application.id, url),
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
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const where = { jobId };
  const message = {
    form,
    unstorable,
    check: () => checkCompanyWriter(member, applicationId, where),
    notFound: NOT_FOUND,
  };
  if (intent === "message") {
    const query = new URLSearchParams(listQuery(new URL(request.url).searchParams)).toString();
    return answerMessagePost({
      ...message,
      post: (body) => postCompanyMessage(member, applicationId, body, where),
      threadUrl: `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}#messages`,
    });
  }
  if (intent === "preview")
    return answerMessagePreview({
      ...message,
      preview: (body) => previewCompanyMessage(member, applicationId, body, where),
    });
  if (intent === "use-template")
    return answerTemplateUse({
      ...message,
      fill: (templateId) => templateForApplication(member, applicationId, templateId, where),
    });
  if (unstorable.length) refuseForm(400, UNSTORABLE_FORM);
  if (intent === "remind-scorecard")
    try {
      return await withModuleErrors(
        async () => {
          const name = await remindScorecard(member, applicationId, String(form.get("member") ?? ""), where);
          const query = new URLSearchParams(listQuery(new URL(request.url).searchParams)).toString();
          return redirectWithNotice(
            `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}#scorecards`,
            `A reminder of their scorecard is on its way to ${name}.`,
          );
        },
        { notFound: NOT_FOUND, refused: (error, status) => data({ error: error.message }, { status }) },
      );
    } catch (error) {
      if (error instanceof QuotaExceededError)
        return data({ error: error.message }, { status: 429, headers: retryAfter(error) });
      throw error;
    }
  if (intent === "cancel-rejection-email")
    return withModuleErrors(
      async () => {
        await cancelRejectionEmail(member, applicationId, jobId);
        const query = new URLSearchParams(listQuery(new URL(request.url).searchParams)).toString();
        return redirectWithNotice(
          `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}`,
          "The rejection email is cancelled: nothing will be sent.",
        );
      },
      { notFound: NOT_FOUND, refused: (error, status) => data({ error: error.message }, { status }) },
    );
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
  // A move to Offer or Hired records the decision (decision 086): its why is kept on a refusal.
  const why = String(form.get("why") ?? "");
  return withModuleErrors(
    async () => {
      // A rejection is confirmed first, on its own page (after the same access check as a move).
      if (to === "rejected") {
        await applicantsToMove(member, jobId, [applicationId], to);
        return redirect(`/employer/jobs/${jobId}/applications/${applicationId}/reject`);
      }
      // Hired may fill the last opening: the form's close_job box (checked by default) closes the job too.
      const { status, closed } =
        to === "hired"
          ? await hireApplication(member, applicationId, jobId, { closeJob: form.get("close_job") === "on", why })
          : { status: await moveApplication(member, applicationId, to, { jobId, why }), closed: null };
      // Back to this application, keeping the list's stage and sort for Previous/Next.
      const query = new URLSearchParams(listQuery(new URL(request.url).searchParams)).toString();
      return redirectWithNotice(
        `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}`,
        closed ? `${decidedNotice(status)} ${filledNotice(closed.told)}` : decidedNotice(status),
      );
    },
    {
      notFound: NOT_FOUND,
      refused: (error, status) =>
        "why" in error.fieldErrors
          ? data({ error: error.message, whyErrors: [error.message], why }, { status })
          : data({ error: error.message }, { status }),
    },
  );
}

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
  const result = answer && "error" in answer && !("form" in answer) ? answer : null;
  const whyAnswer = result && "whyErrors" in result ? result : null;
  const decides = a.moves.some((m) => m.to === "offer" || m.to === "hired");
  const messageAnswer = answer && "form" in answer ? (answer as MessageActionData) : null;
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`/employer/jobs/${job.id}#applications`} className={`${smallTextLink} w-fit`}>
        ← Back to {job.title}
      </Link>
      <ApplicantNav nav={nav} />
      <FlashNotice />
      {result?.error && !whyAnswer ? <ErrorBox errors={[result.error]} /> : null}
      {rejectionEmail ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg"
        >
          <p className="flex-1">The rejection email to the candidate goes on {rejectionEmail.at}.</p>
          {rejectionEmail.mayCancel ? (
            <IntentButton intent="cancel-rejection-email" pendingLabel="Cancelling...">
              Cancel the rejection email
            </IntentButton>
          ) : null}
        </Form>
      ) : null}
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
          <Form method="post" className="flex flex-wrap items-center gap-2" aria-label="Move this application">
            {a.moves.map((move, i) =>
              move.to === "rejected" ? (
                <ButtonLink key={move.to} to={`/employer/jobs/${job.id}/applications/${a.id}/reject`} variant="danger">
                  {move.label}
                </ButtonLink>
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
                Take your notes in your scorecard
              </Link>{" "}
              (its key take-aways: a draft only you read until you submit).
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
                    className={buttonClass({ size: "sm" })}
                  >
                    View resume
                  </a>
                  <a
                    href={`/resumes/${a.resume.id}?download=1`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
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
            <DecisionHistory decisions={decisions} />
          </Card>
        </aside>
      </div>
      <MessageThreadCard
        messages={thread.messages}
        mayWrite={thread.mayWrite}
        closedReason={thread.closedReason}
        readOnlyReason={thread.readOnlyReason}
        intro={`Between your company and ${a.name}: they read it on their application and get each message by email.`}
        answer={messageAnswer}
        templates={templates}
      />
      <ApplicationFeedback jobId={job.id} applicationId={a.id} notes={feedback.notes} ratings={feedback.ratings} />
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
