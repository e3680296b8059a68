// /employer/jobs/{id}: one of the employer's jobs, its questions, counts and applications, with
// Edit, Close, Reopen and Archive, and Shortlist and Reject on each application. Anyone else's job,
// or none, is "Job Not Found" (404).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  changeJobStatus,
  employerJob,
  EMPLOYMENT_TYPE_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  formatSalary,
  labelOf,
  LOCATION_TYPE_LABELS,
  QUESTION_CATEGORY_LABELS,
  QUESTION_TYPE_LABELS,
  type JobAction,
  type Member,
} from "#modules/hiring/index.ts";
import { APPLICANT_FILTERS, APPLICANT_SORTS, applicantsToMove, decideApplication, jobApplications, STATUS_LABELS } from "#modules/applications/index.ts";
import { listQuery as listQueryOf, moveNotice } from "#app/pipeline.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { Card, CompanyMark, JobErrorBoundary, StatusBadge } from "#app/components/job-bits.tsx";
import { FormError, IntentButton, Notice } from "#app/components/forms.tsx";
import { Avatar } from "#app/components/applications.tsx";
import { readForm } from "#lib/forms.ts";
import { RichText } from "#app/components/rich-text.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.job.title ?? "Job"} · Hirewise` }];

const NOTICES: Record<string, string> = {
  updated: "Your changes are saved.",
  closed: "The job is closed: it no longer takes applications.",
  active: "The job is active again.",
  archived: "The job is archived.",
};

function ownJob(member: Member, jobId: string) {
  return withModuleErrors(() => employerJob(member, jobId), { notFound: "The job you're looking for could not be found." });
}

/** A refused Close, Reopen, Archive, Shortlist or Reject: the message above the page, with its status. */
const refused = (error: { message: string; upgradeUrl: string | null }, status: number) => data({ error: error.message, upgradeUrl: error.upgradeUrl }, { status });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const job = await ownJob(member, params.id ?? "");
  const url = new URL(request.url);
  const noticeKey = url.searchParams.get("updated") ? "updated" : (url.searchParams.get("status") ?? "");
  const filter = url.searchParams.get("show") ?? "all";
  const sort = (APPLICANT_SORTS as readonly string[]).includes(url.searchParams.get("sort") ?? "") ? url.searchParams.get("sort")! : "newest";
  const applicants = await jobApplications(member, job.id, filter, sort);
  return {
    notice: NOTICES[noticeKey] ?? moveNotice(url.searchParams),
    filter: (APPLICANT_FILTERS as readonly string[]).includes(filter) ? filter : "all",
    sort,
    filters: APPLICANT_FILTERS.map((f) => [f, f === "all" ? "All" : STATUS_LABELS[f]] as const),
    applicants: applicants.map((a) => ({
      id: a.id,
      name: a.candidateName,
      avatarUrl: a.avatarUrl,
      status: a.status,
      applied: formatDate(a.appliedAt),
      resumeId: a.resumeId,
      decisions: a.decisions,
      match: a.score ? { overall: a.score.overall, reason: a.score.reasons.overall } : null,
    })),
    job: {
      id: job.id,
      title: job.title,
      status: job.status,
      companyName: job.companyName,
      companyLogo: job.companyLogo,
      location: job.location,
      posted: formatDate(job.publishedAt ?? job.createdAt),
      description: job.description,
      requirements: job.requirements,
      benefits: job.benefits,
      skills: job.skills,
      category: job.category,
      employmentType: labelOf(EMPLOYMENT_TYPE_LABELS, job.employmentType ?? "FULLTIME") || "Full-time",
      locationType: labelOf(LOCATION_TYPE_LABELS, job.locationType),
      experienceLevel: job.experienceLevel ? labelOf(EXPERIENCE_LEVEL_LABELS, job.experienceLevel) : null,
      salary: formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency),
      salaryCurrency: job.salaryCurrency,
      questions: job.questions.map((q) => ({
        id: q.id,
        text: q.questionText,
        type: labelOf(QUESTION_TYPE_LABELS, q.questionType),
        category: labelOf(QUESTION_CATEGORY_LABELS, q.category),
        options: q.options,
        required: q.required,
      })),
      applications: job.applications,
      actions: job.actions,
      hasUnsavedEdits: job.hasUnsavedEdits,
    },
  };
}

const ACTIONS = ["close", "reopen", "archive"] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const [decision, applicationId] = intent.split(":");
  if (decision === "reject" && applicationId) {
    // A rejection is confirmed on its own page first (after the same access check as a move).
    return withModuleErrors(async () => {
      await applicantsToMove(member, jobId, [applicationId], "rejected");
      return redirect(`/employer/jobs/${jobId}/applications/${applicationId}/reject?${new URLSearchParams([["from", "list"], ...listQueryOf(form)])}`);
    }, { refused });
  }
  if (decision === "shortlist" && applicationId) {
    return withModuleErrors(async () => {
      const status = await decideApplication(member, applicationId, decision, jobId);
      const show = String(form.get("show") ?? "all");
      return redirect(`/employer/jobs/${jobId}?decided=${status}${show !== "all" ? `&show=${encodeURIComponent(show)}` : ""}#applications`);
    }, { refused });
  }
  if (!(ACTIONS as readonly string[]).includes(intent)) return data({ error: "Choose Close, Reopen or Archive.", upgradeUrl: null }, { status: 400 });
  return withModuleErrors(async () => {
    const status = await changeJobStatus(member, jobId, intent as (typeof ACTIONS)[number]);
    return redirect(`/employer/jobs/${jobId}?status=${status}`);
  }, { refused });
}

const ACTION_BUTTONS: Record<Exclude<JobAction, "publish">, { label: string; pending: string; variant: "secondary" | "danger" }> = {
  close: { label: "Close Job", pending: "Closing...", variant: "danger" },
  reopen: { label: "Reopen Job", pending: "Reopening...", variant: "secondary" },
  archive: { label: "Archive", pending: "Archiving...", variant: "secondary" },
};

export default function EmployerJobPage() {
  const { job, notice, applicants, filter, filters, sort } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Reject leads to its confirmation page, which comes back to this list as it is.
  const rejectQuery = new URLSearchParams([["from", "list"], ...(filter !== "all" ? [["show", filter]] : []), ...(sort !== "newest" ? [["sort", sort]] : [])]).toString();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <Link to="/employer/dashboard" className="w-fit text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        ← Back to Dashboard
      </Link>

      {notice ? (
        <Notice>
          {notice}
        </Notice>
      ) : null}
      <FormError message={result?.error ?? null} upgradeUrl={result?.upgradeUrl} />

      <header className="flex flex-wrap items-start gap-4">
        <CompanyMark name={job.companyName} logo={job.companyLogo} size="size-14" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{job.title}</h1>
            <StatusBadge status={job.status} />
          </div>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            {job.companyName} · {job.location} · Posted {job.posted} ·{" "}
            {job.applications.total} {job.applications.total === 1 ? "application" : "applications"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {job.status !== "archived" ? (
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
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          You have unsaved edits to this job. Candidates see the job as it was published until you save them.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <h2 className="text-lg font-semibold">Description</h2>
            <RichText text={job.description} />
            {job.requirements ? (
              <>
                <h2 className="mt-6 text-lg font-semibold">Requirements</h2>
                <RichText text={job.requirements} />
              </>
            ) : null}
            {job.skills.length ? (
              <>
                <h2 className="mt-6 text-lg font-semibold">Skills</h2>
                <ul className="mt-2 flex flex-wrap gap-2" aria-label="Skills">
                  {job.skills.map((skill) => (
                    <li key={skill} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                      {skill}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {job.benefits.length ? (
              <>
                <h2 className="mt-6 text-lg font-semibold">Benefits</h2>
                <ul className="mt-2 list-disc pl-6 text-slate-700 dark:text-slate-300">
                  {job.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>

          <Card>
            <h2 className="text-lg font-semibold">Screening Questions</h2>
            {job.questions.length ? (
              <ol className="mt-3 grid gap-3">
                {job.questions.map((q, i) => (
                  <li key={q.id} className="flex gap-3">
                    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 dark:bg-slate-800 dark:text-brand-200">
                      {i + 1}
                    </span>
                    <div>
                      <p className="font-medium">
                        {q.text}
                        {q.required ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Required</span> : null}
                      </p>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        {q.type} · {q.category}
                        {q.options ? ` · ${q.options.join(" / ")}` : ""}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-slate-600 dark:text-slate-400">This job has no screening questions.</p>
            )}
          </Card>

          <Card>
            <div id="applications" className="flex flex-wrap items-center gap-3">
              <h2 className="text-lg font-semibold">Applications</h2>
              <div className="flex-1" />
              {job.applications.total ? (
                <a href={`/employer/jobs/${job.id}/applications.csv`} download className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                  Download CSV
                </a>
              ) : null}
            </div>
            {job.applications.total === 0 ? (
              <p className="mt-2 text-slate-600 dark:text-slate-400">No applications yet</p>
            ) : (
              <>
                <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
                  <label className="text-sm">
                    <span className="block text-slate-600 dark:text-slate-400">Show</span>
                    <select name="show" defaultValue={filter} className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900">
                      {filters.map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm">
                    <span className="block text-slate-600 dark:text-slate-400">Sort by</span>
                    <select name="sort" defaultValue={sort} className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900">
                      <option value="newest">Newest first</option>
                      <option value="match">Best match first</option>
                    </select>
                  </label>
                  <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
                    Apply
                  </button>
                </Form>
                {applicants.length === 0 ? (
                  <p className="mt-4 text-slate-600 dark:text-slate-400">No applications with this status.</p>
                ) : (
                  <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Applications">
                    {applicants.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center gap-3 py-3">
                        <Avatar name={a.name} url={a.avatarUrl} />
                        <div className="min-w-0 flex-1">
                          <a href={`/employer/jobs/${job.id}/applications/${a.id}`} className="font-semibold hover:underline">
                            {a.name}
                          </a>
                          <p className="text-sm text-slate-600 dark:text-slate-400">Applied {a.applied}</p>
                          {a.match ? <p className="mt-1 line-clamp-1 text-xs text-slate-600 dark:text-slate-400">{a.match.reason}</p> : null}
                        </div>
                        {a.match ? (
                          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-brand-900 dark:bg-slate-800 dark:text-brand-100" title="AI match: people decide">
                            {a.match.overall}% match
                          </span>
                        ) : (
                          <span className="text-xs text-slate-500 dark:text-slate-400">Scoring…</span>
                        )}
                        <StatusBadge status={a.status} />
                        {a.resumeId ? (
                          <a href={`/resumes/${a.resumeId}`} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                            Resume<span className="sr-only"> of {a.name}</span>
                          </a>
                        ) : null}
                        <Form method="post" className="flex gap-2">
                          <input type="hidden" name="show" value={filter} />
                          {a.decisions.includes("shortlist") ? (
                            <IntentButton intent={`shortlist:${a.id}`} pendingLabel="Shortlisting..." aria-label={`Shortlist ${a.name}`}>
                              Shortlist
                            </IntentButton>
                          ) : null}
                          {a.decisions.includes("reject") ? (
                            <Link
                              to={`/employer/jobs/${job.id}/applications/${a.id}/reject?${rejectQuery}`}
                              aria-label={`Reject ${a.name}`}
                              className="inline-flex items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
                            >
                              Reject
                            </Link>
                          ) : null}
                        </Form>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </Card>
        </div>

        <aside className="grid content-start gap-6">
          <Card>
            <h2 className="text-lg font-semibold">Job Information</h2>
            <dl className="mt-3 grid gap-3 text-sm">
              {(
                [
                  ["Employment type", job.employmentType],
                  ["Location type", job.locationType],
                  ["Salary range", job.salary ? `${job.salary} (${job.salaryCurrency})` : "Not specified"],
                  ["Category", job.category],
                  ["Experience level", job.experienceLevel ?? "Any"],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Status</dt>
                <dd className="mt-1">
                  <StatusBadge status={job.status} />
                </dd>
              </div>
            </dl>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">Overview</h2>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-400">Total</dt>
                <dd className="text-2xl font-bold tabular-nums">{job.applications.total}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-400">Shortlisted</dt>
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
