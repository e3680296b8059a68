// The application page's loader and action (route.tsx beside it renders): what the page reads, and
// what each of its buttons does, each answered as the page expects.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
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
import { applicationFeedback } from "#app/application-feedback.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translateMessage, translator, type Language } from "#locales/index.ts";
import { formatZoned } from "#lib/zoned-time.ts";
import type { InterviewView } from "#modules/interviews/index.server.ts";
import { readTextForm, refuseForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { answerMessagePost, answerMessagePreview, answerTemplateUse } from "#app/application-messages.server.ts";

import { applicantNavFor } from "#app/job-page.server.ts";
import { applicationKit, companyInterview } from "#modules/interviews/index.server.ts";

/** Back to this application, keeping the list's stage and sort for Previous and Next. */
function hereUrl(request: Request, jobId: string, applicationId: string, anchor = "") {
  const query = new URLSearchParams(listQuery(new URL(request.url).searchParams)).toString();
  return `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}${anchor}`;
}

const NOT_FOUND = "The application you're looking for could not be found.";

/**
 * A time the modules write in US English ("Nov 24, 2026, 2:05 PM GMT+1"), in `language`'s locale
 * instead, in the same zone and parts. English keeps the module's own words.
 */
function timeIn(language: Language, timeZone: string) {
  if (language === DEFAULT_LANGUAGE) return null;
  const options = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], { ...options, timeZone, timeZoneName: "short" });
  } catch {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], { ...options, timeZone: "UTC", timeZoneName: "short" });
  }
  return (iso: string) => format.format(new Date(iso));
}

/** The interview's times labelled in `language` (the module labels them in US English). */
function interviewIn<T extends InterviewView>(interview: T | null, language: Language): T | null {
  if (!interview || language === DEFAULT_LANGUAGE) return interview;
  const locale = INTL_LOCALES[language];
  const relabel = (slot: InterviewView["options"][number]) => ({
    ...slot,
    label: formatZoned(new Date(slot.startsAt), interview.timeZone, locale),
  });
  return {
    ...interview,
    booked: interview.booked && relabel(interview.booked),
    options: interview.options.map(relabel),
  };
}

function load(member: Member, jobId: string, applicationId: string, language: Language) {
  return withModuleErrors(
    async () => {
      const job = await employerJob(member, jobId);
      const application = await openApplication(member, applicationId, job.id);
      const [feedback, thread, rejectionEmailAt, interview, scorecards, decisions, reminders, kit] = await Promise.all([
        applicationFeedback(member, application.id, job.id, language),
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

export async function applicationLoader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const categories = translator(language, "apply");
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
  } = await load(member, params.id ?? "", params.applicationId ?? "", language);
  const url = new URL(request.url);
  const time = timeIn(language, member.timeZone);
  return {
    // Only members who decide may cancel it; the others just see when it goes.
    rejectionEmail: rejectionEmailAt ? { at: rejectionEmailAt, mayCancel: member.role !== "interviewer" } : null,
    feedback: {
      notes: time ? feedback.notes.map((n) => ({ ...n, when: time(n.createdAt) })) : feedback.notes,
      ratings: feedback.ratings,
    },
    interview: interviewIn(interview, language),
    scorecards,
    // How a decision stood against the scorecards is theirs to read once they may read the scorecards.
    decisions: decisions.map((d) =>
      scorecards.visible ? { ...d, tally: d.tally && say(d.tally) } : { ...d, tally: null, againstMost: null },
    ),
    maxWhy: MAX_DECISION_WHY,
    reminders,
    kit,
    mayOffer: member.role !== "interviewer" && !application.candidateDeleted,
    thread: {
      ...thread,
      messages: time ? thread.messages.map((m) => ({ ...m, when: time(m.createdAt) })) : thread.messages,
      closedReason: thread.closedReason && say(thread.closedReason),
      readOnlyReason: thread.mayWrite || member.role !== "interviewer" ? null : say(INTERVIEWER_READS_ONLY),
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
      applied: formatDate(application.appliedAt, INTL_LOCALES[language]),
      moves: application.moves.map((to) => ({ to, label: MOVE_LABELS[to] })),
      resume: application.resume,
      history: application.history,
      score: application.score,
      answers: application.answers.map((a) => ({
        question: a.question,
        category: categories(`questions.categories.${a.category}`, {
          defaultValue: labelOf(QUESTION_CATEGORY_LABELS, a.category),
        }),
        answer: a.type === "rating" && a.rating ? `${a.rating}/5` : a.answer,
      })),
    },
  };
}

export async function applicationAction({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
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
    say,
  };
  if (intent === "message") {
    return answerMessagePost({
      ...message,
      post: (body) => postCompanyMessage(member, applicationId, body, where),
      threadUrl: hereUrl(request, jobId, applicationId, "#messages"),
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
          return redirectWithNotice(
            hereUrl(request, jobId, applicationId, "#scorecards"),
            `A reminder of their scorecard is on its way to ${name}.`,
          );
        },
        { notFound: NOT_FOUND, refused: (error, status) => data({ error: say(error.message) }, { status }) },
      );
    } catch (error) {
      if (error instanceof QuotaExceededError)
        return data({ error: say(error.message) }, { status: 429, headers: retryAfter(error) });
      throw error;
    }
  if (intent === "cancel-rejection-email")
    return withModuleErrors(
      async () => {
        await cancelRejectionEmail(member, applicationId, jobId);
        return redirectWithNotice(
          hereUrl(request, jobId, applicationId),
          "The rejection email is cancelled: nothing will be sent.",
        );
      },
      { notFound: NOT_FOUND, refused: (error, status) => data({ error: say(error.message) }, { status }) },
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
  if (!to) return data({ error: say("Choose where to move the application.") }, { status: 400 });
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
      return redirectWithNotice(
        hereUrl(request, jobId, applicationId),
        closed ? `${decidedNotice(status)} ${filledNotice(closed.told)}` : decidedNotice(status),
      );
    },
    {
      notFound: NOT_FOUND,
      refused: (error, status) =>
        "why" in error.fieldErrors
          ? data({ error: say(error.message), whyErrors: [say(error.message)], why }, { status })
          : data({ error: say(error.message) }, { status }),
    },
  );
}
