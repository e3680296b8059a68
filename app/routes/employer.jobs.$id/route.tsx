// /employer/jobs/{id}: one of the company's jobs, opening on its applicants (issue 18): the header
// with Edit, Close, Reopen and Archive, then the applicants by stage, newest or best match first,
// 25 a page by keyset (modules/applications/applicant-list.ts), with Shortlist and Reject on each
// and a "Move selected to" form for members who decide. The job as posted is the Details tab
// (employer.jobs.$id_.details.tsx). Anyone else's job, or none, is "Job Not Found" (404).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  applicantList,
  applicantListQuery,
  applicantListView,
  applicantsToMove,
  decideApplication,
  moveTargets,
} from "#modules/applications/index.server.ts";
import { decidedNotice, jobListPath, listQuery } from "#app/pipeline.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";
import { JobPageHeader } from "#app/components/job-page-header.tsx";
import { ApplicantList, type ApplicantListData } from "./applicant-list.tsx";
import { JOB_NOT_FOUND, jobForPage, jobHeader, jobStatusAction, refusedIn } from "#app/job-page.server.ts";
import { readForm } from "#lib/forms.ts";
import { INTL_LOCALES, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Job · Hirewise" }];

const SORTS = [
  ["newest", "Newest first"],
  ["match", "Best match first"],
  ["oldest", "Oldest first"],
  ["recommendation", "Best recommendation first"],
] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const job = await jobForPage(member, params.id ?? "");
  const url = new URL(request.url);
  const view = applicantListView(url.searchParams);
  const page = await withModuleErrors(() => applicantList(member, job.id, view, url.searchParams.get("cursor")), {
    notFound: JOB_NOT_FOUND,
  });
  const base = `/employer/jobs/${job.id}`;
  const list: ApplicantListData = {
    jobId: job.id,
    total: job.applications.total,
    show: page.show,
    sort: page.sort,
    cursor: page.cursor,
    stages: page.stages.map((s) => ({
      ...s,
      href: `${base}${applicantListQuery({ show: s.value, sort: page.sort })}`,
      current: s.value === page.show,
    })),
    sorts: SORTS.map(([value, label]) => ({
      value,
      label,
      href: `${base}${applicantListQuery({ show: page.show, sort: value })}`,
      current: value === page.sort,
    })),
    nextHref: page.next ? `${base}${applicantListQuery({ ...view, cursor: page.next })}` : null,
    previousHref: page.hasPrevious ? `${base}${applicantListQuery({ ...view, cursor: page.previous })}` : null,
    mayDecide: page.mayDecide,
    csvHref: page.mayDecide && job.applications.total ? `${base}/applications.csv` : null,
    // Owners only (the report's page refuses anyone else): counts, never anyone's answers.
    reportHref: member.role === "owner" && job.applications.total ? `${base}/eeo` : null,
    moveTargets: moveTargets(),
    applicants: page.applicants.map((a) => ({
      id: a.id,
      name: a.candidateName,
      avatarUrl: a.avatarUrl,
      status: a.status,
      applied: formatDate(a.appliedAt, INTL_LOCALES[language]),
      href: `${base}/applications/${a.id}${applicantListQuery(view)}`,
      // Reject is confirmed on its own page, which comes back to this list as it is.
      rejectHref: `${base}/applications/${a.id}/reject?${new URLSearchParams([["from", "list"], ...listQuery(url.searchParams)])}`,
      resumeId: a.resumeId,
      decisions: a.decisions,
      match: a.match,
      stale: a.stale,
      scorecards: a.scorecards,
    })),
  };
  return {
    title: translator(language, "employerJob")("title", { title: job.title }),
    job: await jobHeader(member, job, language),
    list,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const refused = refusedIn(language);
  const jobId = params.id ?? "";
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const [decision, applicationId] = intent.split(":");
  if (decision === "reject" && applicationId) {
    // A rejection is confirmed on its own page first (after the same access check as a move).
    return withModuleErrors(
      async () => {
        await applicantsToMove(member, jobId, [applicationId], "rejected");
        return redirect(
          `/employer/jobs/${jobId}/applications/${applicationId}/reject?${new URLSearchParams([["from", "list"], ...listQuery(form)])}`,
        );
      },
      { refused },
    );
  }
  if (decision === "shortlist" && applicationId) {
    return withModuleErrors(
      async () => {
        const status = await decideApplication(member, applicationId, decision, jobId);
        return redirectWithNotice(jobListPath(jobId, form), decidedNotice(status));
      },
      { refused },
    );
  }
  return jobStatusAction(member, jobId, form, `/employer/jobs/${jobId}`, language);
}

export default function EmployerJobPage() {
  const { job, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <JobPageHeader job={job} error={result} tab="applicants" />
      <ApplicantList list={list} />
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
