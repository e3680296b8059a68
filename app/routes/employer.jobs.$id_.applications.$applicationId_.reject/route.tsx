// /employer/jobs/{id}/applications/{applicationId}/reject: the confirmation before one applicant is
// marked Not Selected, from the application page or a row of the job's list (`from=list`, with the
// list's show/sort/cursor to return to): "Reject and email the candidate" (with an optional message
// in the email), "Reject without email", or Cancel. It asks for a private reason (a list and a
// note, for the team and the CSV only) and whether the email goes now or in 24 hours (cancellable
// on the application's page until then). After an interview (or a submitted scorecard) the rejection
// is a decision (decision 086): the note is its why, required when most scorecards recommend Yes.
// Only members who decide; anyone else 404.
// "Use template" fills the message with one of the company's templates for this candidate.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { requireMember } from "#app/team.server.ts";
import { randomUUID } from "node:crypto";
import {
  applicantsToMove,
  listTemplates,
  templateForApplication,
  MAX_MOVE_MESSAGE,
  MAX_REJECTION_NOTE,
  moveApplication,
  moveMessageSchema,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  rejectionSchema,
  STATUS_LABELS,
} from "#modules/applications/index.server.ts";
import type { Member } from "#modules/hiring/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { decidedNotice, jobListPath, listQuery } from "#app/pipeline.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { MoveConfirmation } from "#app/components/move-confirmation.tsx";
import { RejectionFields } from "#app/components/rejection-fields.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "review");
  return [{ title: t("reject.title", { name: data?.applicant.name ?? t("reject.titleFallback") }) }];
};

const NOT_FOUND = "The application you're looking for could not be found.";
const NO_REJECTION = { values: { reason: "", note: "", emailTiming: "later" }, errors: {} };

type Params = Pick<URLSearchParams, "get"> | Pick<FormData, "get">;

/** Where Cancel and a done rejection go: the list the member came from, or the application page. */
function backPath(jobId: string, applicationId: string, params: Params, extra: [string, string][] = []): string {
  if (params.get("from") === "list") return jobListPath(jobId, params, extra);
  const query = new URLSearchParams(extra).toString();
  return `/employer/jobs/${jobId}/applications/${applicationId}${query ? `?${query}` : ""}`;
}

async function applicant(member: Member, jobId: string, applicationId: string) {
  const [found] = await withModuleErrors(() => applicantsToMove(member, jobId, [applicationId], "rejected"), {
    notFound: NOT_FOUND,
  });
  if (!found) throw data({ message: NOT_FOUND }, { status: 404 });
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  const found = await applicant(member, jobId, applicationId);
  const url = new URL(request.url);
  return {
    applicant: {
      name: found.candidateName,
      status: found.status,
      canReject: found.canMove && found.status !== "rejected",
    },
    cancelHref: backPath(jobId, applicationId, url.searchParams),
    hidden: [
      ...(url.searchParams.get("from") === "list" ? [["from", "list"] as [string, string]] : []),
      ...listQuery(url.searchParams),
    ],
    statusLabel: STATUS_LABELS[found.status],
    maxMessage: MAX_MOVE_MESSAGE,
    templates: (await listTemplates(member)).map((t) => ({ id: t.id, name: t.name })),
    reasons: REJECTION_REASONS.map((r) => [r, REJECTION_REASON_LABELS[r]] as const),
    maxNote: MAX_REJECTION_NOTE,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const typed = String(form.get("message") ?? "");
  const values = {
    reason: String(form.get("reason") ?? ""),
    note: String(form.get("reasonNote") ?? ""),
    emailTiming: String(form.get("emailTiming") ?? ""),
  };
  const typedRejection = { values, errors: {} };
  // Who may not decide on it learns nothing more than a 404, whatever they sent.
  await applicant(member, jobId, applicationId);
  if (intent === "use-template") {
    const templateId = String(form.get("template") ?? "");
    return withModuleErrors(
      async () => ({
        error: null,
        messageErrors: [],
        message: await templateForApplication(member, applicationId, templateId, { jobId }),
        filled: randomUUID(),
        template: templateId,
      }),
      {
        notFound: NOT_FOUND,
        refused: (error, status) => data({ error: say(error.message), messageErrors: [], message: typed }, { status }),
      },
    );
  }
  if (intent !== "notify" && intent !== "silent")
    return data(
      {
        error: say("Choose Reject and email the candidate, or Reject without email."),
        messageErrors: [],
        message: typed,
        rejection: typedRejection,
      },
      { status: 400 },
    );
  const rejection = rejectionSchema.safeParse(values);
  if (!rejection.success || unstorable.includes("reasonNote")) {
    const issues = rejection.success ? [] : rejection.error.issues;
    const errorsOf = (field: string) => issues.filter((i) => i.path[0] === field).map((i) => say(i.message));
    const errors = {
      reason: errorsOf("reason"),
      note: unstorable.includes("reasonNote") ? [say(UNSTORABLE_FIELD)] : errorsOf("note"),
    };
    return data({ error: null, messageErrors: [], message: typed, rejection: { values, errors } }, { status: 400 });
  }
  const parsed = moveMessageSchema.safeParse(typed);
  const messageError = unstorable.includes("message")
    ? UNSTORABLE_FIELD
    : parsed.success
      ? null
      : parsed.error.issues[0]!.message;
  if (messageError)
    return data(
      { error: null, messageErrors: [say(messageError)], message: typed, rejection: typedRejection },
      { status: 400 },
    );
  const notify = intent === "notify";
  return withModuleErrors(
    async () => {
      await moveApplication(member, applicationId, "rejected", {
        jobId,
        notify,
        message: notify ? parsed.data : undefined,
        rejection: rejection.data,
      });
      return redirectWithNotice(backPath(jobId, applicationId, form), decidedNotice("rejected", notify));
    },
    {
      notFound: NOT_FOUND,
      // After an interview the note is the decision's why (decision 086): a missing one is refused beside it.
      refused: (error, status) =>
        "why" in error.fieldErrors
          ? data(
              {
                error: null,
                messageErrors: [],
                message: typed,
                rejection: { values, errors: { note: [say(error.message)] } },
              },
              { status },
            )
          : data(
              { error: say(error.message), messageErrors: [], message: typed, rejection: typedRejection },
              { status },
            ),
    },
  );
}

export default function RejectApplicantPage() {
  const {
    applicant: a,
    cancelHref,
    hidden,
    statusLabel,
    maxMessage,
    templates,
    reasons,
    maxNote,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("review");
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={cancelHref} className={`${smallTextLink} w-fit`}>
        {t("reject.back")}
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">
          {t("reject.heading", { name: a.name })}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-soft">
          {t("reject.now")} <StatusBadge status={a.status} />
        </p>
        <p className="mt-3 text-soft">
          {a.canReject
            ? t("reject.willMark")
            : a.status === "rejected"
              ? t("reject.already")
              : t("reject.cannot", { status: t(`label.${a.status}`, { ns: "status", defaultValue: statusLabel }) })}
        </p>
        <div className="mt-5">
          <MoveConfirmation
            to="rejected"
            toLabel="Not Selected"
            emailed
            count={1}
            hidden={hidden}
            cancelHref={cancelHref}
            message={result?.message ?? ""}
            messageErrors={result?.messageErrors}
            error={result?.error ?? null}
            maxMessage={maxMessage}
            allowed={a.canReject}
            templates={templates}
            filled={result && "filled" in result ? result.filled : undefined}
            template={result && "template" in result ? result.template : undefined}
            fields={
              <RejectionFields
                reasons={reasons}
                maxNote={maxNote}
                {...(result && "rejection" in result ? result.rejection : NO_REJECTION)}
              />
            }
          />
        </div>
      </Card>
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
