// /employer/jobs/{id}/move: several of a job's applicants moved to one stage at once. The job
// page's list posts the chosen `ids` and the stage `to` (with its show/sort/cursor to come back
// to): the first POST answers with this confirmation page naming them; the POST with `confirm=yes`
// moves them all or none (modules/applications/moves.ts) and goes back to the list with a notice.
// A rejection offers "without email", a message, a private reason and when the email goes, as one
// rejection does (decision 073). "Use template" puts one of the company's templates in the message,
// its placeholders filled in for each candidate when the emails go, with a preview for the first.
// A move to Offer or Hired (or a rejection after an interview) records the decision with one why
// for all (decision 086); when any of them goes against most scorecards, a move without one is
// refused beside the field, naming those applicants, and nothing moves.
// Only members who decide; anyone else 404. A GET has nothing to confirm and links back to the job.
import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator, type Language } from "#locales/index.ts";
import { requireMember } from "#app/team.server.ts";
import {
  applicantsToMove,
  fillForApplication,
  findTemplate,
  hasPlaceholders,
  isEmailed,
  listTemplates,
  MAX_BULK_MOVE,
  MAX_MOVE_MESSAGE,
  moveApplications,
  moveMessageSchema,
  MAX_REJECTION_NOTE,
  MAX_DECISION_WHY,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  rejectionSchema,
  STATUS_LABELS,
  type ApplicantToMove,
  type ApplicationStatus,
} from "#modules/applications/index.server.ts";
import { isNotFound, withModuleErrors } from "#app/module-errors.server.ts";
import { jobListPath, listQuery, movedNotice } from "#app/pipeline.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { MoveConfirmation } from "#app/components/move-confirmation.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { RejectionFields, type RejectionFieldsData } from "#app/components/rejection-fields.tsx";
import type { TemplateChoice } from "#app/components/application-messages.tsx";
import { DecisionWhy } from "#app/components/decision-why.tsx";
import type { Member } from "#modules/hiring/index.server.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "review")("bulk.title") },
];

const NOT_FOUND = "The job or applications you're looking for could not be found.";

// The page is the action's answer; the loader (also run to render it) only checks who is asking
// and, for a GET, gives the way back, as there is nothing to confirm.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  await withModuleErrors(() => applicantsToMove(member, jobId, [], "rejected"), { notFound: NOT_FOUND });
  return { back: jobListPath(jobId, new URL(request.url).searchParams) };
}

interface Page {
  to: string;
  toLabel: string;
  emailed: boolean;
  applicants: (ApplicantToMove & { statusLabel: string })[];
  hidden: [string, string][];
  cancelHref: string;
  message: string;
  messageErrors: string[];
  error: string | null;
  allowed: boolean;
  maxMessage: number;
  rejection: RejectionFieldsData;
  /** A move to Offer or Hired: one why for all of them (decision 086). */
  why: string;
  whyErrors: string[];
  maxWhy: number;
  templates?: TemplateChoice[];
  filled?: string;
  template?: string;
  preview?: { title: string; text: string } | null;
}

const REJECTION_FIELDS = {
  reasons: REJECTION_REASONS.map((r) => [r, REJECTION_REASON_LABELS[r]] as const),
  maxNote: MAX_REJECTION_NOTE,
};

/** The refusals in `over` in the page's language (the modules and this action word them in English). */
function translated(over: Partial<Page>, say: (message: string) => string): Partial<Page> {
  const out: Partial<Page> = {};
  if (over.error) out.error = say(over.error);
  if (over.messageErrors) out.messageErrors = over.messageErrors.map(say);
  if (over.whyErrors) out.whyErrors = over.whyErrors.map(say);
  if (over.rejection) {
    const { reason, note } = over.rejection.errors;
    out.rejection = { ...over.rejection, errors: { reason: reason?.map(say), note: note?.map(say) } };
  }
  return out;
}

const isStatus = (value: string): value is ApplicationStatus => value in STATUS_LABELS;

/** The message as the first chosen candidate will read it, when it has placeholders to fill. */
async function previewFor(
  member: Member,
  jobId: string,
  first: ApplicantToMove | undefined,
  text: string,
  language: Language,
) {
  if (!first || !hasPlaceholders(text)) return null;
  const filled = await fillForApplication(member, first.id, text, { jobId }).catch(() => null);
  const title = translator(language, "review")("thread.previewFor", { name: first.candidateName });
  return filled === null ? null : { title, text: filled };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const jobId = params.id ?? "";
  const { form, unstorable } = await readTextForm(request);
  const ids = form.getAll("ids").map(String);
  const to = String(form.get("to") ?? "");
  const typed = String(form.get("message") ?? "");
  const why = String(form.get("why") ?? "");
  const rejectionValues = {
    reason: String(form.get("reason") ?? ""),
    note: String(form.get("reasonNote") ?? ""),
    emailTiming: String(form.get("emailTiming") ?? ""),
  };
  const cancelHref = jobListPath(jobId, form);
  const page = (over: Partial<Page>, status = 200) =>
    data(
      {
        to,
        toLabel: isStatus(to) ? STATUS_LABELS[to] : to,
        emailed: isStatus(to) && isEmailed(to),
        applicants: [],
        hidden: [
          ...ids.map((id) => ["ids", id] as [string, string]),
          ["to", to] as [string, string],
          ...listQuery(form),
          ["confirm", "yes"] as [string, string],
        ],
        cancelHref,
        message: typed,
        messageErrors: [],
        error: null,
        allowed: false,
        maxMessage: MAX_MOVE_MESSAGE,
        rejection: { ...REJECTION_FIELDS, values: rejectionValues, errors: {} },
        why,
        whyErrors: [],
        maxWhy: MAX_DECISION_WHY,
        ...over,
        ...translated(over, say),
      } satisfies Page,
      { status },
    );
  // Who may not decide on this job learns nothing more than a 404, whatever they sent.
  await withModuleErrors(() => applicantsToMove(member, jobId, [], "rejected"), { notFound: NOT_FOUND });
  if (!isStatus(to)) return page({ error: "Choose a stage to move the applicants to." }, 400);
  if (!ids.length) return page({ error: "Choose at least one applicant to move." }, 400);
  if (ids.length > MAX_BULK_MOVE)
    return page({ error: `You can move up to ${MAX_BULK_MOVE} applicants at once: you chose ${ids.length}.` }, 400);
  const found = await withModuleErrors(() => applicantsToMove(member, jobId, ids, to), {
    notFound: NOT_FOUND,
    refused: () => null,
  });
  if (!found) return page({ error: "Choose a stage to move the applicants to." }, 400);
  const applicants = found.map((a) => ({ ...a, statusLabel: STATUS_LABELS[a.status] }));
  const deleted = applicants.filter((a) => a.deleted).length;
  if (deleted) {
    const who = deleted === 1 ? "1 of the chosen applicants" : `${deleted} of the chosen applicants`;
    return page(
      { applicants, error: `${who} deleted their account and can't be moved. Go back and choose again.` },
      409,
    );
  }
  const stuck = applicants.filter((a) => !a.canMove).length;
  if (stuck) {
    const who = stuck === 1 ? "1 of the chosen applicants can't" : `${stuck} of the chosen applicants can't`;
    return page(
      { applicants, error: `${who} move to ${STATUS_LABELS[to]} from where they are now. Go back and choose again.` },
      409,
    );
  }
  const intent = String(form.get("intent") ?? "notify");
  const templates = isEmailed(to) ? (await listTemplates(member)).map((t) => ({ id: t.id, name: t.name })) : [];
  if (intent === "use-template") {
    const template = await findTemplate(member, String(form.get("template") ?? "")).catch((error: unknown) =>
      isNotFound(error) ? null : Promise.reject(error),
    );
    if (!template)
      return page({ applicants, allowed: true, templates, error: "That template could not be found." }, 404);
    const preview = await previewFor(member, jobId, applicants[0], template.body, language);
    return page({
      applicants,
      allowed: true,
      templates,
      message: template.body,
      filled: randomUUID(),
      template: template.id,
      preview,
    });
  }
  const preview = await previewFor(member, jobId, applicants[0], typed, language);
  const confirming = { applicants, allowed: true, templates, preview };
  if (form.get("confirm") !== "yes") return page(confirming);

  const parsed = moveMessageSchema.safeParse(typed);
  const messageError = unstorable.includes("message")
    ? UNSTORABLE_FIELD
    : parsed.success
      ? null
      : parsed.error.issues[0]!.message;
  if (messageError) return page({ ...confirming, messageErrors: [messageError] }, 400);
  const rejection = to === "rejected" ? rejectionSchema.safeParse(rejectionValues) : null;
  if (rejection && (!rejection.success || unstorable.includes("reasonNote"))) {
    const issues = rejection.success ? [] : rejection.error.issues;
    const errorsOf = (field: string) => issues.filter((i) => i.path[0] === field).map((i) => i.message);
    const errors = {
      reason: errorsOf("reason"),
      note: unstorable.includes("reasonNote") ? [UNSTORABLE_FIELD] : errorsOf("note"),
    };
    return page({ ...confirming, rejection: { ...REJECTION_FIELDS, values: rejectionValues, errors } }, 400);
  }
  if (unstorable.includes("why")) return page({ ...confirming, whyErrors: [UNSTORABLE_FIELD] }, 400);
  const notify = intent !== "silent";
  return withModuleErrors(
    async () => {
      const { moved } = await moveApplications(member, jobId, ids, to, {
        notify,
        message: notify ? parsed.data : undefined,
        rejection: rejection?.data,
        why: to === "rejected" ? undefined : why,
      });
      // moveApplications refused any `to` that is not a stage.
      return redirectWithNotice(jobListPath(jobId, form), movedNotice(moved, to as ApplicationStatus, notify));
    },
    {
      notFound: NOT_FOUND,
      // A decision against most scorecards without a why (decision 086): asked beside the field, all kept.
      refused: (error, status) =>
        !("why" in error.fieldErrors)
          ? page({ applicants, allowed: false, error: error.message }, status)
          : to === "rejected"
            ? page(
                {
                  ...confirming,
                  rejection: { ...REJECTION_FIELDS, values: rejectionValues, errors: { note: [error.message] } },
                },
                status,
              )
            : page({ ...confirming, whyErrors: [error.message] }, status),
    },
  );
}

export default function MoveApplicantsPage() {
  const page = useActionData<typeof action>();
  const { back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  if (!page) {
    return (
      <section className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">{t("bulk.heading")}</h1>
        <p className="text-soft">{t("bulk.chooseFirst")}</p>
        <Link to={back} className="w-fit font-semibold text-brand hover:underline">
          {t("bulk.back")}
        </Link>
      </section>
    );
  }
  const count = page.applicants.length;
  const stage = t(`label.${page.to}`, { ns: "status", defaultValue: page.toLabel });
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={page.cancelHref} className={`${smallTextLink} w-fit`}>
        {t("bulk.back")}
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">
          {page.to === "rejected" ? t("bulk.reject", { count }) : t("bulk.move", { count, stage })}
        </h1>
        {count ? (
          <ul className="mt-4 divide-y divide-subtle" aria-label={t("bulk.chosen")}>
            {page.applicants.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{a.candidateName}</span>
                <span className="flex items-center gap-2 text-sm text-muted">
                  <StatusBadge status={a.status} />
                  {a.canMove ? null : (
                    <span className="font-semibold text-danger">{t("bulk.cantMove", { stage })}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-5">
          <MoveConfirmation
            to={page.to}
            toLabel={page.toLabel}
            emailed={page.emailed}
            count={count}
            hidden={page.hidden}
            cancelHref={page.cancelHref}
            message={page.message}
            messageErrors={page.messageErrors}
            error={page.error}
            maxMessage={page.maxMessage}
            allowed={page.allowed}
            templates={page.templates}
            filled={page.filled}
            template={page.template}
            preview={page.preview}
            fields={
              page.to === "rejected" ? (
                <RejectionFields {...page.rejection} />
              ) : page.to === "offer" || page.to === "hired" ? (
                <DecisionWhy values={page.why} errors={page.whyErrors} max={page.maxWhy} />
              ) : undefined
            }
          />
        </div>
      </Card>
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
