// /employer/dashboard: the employer's jobs, drafts, counts and plan usage.
import { textLink, smallTextLink } from "#app/components/ui/styles.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { INTL_LOCALES, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { formatZoned } from "#lib/zoned-time.ts";
import { twoFactorEnabled } from "#modules/identity/index.server.ts";
import { requireMember } from "#app/team.server.ts";
import {
  discardDraft,
  employerDashboard,
  EMPLOYMENT_TYPE_LABELS,
  labelOf,
  LOCATION_TYPE_LABELS,
} from "#modules/hiring/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { isNotFound } from "#app/module-errors.server.ts";
import { Card, CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { IntentButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { readForm } from "#lib/forms.ts";
import { excerpt } from "#lib/rich-text.ts";
import { TwoFactorRecommendation } from "#app/components/two-factor.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { upcomingInterviews } from "#modules/interviews/index.server.ts";
import { UpcomingInterviews } from "#app/components/upcoming-interviews.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Dashboard · Hirewise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const locale = INTL_LOCALES[language];
  const t = translator(language, "jobs");
  const url = new URL(request.url);
  const [dashboard, interviews] = await Promise.all([
    employerDashboard(member, Number(url.searchParams.get("page") ?? 1)),
    upcomingInterviews(member),
  ]);
  return {
    title: translator(language, "dashboard")("title"),
    name: user.fullName ?? user.email,
    companyName: member.companyName,
    recommendTwoFactor: !(await twoFactorEnabled(user.id)),
    stats: dashboard.stats,
    interviews: interviews.map((i) => ({ ...i, label: formatZoned(new Date(i.startsAt), member.timeZone, locale) })),
    usage: dashboard.activeJobsUsage,
    jobs: dashboard.jobs.map((job) => ({
      id: job.id,
      title: job.title,
      status: job.status,
      companyName: job.companyName,
      companyLogo: job.companyLogo,
      location: job.location,
      locationType: t(`vocab.locationType.${job.locationType}`, {
        defaultValue: labelOf(LOCATION_TYPE_LABELS, job.locationType),
      }),
      employmentType: t(`vocab.employmentType.${job.employmentType ?? "FULLTIME"}`, {
        defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, job.employmentType ?? "FULLTIME"),
      }),
      posted: formatDate(job.publishedAt ?? job.createdAt, locale),
      description: excerpt(job.descriptionPreview, 200),
      applications: job.applications,
      newApplications: job.newApplications,
    })),
    drafts: dashboard.drafts.map((d) => ({ ...d, updated: formatDate(d.updatedAt, locale) })),
    // Delete asks first: ?delete={draft id} shows the question in that draft's card.
    confirmDelete: url.searchParams.get("delete"),
    pagination: dashboard.pagination,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete-draft") {
    try {
      await discardDraft(member, String(form.get("jobId") ?? ""));
    } catch (error) {
      // Someone else's draft, or one already deleted: nothing to do.
      if (!isNotFound(error)) throw error;
    }
    return redirectWithNotice("/employer/dashboard", "Draft deleted.");
  }
  return redirect("/employer/dashboard");
}

export default function EmployerDashboard() {
  const { name, companyName, recommendTwoFactor, stats, usage, jobs, drafts, pagination, confirmDelete, interviews } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  const empty = jobs.length === 0 && drafts.length === 0;
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("welcome", { name })}</h1>
          <p className="mt-2 text-muted">
            {companyName ? t("hiringFor", { company: companyName }) : ""}
            {usage.limit === null
              ? t("activeJobs", { count: usage.used })
              : t("activeOfLimit", { used: usage.used, count: usage.limit })}{" "}
            {t("onPlan", { plan: usage.planName })}{" "}
            <Link to="/account" className={textLink}>
              {t("planAndUsage")}
            </Link>
          </p>
        </div>
        <ButtonLink to="/employer/jobs/new" size="lg">
          {t("postNew")}
        </ButtonLink>
      </div>

      <FlashNotice />

      {recommendTwoFactor ? <TwoFactorRecommendation /> : null}

      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {(
          [
            [t("stats.activeJobs"), stats.activeJobs],
            [t("stats.totalApplications"), stats.totalApplications],
            [t("stats.shortlisted"), stats.shortlisted],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} className="!p-3 sm:!p-6">
            <dt className="text-xs font-medium text-muted sm:text-sm">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
          </Card>
        ))}
      </dl>

      <UpcomingInterviews interviews={interviews} />

      {drafts.length ? (
        <section aria-labelledby="drafts-heading" className="grid gap-3">
          <h2 id="drafts-heading" className="text-xl font-semibold">
            {t("drafts")}
          </h2>
          <ul className="grid gap-3">
            {drafts.map((draft) => (
              <li key={draft.id} id={`draft-${draft.id}`}>
                <Card className="flex flex-wrap items-center gap-4 !p-4">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{draft.title}</p>
                    <p className="text-sm text-muted">{t("lastEdited", { date: draft.updated })}</p>
                  </div>
                  <div className="flex gap-2">
                    <ButtonLink
                      to={`/employer/jobs/new?draft=${draft.id}&step=1`}
                      aria-label={t("continueLabel", { title: draft.title })}
                      size="sm"
                    >
                      {t("continue")}
                    </ButtonLink>
                    <ButtonLink
                      to={`/employer/dashboard?delete=${draft.id}#draft-${draft.id}`}
                      aria-label={t("deleteLabel", { title: draft.title })}
                      variant="danger"
                      size="sm"
                    >
                      {t("delete")}
                    </ButtonLink>
                  </div>
                  {confirmDelete === draft.id ? (
                    <Form method="post" className="flex w-full flex-wrap items-center gap-3 border-t border-line pt-3">
                      <input type="hidden" name="jobId" value={draft.id} />
                      <p className="text-sm font-medium">{t("deleteQuestion")}</p>
                      <IntentButton
                        intent="delete-draft"
                        variant="danger"
                        aria-label={t("deleteYesLabel", { title: draft.title })}
                        pendingLabel={t("deleting")}
                        autoFocus
                      >
                        {t("deleteYes")}
                      </IntentButton>
                      <Link to="/employer/dashboard" className={smallTextLink}>
                        {t("cancel")}
                      </Link>
                    </Form>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="jobs-heading" className="grid gap-3">
        <h2 id="jobs-heading" className="text-xl font-semibold">
          {t("yourJobs")}
          {pagination.pages > 1 ? (
            <span className="ml-2 text-base font-normal text-muted">
              {t("jobsPage", { total: pagination.total, page: pagination.page, pages: pagination.pages })}
            </span>
          ) : null}
        </h2>
        {empty ? (
          <Card className="text-center">
            <p className="text-lg font-semibold">{t("noJobs")}</p>
            <p className="mt-2 text-muted">{t("noJobsBody")}</p>
            <ButtonLink to="/employer/jobs/new" size="lg" className="mt-5">
              {t("createFirst")}
            </ButtonLink>
          </Card>
        ) : jobs.length === 0 ? (
          <p className="text-muted">{t("noPublished")}</p>
        ) : (
          <ul className="grid gap-3">
            {jobs.map((job) => (
              <li key={job.id}>
                <Card className="flex gap-4 !p-5">
                  <CompanyMark name={job.companyName} logo={job.companyLogo} />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-lg font-semibold">{job.title}</h3>
                      <StatusBadge status={job.status} />
                    </div>
                    <p className="mt-1 text-sm text-muted">
                      {job.location} · {job.locationType} · {job.employmentType} · {t("posted", { date: job.posted })}
                    </p>
                    <p className="mt-2 line-clamp-2 text-soft">{job.description}</p>
                    <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
                      <span className="font-medium">{t("applications", { count: job.applications })}</span>
                      {job.newApplications ? (
                        // New: submitted and not yet opened by anyone who decides.
                        <Link
                          to={`/employer/jobs/${job.id}?show=submitted`}
                          aria-label={t("newLabel", { count: job.newApplications, title: job.title })}
                          className="badge-blue text-sm hover:underline"
                        >
                          {t("newCount", { count: job.newApplications })}
                        </Link>
                      ) : null}
                      <Link
                        to={`/employer/jobs/${job.id}`}
                        aria-label={t("viewDetailsLabel", { title: job.title })}
                        className={textLink}
                      >
                        {t("viewDetails")}
                      </Link>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {pagination.pages > 1 ? (
          <nav aria-label={t("pagesNav")} className="flex items-center justify-between gap-4">
            {pagination.page > 1 ? (
              <ButtonLink to={`?page=${pagination.page - 1}`} variant="secondary">
                {t("newer")}
              </ButtonLink>
            ) : (
              <span />
            )}
            {pagination.page < pagination.pages ? (
              <ButtonLink to={`?page=${pagination.page + 1}`} variant="secondary">
                {t("older")}
              </ButtonLink>
            ) : null}
          </nav>
        ) : null}
      </section>
    </section>
  );
}
