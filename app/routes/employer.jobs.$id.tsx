// /employer/jobs/{id}: one of the company's jobs, opening on its applicants (issue 18): the header
// with Edit, Close, Reopen and Archive, then the applicants by stage, newest or best match first,
// 25 a page by keyset (modules/applications/applicant-list.ts), with Shortlist and Reject on each
// and a "Move selected to" form for members who decide. The job as posted is the Details tab
// (employer.jobs.$id_.details.tsx). Anyone else's job, or none, is "Job Not Found" (404).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { applicantList, applicantListQuery, applicantListView, decideApplication, moveTargets, type ApplicantListView } from "#modules/applications/index.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";
import { JobPageHeader } from "#app/components/job-page-header.tsx";
import { ApplicantList, type ApplicantListData } from "#app/components/applicant-list.tsx";
import { JOB_NOT_FOUND, jobForPage, jobHeader, jobNotice, jobStatusAction, refused } from "#app/job-page.server.ts";
import { readForm } from "#lib/forms.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.job.title ?? "Job"} · Hirewise` }];

const DECISION_NOTICES: Record<string, string> = {
  shortlisted: "The candidate is shortlisted. We'll let them know.",
  rejected: "The candidate is marked Not Selected. We'll let them know.",
};

const SORTS = [
  ["newest", "Newest first"],
  ["match", "Best match first"],
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const job = await jobForPage(member, params.id ?? "");
  const url = new URL(request.url);
  const view = applicantListView(url.searchParams);
  const page = await withModuleErrors(() => applicantList(member, job.id, view, url.searchParams.get("cursor")), { notFound: JOB_NOT_FOUND });
  const base = `/employer/jobs/${job.id}`;
  const list: ApplicantListData = {
    jobId: job.id,
    total: job.applications.total,
    show: page.show,
    sort: page.sort,
    cursor: page.cursor,
    stages: page.stages.map((s) => ({ ...s, href: `${base}${applicantListQuery({ show: s.value, sort: page.sort })}`, current: s.value === page.show })),
    sorts: SORTS.map(([value, label]) => ({ value, label, href: `${base}${applicantListQuery({ show: page.show, sort: value })}`, current: value === page.sort })),
    nextHref: page.next ? `${base}${applicantListQuery({ ...view, cursor: page.next })}` : null,
    previousHref: page.hasPrevious ? `${base}${applicantListQuery({ ...view, cursor: page.previous })}` : null,
    mayDecide: page.mayDecide,
    csvHref: page.mayDecide && job.applications.total ? `${base}/applications.csv` : null,
    moveTargets: moveTargets(),
    applicants: page.applicants.map((a) => ({
      id: a.id,
      name: a.candidateName,
      avatarUrl: a.avatarUrl,
      status: a.status,
      applied: formatDate(a.appliedAt),
      href: `${base}/applications/${a.id}${applicantListQuery(view)}`,
      resumeId: a.resumeId,
      decisions: a.decisions,
      match: a.match,
    })),
  };
  return {
    notice: jobNotice(url) ?? DECISION_NOTICES[url.searchParams.get("decided") ?? ""] ?? null,
    job: jobHeader(member, job),
    list,
  };
}

/** Back to the list as it was: stage, sort and page from the posted form. */
function listQuery(form: FormData, extra: string): string {
  const view: ApplicantListView = applicantListView(new URLSearchParams({ show: String(form.get("show") ?? ""), sort: String(form.get("sort") ?? "") }));
  const cursor = String(form.get("cursor") ?? "");
  const query = applicantListQuery({ ...view, cursor: cursor.length <= 80 ? cursor : null });
  return query ? `${extra}&${query.slice(1)}` : extra;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const [decision, applicationId] = intent.split(":");
  if ((decision === "shortlist" || decision === "reject") && applicationId) {
    return withModuleErrors(async () => {
      const status = await decideApplication(member, applicationId, decision, jobId);
      return redirect(`/employer/jobs/${jobId}?${listQuery(form, `decided=${status}`)}#applications`);
    }, { refused });
  }
  return jobStatusAction(member, jobId, intent, `/employer/jobs/${jobId}`);
}

export default function EmployerJobPage() {
  const { job, notice, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <JobPageHeader job={job} notice={notice} error={result} tab="applicants" />
      <ApplicantList list={list} />
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
