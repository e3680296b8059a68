// An active job as candidates and visitors read it: the posting, Job Information, About the
// Company, and the call to apply. Plain props only (bundled for the browser).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { JobView } from "#app/job-view.server.ts";
import { Card, CompanyMark } from "./job-bits.tsx";
import { JobBody } from "./job-body.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

/** A salary estimate for a job that names none (search's salaryEstimate). */
export interface SalaryEstimateProps {
  range: string;
  median: string | null;
  basis: string;
}

export function JobPosting({
  job,
  back,
  apply,
  estimate = null,
  applyHref = null,
  companyHref = null,
}: {
  job: JobView;
  /** The company's career page, for a job posted here. */
  companyHref?: string | null;
  back: { to: string; label: string };
  apply: ReactNode;
  estimate?: SalaryEstimateProps | null;
  /** Where Apply Now leads, for the bar a phone keeps at the bottom; null when there is no Apply. */
  applyHref?: string | null;
}) {
  const { t } = useTranslation("jobs");
  const salary =
    job.salary ?? (estimate ? t("posting.estimated", { range: estimate.range }) : t("posting.salaryNotSpecified"));
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <Link to={back.to} className={`${smallTextLink} w-fit`}>
        ← {back.label}
      </Link>
      <header className="flex flex-wrap items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} size="size-14" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{job.title}</h1>
          <p className="mt-2 text-muted">
            {job.companyName} · {job.location} · {t("posting.postedOn", { date: job.posted })}
          </p>
        </div>
      </header>
      {job.imported ? (
        <p role="note" className="rounded-lg border border-field bg-tint px-4 py-3 text-sm text-ink">
          {job.imported.applyLink ? (
            <>
              <strong className="font-semibold">{t("outside", { company: job.companyName })}.</strong>{" "}
              {t("posting.importedWithLink", { provider: job.imported.provider })}
            </>
          ) : (
            t("posting.importedNoLink", { provider: job.imported.provider, company: job.companyName })
          )}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <JobBody
              description={job.description}
              requirements={job.requirements}
              skills={job.skills}
              benefits={job.benefits}
            />
          </Card>
        </div>
        <aside className="grid content-start gap-6">
          {apply}
          <Card>
            <h2 className="text-lg font-semibold">{t("posting.jobInformation")}</h2>
            <dl className="mt-3 grid gap-3 text-sm">
              {(
                [
                  [t("posting.employmentType"), job.employmentType],
                  [t("posting.workLocation"), job.locationType],
                  [t("posting.experienceLevel"), job.experienceLevel ?? t("posting.any")],
                  [t("posting.salaryRange"), job.salary ?? t("posting.notSpecified")],
                  [t("posting.category"), t(`vocab.category.${job.category ?? "Other"}`, job.category ?? "Other")],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            {!job.salary && estimate ? (
              <div className="mt-4 rounded-lg bg-tint p-3 text-sm" aria-label={t("posting.estimateLabel")} role="note">
                <p className="font-medium">
                  {t("posting.estimatedSalary", { range: estimate.range })}
                  {estimate.median ? t("posting.median", { median: estimate.median }) : ""}
                </p>
                <p className="mt-1 text-muted">{estimate.basis}</p>
              </div>
            ) : null}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">{t("posting.aboutCompany")}</h2>
            <div className="mt-3 flex items-center gap-3">
              <CompanyMark name={job.companyName} logo={job.companyLogo} size="size-10" />
              <p className="font-medium">{job.companyName}</p>
            </div>
            {companyHref ? (
              <p className="mt-3">
                <Link to={companyHref} className={smallTextLink}>
                  {t("posting.allJobsAt", { company: job.companyName })}
                </Link>
              </p>
            ) : null}
            {job.imported ? (
              <p className="mt-3 text-sm text-muted">
                {t("posting.importedAbout", { provider: job.imported.provider, company: job.companyName })}
              </p>
            ) : (
              <p className="mt-3 text-sm text-muted">
                {t("posting.hiringOnHirewise", { company: job.companyName, count: job.questionCount })}
              </p>
            )}
          </Card>
        </aside>
      </div>
      {applyHref ? <ApplyBar href={applyHref} salary={salary} /> : null}
    </section>
  );
}

/**
 * On narrow screens the Apply card comes after the whole description: this bar keeps the salary
 * and Apply Now at the bottom of the screen (app/app.css: .apply-bar, hidden where the card sits
 * beside the description, and the page's bottom padding so it covers nothing).
 */
function ApplyBar({ href, salary }: { href: string; salary: string }) {
  const { t } = useTranslation("jobs");
  return (
    <div className="apply-bar" role="region" aria-label={t("posting.applyRegion")}>
      <p className="apply-bar-salary">{salary}</p>
      <Link to={href} className="apply-bar-button">
        {t("card.applyNow")}
      </Link>
    </div>
  );
}

/** The 'Ready to Apply?' card with its Apply Now link (and what the plan leaves, when known). */
export function ReadyToApply({ href, note, allowance }: { href: string; note?: string; allowance?: ReactNode }) {
  const { t } = useTranslation("jobs");
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("posting.readyToApply")}</h2>
      <p className="mt-2 text-sm text-muted">{note ?? t("posting.readyNote")}</p>
      {allowance ? <div className="mt-3 text-sm">{allowance}</div> : null}
      <ButtonLink to={href} size="lg" className="mt-4 w-full">
        {t("card.applyNow")}
      </ButtonLink>
    </Card>
  );
}

/** A candidate-facing job that can't be shown. */
export function PostingNotFound({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation("jobs");
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{t("posting.notFound")}</h1>
        <p className="mt-3 text-muted">{t("posting.notFoundMessage")}</p>
        <ButtonLink to={back.to} size="lg" className="mt-6">
          {back.label}
        </ButtonLink>
      </Card>
    </section>
  );
}
