// The top of an employer's job: back link, notices, title with status and actions, and the tabs
// "Applicants (N)" and "Details" (each its own page, so both work without JavaScript).
import { Form, Link } from "@remix-run/react";
import type { JobAction } from "#modules/hiring/browser.ts";
import { CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { FormError, IntentButton, Notice } from "#app/components/forms.tsx";

export interface JobPageHeaderData {
  id: string;
  title: string;
  status: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  posted: string;
  applications: { total: number };
  actions: string[];
  mayEdit: boolean;
  hasUnsavedEdits: boolean;
}

const ACTION_BUTTONS: Record<
  Exclude<JobAction, "publish">,
  { label: string; pending: string; variant: "secondary" | "danger" }
> = {
  close: { label: "Close Job", pending: "Closing...", variant: "danger" },
  reopen: { label: "Reopen Job", pending: "Reopening...", variant: "secondary" },
  archive: { label: "Archive", pending: "Archiving...", variant: "secondary" },
};

export function JobPageHeader({
  job,
  notice,
  error,
  tab,
}: {
  job: JobPageHeaderData;
  notice: string | null;
  error?: { error: string; upgradeUrl?: string | null } | null;
  tab: "applicants" | "details";
}) {
  const total = job.applications.total;
  return (
    <>
      <Link to="/employer/dashboard" className="w-fit text-sm font-semibold text-brand hover:underline">
        ← Back to Dashboard
      </Link>
      {notice ? <Notice>{notice}</Notice> : null}
      <FormError message={error?.error ?? null} upgradeUrl={error?.upgradeUrl} />

      <header className="flex flex-wrap items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} size="size-14" />
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="[overflow-wrap:anywhere] text-2xl font-bold tracking-tight sm:text-3xl">{job.title}</h1>
            <StatusBadge status={job.status} />
          </div>
          <p className="mt-2 text-muted">
            {job.companyName} · {job.location} · Posted {job.posted} · {total}{" "}
            {total === 1 ? "application" : "applications"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {job.mayEdit ? (
            <Link
              to={`/employer/jobs/${job.id}/edit?step=1`}
              className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {job.hasUnsavedEdits ? "Continue editing" : "Edit"}
            </Link>
          ) : null}
          {job.actions.length ? (
            <Form method="post" className="flex flex-wrap gap-2">
              {job.actions.map((a) => {
                const button = ACTION_BUTTONS[a as keyof typeof ACTION_BUTTONS];
                return (
                  <IntentButton key={a} intent={a} variant={button.variant} pendingLabel={button.pending}>
                    {button.label}
                  </IntentButton>
                );
              })}
            </Form>
          ) : null}
        </div>
      </header>
      {job.hasUnsavedEdits ? (
        <p className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg">
          You have unsaved edits to this job. Candidates see the job as it was published until you save them.
        </p>
      ) : null}

      <nav aria-label="Job sections" className="flex gap-1 border-b border-subtle">
        {(
          [
            ["applicants", `/employer/jobs/${job.id}`, `Applicants (${total})`],
            ["details", `/employer/jobs/${job.id}/details`, "Details"],
          ] as const
        ).map(([key, to, label]) => (
          <Link
            key={key}
            to={to}
            aria-current={tab === key ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              tab === key
                ? "border-brand-600 text-brand-800 dark:border-brand-300 dark:text-brand-200"
                : "border-transparent text-muted hover:border-slate-300 hover:text-fg"
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
    </>
  );
}
