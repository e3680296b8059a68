// /candidate/applications (My Applications): counts by status and every application, newest first,
// with its job, status message and timeline.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRole } from "#modules/identity/index.server.ts";
import { EMPLOYMENT_TYPE_LABELS, labelOf } from "#modules/hiring/index.server.ts";
import { candidateHistory, STATUS_MESSAGES } from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { INTL_LOCALES, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { Notice } from "#app/components/forms.tsx";
import { Card, CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { StatusTimeline } from "#app/components/applications.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "My Applications · Hirewise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const history = await candidateHistory(user.id);
  const language = await pageLanguage(request, context);
  const locale = INTL_LOCALES[language];
  const t = translator(language, "myApplications");
  const jobs = translator(language, "jobs");
  return {
    title: t("title"),
    submitted: new URL(request.url).searchParams.get("submitted") === "1",
    counts: history.counts,
    applications: history.applications.map((a) => ({
      id: a.id,
      status: a.status,
      message: t(`message.${a.status}`, { defaultValue: STATUS_MESSAGES[a.status] }),
      applied: formatDate(a.appliedAt, locale),
      updated: formatDate(a.updatedAt, locale),
      jobClosed: a.jobClosedAt ? formatDate(a.jobClosedAt, locale) : null,
      resume: a.resume,
      history: a.history,
      job: {
        id: a.job.id,
        title: a.job.title,
        companyName: a.job.companyName,
        companyLogo: a.job.companyLogo,
        location: a.job.location,
        employmentType: jobs(`vocab.employmentType.${a.job.employmentType ?? "FULLTIME"}`, {
          defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, a.job.employmentType ?? "FULLTIME") || "Full-time",
        }),
        description: a.job.description,
        open: a.job.status === "active",
      },
      companySite: a.status === "applied_external" ? a.job.applyLink : null,
    })),
  };
}

const COUNTERS = ["total", "submitted", "reviewed", "shortlisted", "interview", "offer", "hired", "rejected"] as const;

const MESSAGE_TONE: Record<string, string> = {
  shortlisted: "text-ok",
  interview: "text-violet-800 dark:text-violet-300",
  offer: "text-teal-800 dark:text-teal-300",
  hired: "text-ok",
  rejected: "text-red-800 dark:text-red-300",
  reviewed: "text-yellow-900 dark:text-yellow-200",
  submitted: "text-blue-800 dark:text-blue-300",
  withdrawn: "text-soft",
  applied_external: "text-brand-ink",
};

export default function MyApplications() {
  const { counts, applications, submitted } = useLoaderData<typeof loader>();
  // Only the notice after sending is translated so far; the rest of the page is English still.
  const { t } = useTranslation("myApplications");
  const apply = useTranslation("apply").t;
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 text-muted">{t("lead")}</p>
      </div>
      {submitted ? <Notice>{apply("sent.submitted")}</Notice> : null}

      {/* On a phone the eight counters are one compact card of label–number rows; wider, tiles in rows of four. */}
      <dl className="grid grid-cols-2 gap-x-5 gap-y-1 rounded-2xl border border-subtle bg-surface px-4 py-3 shadow-sm sm:grid-cols-4 sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none">
        {COUNTERS.map((key) => (
          <div
            key={key}
            className="flex items-baseline justify-between gap-2 sm:block sm:rounded-2xl sm:border sm:border-subtle sm:bg-surface sm:p-4 sm:shadow-sm"
          >
            <dt className="min-w-0 text-sm text-muted hyphens-auto [overflow-wrap:anywhere]">{t(`counters.${key}`)}</dt>
            <dd className="font-bold tabular-nums sm:mt-1 sm:text-2xl">{counts[key]}</dd>
          </div>
        ))}
      </dl>

      {applications.length === 0 ? (
        <Card className="text-center">
          <h2 className="text-xl font-semibold">{t("emptyTitle")}</h2>
          <p className="mt-2 text-muted">{t("emptyBody")}</p>
          <ButtonLink to="/candidate/jobs" size="lg" className="mt-5">
            {t("browse")}
          </ButtonLink>
        </Card>
      ) : (
        <>
          <h2 className="text-xl font-semibold">{t("history")}</h2>
          <ul className="grid gap-4">
            {applications.map((a) => (
              <li key={a.id}>
                <Card>
                  <article aria-label={a.job.title} className="grid gap-4 sm:grid-cols-[1fr_auto]">
                    <div className="flex min-w-0 gap-4">
                      <CompanyMark name={a.job.companyName} logo={a.job.companyLogo} />
                      <div className="min-w-0">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 className="text-lg font-semibold">{a.job.title}</h3>
                          <StatusBadge status={a.status} />
                        </div>
                        <p className="text-sm text-muted">
                          {a.job.companyName} · {a.job.location} · {t("applied", { date: a.applied })} ·{" "}
                          {a.job.employmentType}
                        </p>
                        <p className="mt-2 line-clamp-2 text-sm text-soft">{a.job.description}</p>
                        <p className={`mt-2 font-medium ${MESSAGE_TONE[a.status] ?? ""}`}>{a.message}</p>
                        {a.jobClosed ? (
                          <p className="mt-1 text-sm font-medium text-soft">{t("closedOn", { date: a.jobClosed })}</p>
                        ) : null}
                        <p className="mt-1 text-xs text-muted">{t("updated", { date: a.updated })}</p>
                        <details className="mt-3">
                          <summary className="cursor-pointer text-sm font-semibold text-brand">{t("timeline")}</summary>
                          <div className="mt-3">
                            <StatusTimeline history={a.history} label={t("timelineOf", { title: a.job.title })} />
                          </div>
                        </details>
                      </div>
                    </div>
                    <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-stretch">
                      <ButtonLink
                        to={`/candidate/applications/${a.id}`}
                        aria-label={t("viewLabel", { title: a.job.title })}
                        variant="secondary"
                      >
                        {t("view")}
                      </ButtonLink>
                      {a.companySite ? (
                        <a
                          href={a.companySite}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClass({ variant: "secondary" })}
                        >
                          {t("companySite", { company: a.job.companyName })}{" "}
                          <span className="sr-only">{t("newTab")}</span> ↗
                        </a>
                      ) : null}
                      {a.job.open ? (
                        <ButtonLink to={`/candidate/jobs/${a.job.id}`}>{t("viewJob")}</ButtonLink>
                      ) : (
                        <span className="rounded-lg border border-line px-4 py-2 text-center text-sm text-muted">
                          {t("jobClosed")}
                        </span>
                      )}
                      {a.resume ? (
                        <a
                          href={`/resumes/${a.resume.id}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClass({ variant: "secondary" })}
                        >
                          {t("viewResume")}
                        </a>
                      ) : null}
                    </div>
                  </article>
                </Card>
              </li>
            ))}
          </ul>
          <Link to="/candidate/jobs" className="w-fit font-semibold text-brand hover:underline">
            {t("browseMore")}
          </Link>
        </>
      )}
    </section>
  );
}
