// What /employer/jobs/{id} (the applicants) and /employer/jobs/{id}/details share: the job's
// header (title, status, counts, Edit, Close, Reopen, Archive), its notices, and the action that
// closes, reopens or archives it.
import { data, redirect } from "@remix-run/node";
import {
  changeJobStatus,
  employerJob,
  may,
  type EmployerJobDetail,
  type Member,
} from "#modules/hiring/index.server.ts";
import { applicantListQuery, applicantListView, applicantNeighbours } from "#modules/applications/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";

export const JOB_NOT_FOUND = "The job you're looking for could not be found.";

const NOTICES: Record<string, string> = {
  updated: "Your changes are saved.",
  closed: "The job is closed: it no longer takes applications.",
  active: "The job is active again.",
  archived: "The job is archived.",
};

/** The notice a redirect asked for with `?updated=1` or `?status=`, if any. */
export function jobNotice(url: URL): string | null {
  return NOTICES[url.searchParams.get("updated") ? "updated" : (url.searchParams.get("status") ?? "")] ?? null;
}

/** One of the company's published jobs the member sees; anything else is the 404 page. */
export function jobForPage(member: Member, jobId: string): Promise<EmployerJobDetail> {
  return withModuleErrors(() => employerJob(member, jobId), { notFound: JOB_NOT_FOUND });
}

/** The header both tabs show. */
export function jobHeader(member: Member, job: EmployerJobDetail) {
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    companyName: job.companyName,
    companyLogo: job.companyLogo,
    location: job.location,
    posted: formatDate(job.publishedAt ?? job.createdAt),
    applications: job.applications,
    actions: job.actions,
    mayEdit: may(member, "manage-jobs") && job.status !== "archived",
    hasUnsavedEdits: job.hasUnsavedEdits,
  };
}

export type JobHeader = ReturnType<typeof jobHeader>;

/** A refused Close, Reopen, Archive, Shortlist or Reject: the message above the page, with its status. */
export const refused = (error: { message: string; upgradeUrl: string | null }, status: number) =>
  data({ error: error.message, upgradeUrl: error.upgradeUrl }, { status });

const STATUS_ACTIONS = ["close", "reopen", "archive"] as const;

/** Close, Reopen or Archive from either tab, back to `path` with the notice. */
export function jobStatusAction(member: Member, jobId: string, intent: string, path: string) {
  if (!(STATUS_ACTIONS as readonly string[]).includes(intent))
    return Promise.resolve(data({ error: "Choose Close, Reopen or Archive.", upgradeUrl: null }, { status: 400 }));
  return withModuleErrors(
    async () => {
      const status = await changeJobStatus(member, jobId, intent as (typeof STATUS_ACTIONS)[number]);
      return redirect(`${path}?status=${status}`);
    },
    { refused },
  );
}

/** Previous and Next applicant for an application page, in the list's stage and order (`url`'s ?show=&sort=). */
export async function applicantNavFor(member: Member, jobId: string, applicationId: string, url: URL) {
  const view = applicantListView(url.searchParams);
  const { previous, next } = await applicantNeighbours(member, jobId, applicationId, view);
  const href = (id: string | null) =>
    id ? `/employer/jobs/${jobId}/applications/${id}${applicantListQuery(view)}` : null;
  return { previousHref: href(previous), nextHref: href(next) };
}
