// /candidate/applications/{id}: one application as the candidate sent it (the questions as asked,
// their answers, the resume, the status timeline), and Withdraw while the employer has not decided.
// Withdraw asks first: with JavaScript in the page, without it on ?confirm=withdraw (a small page).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { requireRole } from "#modules/identity/index.server.ts";
import { EMPLOYMENT_TYPE_LABELS, labelOf } from "#modules/hiring/index.server.ts";
import { sentApplication, STATUS_MESSAGES, withdrawApplication } from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readForm } from "#lib/forms.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { ErrorBox, IntentButton, Notice } from "#app/components/forms.tsx";
import { Card, CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { StatusTimeline } from "#app/components/applications.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Application: ${data.job.title}` : "Application"} · Hirewise` },
];

const NOT_FOUND = "The application you're looking for could not be found.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const a = await withModuleErrors(() => sentApplication(user.id, params.id ?? ""), { notFound: NOT_FOUND });
  const search = new URL(request.url).searchParams;
  return {
    id: a.id,
    status: a.status,
    message: STATUS_MESSAGES[a.status],
    applied: formatDate(a.appliedAt),
    resume: a.resume,
    history: a.history,
    answers: a.answers,
    withdrawable: a.withdrawable,
    companySite: a.companySite,
    confirming: search.get("confirm") === "withdraw" && a.withdrawable,
    continued: search.get("continued") === "1" && Boolean(a.companySite),
    notice:
      search.get("withdrawn") === "1" && a.status === "withdrawn"
        ? "Your application is withdrawn. The employer sees it as Withdrawn and can no longer read your resume with it."
        : null,
    job: {
      id: a.job.id,
      title: a.job.title,
      companyName: a.job.companyName,
      companyLogo: a.job.companyLogo,
      location: a.job.location,
      employmentType: labelOf(EMPLOYMENT_TYPE_LABELS, a.job.employmentType ?? "FULLTIME") || "Full-time",
      open: a.job.status === "active",
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const form = await readForm(request);
  const id = params.id ?? "";
  if (form.get("intent") !== "withdraw") return redirect(`/candidate/applications/${id}`);
  try {
    await withdrawApplication(user.id, id);
    return redirect(`/candidate/applications/${id}?withdrawn=1`);
  } catch (error) {
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      // Decided meanwhile: the page shows why, with the status as it is now.
      refused: (refusal, status) => data({ refused: refusal.message }, { status }),
    });
  }
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SentApplicationPage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  if (page.confirming && !refused) return <ConfirmWithdraw page={page} />;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to="/candidate/applications" className="w-fit text-sm font-semibold text-brand hover:underline">
        ← My Applications
      </Link>
      <header className="flex items-start gap-4">
        <CompanyMark name={page.job.companyName} logo={page.job.companyLogo} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page.job.title}</h1>
          <p className="mt-1 text-muted">
            {page.job.companyName} · {page.job.location} · {page.job.employmentType}
          </p>
        </div>
      </header>
      {page.notice ? <Notice>{page.notice}</Notice> : null}
      {page.continued && page.companySite ? (
        <div
          role="status"
          className="grid gap-3 rounded-2xl border border-ok-line bg-ok-tint p-5 text-green-950 dark:text-green-100"
        >
          <p className="font-semibold">Saved. Finish your application on {page.job.companyName}'s site.</p>
          <p className="text-sm">
            Copy your answers below and upload your resume there. {page.job.companyName} replies to you directly, not
            through Hirewise.
          </p>
          <a
            href={page.companySite}
            target="_blank"
            rel="noopener"
            className="w-fit rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Continue to {page.job.companyName}'s site <span className="sr-only">(opens in a new tab)</span> ↗
          </a>
        </div>
      ) : null}
      <ErrorBox errors={refused ? [refused] : undefined} />
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={page.status} />
          <span className="text-sm text-muted">Applied {page.applied}</span>
        </div>
        <p className="mt-2 font-medium">{page.message}</p>
        {page.companySite ? (
          <a
            href={page.companySite}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block font-semibold text-brand hover:underline"
          >
            {page.job.companyName}'s site <span className="sr-only">(opens in a new tab)</span> ↗
          </a>
        ) : null}
        <div className="mt-4">
          <h2 className="text-sm font-semibold">Status timeline</h2>
          <div className="mt-2">
            <StatusTimeline history={page.history} label={`Status history for ${page.job.title}`} />
          </div>
        </div>
        {page.withdrawable ? <WithdrawButton page={page} /> : null}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          {page.companySite ? "Your prepared answers" : "Your answers, as sent"}
        </h2>
        {page.answers.length ? (
          <ol className="mt-3 grid gap-4">
            {page.answers.map((a, i) => (
              <li key={i}>
                <p className="font-medium">
                  {i + 1}. {a.question}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-soft">
                  {a.type === "rating" ? `${a.answer} of 5` : a.answer}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-muted">This job asked no screening questions.</p>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Resume</h2>
        {page.resume ? (
          <a
            href={`/resumes/${page.resume.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-block [overflow-wrap:anywhere] font-semibold text-brand hover:underline"
          >
            {page.resume.name} ({page.resume.sizeKb} KB)
          </a>
        ) : (
          <p className="mt-2 text-muted">No resume was sent with this application.</p>
        )}
      </Card>
    </section>
  );
}

/** Withdraw: a link to the confirmation page; with JavaScript the same confirmation opens in place. */
function WithdrawButton({ page }: { page: Page }) {
  const [asking, setAsking] = useState(false);
  const location = useLocation();
  const ask = (event: MouseEvent) => {
    event.preventDefault();
    setAsking(true);
  };
  if (asking) return <WithdrawForm page={page} onCancel={() => setAsking(false)} />;
  return (
    <div className="mt-5 border-t border-subtle pt-4">
      <Link
        to={`${location.pathname}?confirm=withdraw`}
        onClick={ask}
        className="inline-flex items-center rounded-lg border border-danger-line bg-surface px-4 py-2 text-sm font-semibold text-danger hover:bg-danger-tint"
      >
        Withdraw application
      </Link>
    </div>
  );
}

function WithdrawForm({ page, onCancel }: { page: Page; onCancel?: () => void }) {
  return (
    <div className="mt-5 grid gap-3 border-t border-subtle pt-4" role="group" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="text-lg font-semibold">
        Withdraw your application to {page.job.companyName}?
      </h2>
      <p className="text-sm text-soft">
        {page.job.companyName} will see it as Withdrawn and can no longer shortlist it or read your resume with it. This
        can't be undone: to apply again you would need a new application.
      </p>
      <Form method="post" action={`/candidate/applications/${page.id}`} className="flex flex-wrap gap-2">
        <IntentButton intent="withdraw" variant="danger" pendingLabel="Withdrawing...">
          Yes, withdraw
        </IntentButton>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-label hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            Keep it
          </button>
        ) : (
          <Link
            to={`/candidate/applications/${page.id}`}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-label hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            Keep it
          </Link>
        )}
      </Form>
    </div>
  );
}

/** The confirmation as its own small page (JavaScript off, or the link opened directly). */
function ConfirmWithdraw({ page }: { page: Page }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <p className="text-sm text-muted">
          {page.job.title} · Applied {page.applied}
        </p>
        <WithdrawForm page={page} />
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">Application Not Found</h1>
        <p className="mt-3 text-muted">{NOT_FOUND}</p>
        <Link
          to="/candidate/applications"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          My Applications
        </Link>
      </Card>
    </section>
  );
}
