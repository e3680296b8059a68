// /employer/jobs/{id}/details: the job as posted (description, requirements, skills, benefits,
// screening questions, facts), the second tab of the employer's job beside its applicants. Anyone
// else's job, or none, is "Job Not Found" (404).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  EMPLOYMENT_TYPE_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  labelOf,
  LOCATION_TYPE_LABELS,
  QUESTION_CATEGORY_LABELS,
  QUESTION_TYPE_LABELS,
} from "#modules/hiring/index.server.ts";
import { jobForPage, jobHeader, jobStatusAction } from "#app/job-page.server.ts";
import { Card, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { JobPageHeader } from "#app/components/job-page-header.tsx";
import { readForm } from "#lib/forms.ts";
import { JobBody } from "#app/components/job-body.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { useTranslation } from "react-i18next";
import { translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { jobWords } from "#app/job-view.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Job · Details · Hirewise" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  // The job's own words stay as written; only the app's vocabulary follows the page's language.
  const vocab = translator(language, "jobs");
  const questions = translator(language, "post");
  const job = await jobForPage(member, params.id ?? "");
  const employmentType = job.employmentType ?? "FULLTIME";
  return {
    title: translator(language, "employerJob")("titleDetails", { title: job.title }),
    job: await jobHeader(member, job, language),
    details: {
      description: job.description,
      requirements: job.requirements,
      benefits: job.benefits,
      skills: job.skills,
      category: vocab(`vocab.category.${job.category}`, { defaultValue: job.category }),
      employmentType: vocab(`vocab.employmentType.${employmentType}`, {
        defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, employmentType) || "Full-time",
      }),
      locationType: vocab(`vocab.locationType.${job.locationType}`, {
        defaultValue: labelOf(LOCATION_TYPE_LABELS, job.locationType),
      }),
      experienceLevel: job.experienceLevel
        ? vocab(`vocab.experienceLevel.${job.experienceLevel}`, {
            defaultValue: labelOf(EXPERIENCE_LEVEL_LABELS, job.experienceLevel),
          })
        : null,
      salary: jobWords(language).salary(job.salaryMin, job.salaryMax, job.salaryCurrency),
      salaryCurrency: job.salaryCurrency,
      questions: job.questions.map((q) => ({
        id: q.id,
        text: q.questionText,
        type: questions(`questions.types.${q.questionType}`, {
          defaultValue: labelOf(QUESTION_TYPE_LABELS, q.questionType),
        }),
        category: questions(`questions.categories.${q.category}`, {
          defaultValue: labelOf(QUESTION_CATEGORY_LABELS, q.category),
        }),
        options: q.options,
        required: q.required,
      })),
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const language = await pageLanguage(request, context);
  return jobStatusAction(member, jobId, await readForm(request), `/employer/jobs/${jobId}/details`, language);
}

export default function JobDetailsPage() {
  const { job, details } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("employerJob", { keyPrefix: "details" });
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <JobPageHeader job={job} error={result} tab="details" />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <JobBody
              description={details.description}
              requirements={details.requirements}
              skills={details.skills}
              benefits={details.benefits}
              descriptionTitle={t("description")}
              skillsTitle={t("skills")}
            />
          </Card>

          <Card>
            <h2 className="text-lg font-semibold">{t("questions")}</h2>
            {details.questions.length ? (
              <ol className="mt-3 grid gap-3">
                {details.questions.map((q, i) => (
                  <li key={q.id} className="flex gap-3">
                    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-wash text-sm font-bold text-brand-ink">
                      {i + 1}
                    </span>
                    <div className="min-w-0">
                      <p className="font-medium">
                        {q.text}
                        {q.required ? (
                          <span className="ml-2 rounded bg-danger-tint px-1.5 py-0.5 text-xs font-semibold text-danger-fg">
                            {t("required")}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-sm text-muted">
                        {q.type} · {q.category}
                        {q.options ? ` · ${q.options.join(" / ")}` : ""}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-muted">{t("noQuestions")}</p>
            )}
          </Card>
        </div>

        <aside className="grid content-start gap-6">
          <Card>
            <h2 className="text-lg font-semibold">{t("information")}</h2>
            <dl className="mt-3 grid gap-3 text-sm">
              {(
                [
                  [t("employmentType"), details.employmentType],
                  [t("locationType"), details.locationType],
                  [t("salary"), details.salary ? `${details.salary} (${details.salaryCurrency})` : t("notSpecified")],
                  [t("category"), details.category],
                  [t("experienceLevel"), details.experienceLevel ?? t("any")],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
              <div>
                <dt className="text-muted">{t("status")}</dt>
                <dd className="mt-1">
                  <StatusBadge status={job.status} />
                </dd>
              </div>
              {job.closes ? (
                <div>
                  <dt className="text-muted">{t("closingDate")}</dt>
                  <dd className="font-medium">
                    {job.closes}
                    {job.mayEdit ? (
                      <>
                        {" · "}
                        <Link to={`/employer/jobs/${job.id}/closing`} className={smallTextLink}>
                          {t("extendOrClose")}
                        </Link>
                      </>
                    ) : null}
                  </dd>
                </div>
              ) : null}
            </dl>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">{t("overview")}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <div>
                <dt className="text-sm text-muted">{t("total")}</dt>
                <dd className="text-2xl font-bold tabular-nums">{job.applications.total}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t("shortlisted")}</dt>
                <dd className="text-2xl font-bold tabular-nums">{job.applications.shortlisted}</dd>
              </div>
            </dl>
          </Card>
        </aside>
      </div>
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
