// The top of an employer's job: back link, notices, title with status and actions, and the tabs
// "Applicants (N)", "Details", "Scorecard" and "Interview kits" (each its own page, so both work without JavaScript).
import { Form, Link } from "@remix-run/react";
import type { JobAction } from "#modules/hiring/browser.ts";
import { CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { FormError, IntentButton } from "#app/components/forms.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { useTranslation } from "react-i18next";

export interface JobPageHeaderData {
  id: string;
  title: string;
  status: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  posted: string;
  /** "Feb 1, 2027" while the job is open. */
  closes: string | null;
  applications: { total: number };
  actions: string[];
  mayEdit: boolean;
  hasUnsavedEdits: boolean;
  /** Applicants still waiting whom Close or Archive can tell (the checkbox shows when there are any). */
  undecided: number;
}

// Catalogue keys in `employerJob.header`.
const ACTION_BUTTONS: Record<
  Exclude<JobAction, "publish">,
  { label: string; pending: string; variant: "secondary" | "danger" }
> = {
  close: { label: "close", pending: "closing", variant: "danger" },
  reopen: { label: "reopen", pending: "reopening", variant: "secondary" },
  archive: { label: "archive", pending: "archiving", variant: "secondary" },
};

export function JobPageHeader({
  job,
  error,
  tab,
}: {
  job: JobPageHeaderData;
  error?: { error: string; upgradeUrl?: string | null } | null;
  tab: "applicants" | "details" | "scorecard" | "kits";
}) {
  const { t } = useTranslation("employerJob", { keyPrefix: "header" });
  const total = job.applications.total;
  return (
    <>
      <Link to="/employer/dashboard" className={`${smallTextLink} w-fit`}>
        {t("back")}
      </Link>
      <FlashNotice />
      <FormError message={error?.error ?? null} upgradeUrl={error?.upgradeUrl} />

      <header className="flex flex-wrap items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} size="size-14" />
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="[overflow-wrap:anywhere] text-2xl font-bold tracking-tight sm:text-3xl">{job.title}</h1>
            <StatusBadge status={job.status} />
          </div>
          <p className="mt-2 text-muted">
            {job.companyName} · {job.location} · {t("posted", { date: job.posted })}
            {job.closes ? t("closes", { date: job.closes }) : ""} · {t("applications", { count: total })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {job.mayEdit ? (
            <ButtonLink to={`/employer/jobs/${job.id}/edit?step=1`}>
              {job.hasUnsavedEdits ? t("continueEditing") : t("edit")}
            </ButtonLink>
          ) : null}
          {job.actions.length ? (
            <Form method="post" className="flex flex-wrap items-center gap-2">
              {job.undecided > 0 && (job.actions.includes("close") || job.actions.includes("archive")) ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="tell" value="on" defaultChecked />
                  {t("tell", { count: job.undecided })}
                </label>
              ) : null}
              {job.actions.map((a) => {
                const button = ACTION_BUTTONS[a as keyof typeof ACTION_BUTTONS];
                return (
                  <IntentButton key={a} intent={a} variant={button.variant} pendingLabel={t(button.pending)}>
                    {t(button.label)}
                  </IntentButton>
                );
              })}
            </Form>
          ) : null}
        </div>
      </header>
      {job.hasUnsavedEdits ? (
        <p className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg">
          {t("unsavedEdits")}
        </p>
      ) : null}

      <nav aria-label={t("sections")} className="flex gap-0.5 border-b border-subtle sm:gap-1">
        {(
          [
            ["applicants", `/employer/jobs/${job.id}`, t("applicants", { count: total })],
            ["details", `/employer/jobs/${job.id}/details`, t("details")],
            ["scorecard", `/employer/jobs/${job.id}/scorecard`, t("scorecard")],
            // "Kits" where the four tabs must fit 320 px.
            [
              "kits",
              `/employer/jobs/${job.id}/kits`,
              <>
                <span className="sm:hidden">{t("kitsShort")}</span>
                <span className="hidden sm:inline">{t("kits")}</span>
              </>,
            ],
          ] as const
        ).map(([key, to, label]) => (
          <Link
            key={key}
            to={to}
            aria-current={tab === key ? "page" : undefined}
            className={`-mb-px border-b-2 px-1.5 py-2 text-sm font-semibold sm:px-4 ${
              tab === key
                ? "border-brand-mark text-brand-ink"
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
