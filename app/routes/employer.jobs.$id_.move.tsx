// /employer/jobs/{id}/move: several of a job's applicants moved to one stage at once. The job
// page's list posts the chosen `ids` and the stage `to` (with its show/sort/cursor to come back
// to): the first POST answers with this confirmation page naming them; the POST with `confirm=yes`
// moves them all or none (modules/applications/moves.ts) and goes back to the list with a notice.
// A rejection offers "without email" and a message, as one rejection does. Only members who
// decide; anyone else 404. A GET has nothing to confirm and links back to the job.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  applicantsToMove,
  isEmailed,
  MAX_BULK_MOVE,
  MAX_MOVE_MESSAGE,
  moveApplications,
  moveMessageSchema,
  STATUS_LABELS,
  type ApplicantToMove,
  type ApplicationStatus,
} from "#modules/applications/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { jobListPath, listQuery } from "#app/pipeline.server.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { MoveConfirmation } from "#app/components/move-confirmation.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";

export const meta: MetaFunction = () => [{ title: "Move applicants · Hirewise" }];

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
}

const isStatus = (value: string): value is ApplicationStatus => value in STATUS_LABELS;

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const { form, unstorable } = await readTextForm(request);
  const ids = form.getAll("ids").map(String);
  const to = String(form.get("to") ?? "");
  const typed = String(form.get("message") ?? "");
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
        ...over,
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
  if (form.get("confirm") !== "yes") return page({ applicants, allowed: true });

  const intent = String(form.get("intent") ?? "notify");
  const parsed = moveMessageSchema.safeParse(typed);
  const messageError = unstorable.includes("message")
    ? UNSTORABLE_FIELD
    : parsed.success
      ? null
      : parsed.error.issues[0]!.message;
  if (messageError) return page({ applicants, allowed: true, messageErrors: [messageError] }, 400);
  const notify = intent !== "silent";
  return withModuleErrors(
    async () => {
      const { moved } = await moveApplications(member, jobId, ids, to, {
        notify,
        message: notify ? parsed.data : undefined,
      });
      return redirect(
        jobListPath(jobId, form, [
          ["moved", String(moved)],
          ["stage", to],
          ...(notify ? [] : ([["email", "0"]] as [string, string][])),
        ]),
      );
    },
    {
      notFound: NOT_FOUND,
      refused: (error, status) => page({ applicants, allowed: false, error: error.message }, status),
    },
  );
}

export default function MoveApplicantsPage() {
  const page = useActionData<typeof action>();
  const { back } = useLoaderData<typeof loader>();
  if (!page) {
    return (
      <section className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">Move applicants</h1>
        <p className="text-soft">Choose applicants on the job&apos;s list first, then the stage to move them to.</p>
        <Link to={back} className="w-fit font-semibold text-brand hover:underline">
          ← Back to the applicants
        </Link>
      </section>
    );
  }
  const count = page.applicants.length;
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={page.cancelHref} className="w-fit text-sm font-semibold text-brand hover:underline">
        ← Back to the applicants
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">
          {page.to === "rejected"
            ? `Reject ${count === 1 ? "1 applicant" : `${count} applicants`}?`
            : `Move ${count === 1 ? "1 applicant" : `${count} applicants`} to ${page.toLabel}?`}
        </h1>
        {count ? (
          <ul className="mt-4 divide-y divide-subtle" aria-label="Chosen applicants">
            {page.applicants.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{a.candidateName}</span>
                <span className="flex items-center gap-2 text-sm text-muted">
                  <StatusBadge status={a.status} />
                  {a.canMove ? null : (
                    <span className="font-semibold text-danger">can&apos;t move to {page.toLabel}</span>
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
          />
        </div>
      </Card>
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
