// What /employer/jobs/{id} (the applicants) and /employer/jobs/{id}/details share: the job's
// header (title, status, counts, Edit, Close, Reopen, Archive), its notices, and the action that
// closes, reopens or archives it.
import { data, redirect } from "@remix-run/node";
import {
  changeJobStatus,
  employerJob,
  formatClosingDay,
  may,
  type EmployerJobDetail,
  type Member,
} from "#modules/hiring/index.server.ts";
import {
  applicantListQuery,
  applicantListView,
  applicantNeighbours,
  undecidedToTell,
} from "#modules/applications/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { formatDate } from "#lib/dates.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translateMessage, type Language } from "#locales/index.ts";

export const JOB_NOT_FOUND = "The job you're looking for could not be found.";

/** What the job's page says after an edit is published, or after Close, Reopen or Archive (by the new status). */
export const JOB_NOTICES = {
  updated: "Your changes are saved.",
  closed: "The job is closed: it no longer takes applications.",
  active: "The job is active again.",
  archived: "The job is archived.",
};

/** One of the company's published jobs the member sees; anything else is the 404 page. */
export function jobForPage(member: Member, jobId: string): Promise<EmployerJobDetail> {
  return withModuleErrors(() => employerJob(member, jobId), { notFound: JOB_NOT_FOUND });
}

/** The header both tabs show, with how many undecided applicants Close or Archive would tell (dates in `language`). */
export async function jobHeader(member: Member, job: EmployerJobDetail, language: Language = DEFAULT_LANGUAGE) {
  const locale = INTL_LOCALES[language];
  const closing = job.actions.includes("close") || job.actions.includes("archive");
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    companyName: job.companyName,
    companyLogo: job.companyLogo,
    location: job.location,
    posted: formatDate(job.publishedAt ?? job.createdAt, locale),
    // The day an open job stops taking applications, in the company's zone.
    closes:
      job.status === "active" && job.closesAt
        ? formatClosingDay(new Date(job.closesAt), member.timeZone, locale)
        : null,
    applications: job.applications,
    actions: job.actions,
    mayEdit: may(member, "manage-jobs") && job.status !== "archived",
    hasUnsavedEdits: job.hasUnsavedEdits,
    undecided: closing ? await undecidedToTell(job.id) : 0,
  };
}

export type JobHeader = Awaited<ReturnType<typeof jobHeader>>;

/** A refused Close, Reopen, Archive, Shortlist or Reject: the message above the page, with its status. */
export const refused = (error: { message: string; upgradeUrl: string | null }, status: number) =>
  data({ error: error.message, upgradeUrl: error.upgradeUrl }, { status });

/** `refused`, its message in the page's language. */
export const refusedIn =
  (language: Language) => (error: { message: string; upgradeUrl: string | null }, status: number) =>
    refused({ ...error, message: translateMessage(language, error.message) }, status);

const STATUS_ACTIONS = ["close", "reopen", "archive"] as const;

/**
 * Close, Reopen or Archive from either tab, back to `path` with the notice. The form's `tell`
 * checkbox (checked by default) emails the undecided applicants; a post without it tells nobody.
 */
export function jobStatusAction(
  member: Member,
  jobId: string,
  form: FormData,
  path: string,
  language: Language = DEFAULT_LANGUAGE,
) {
  const intent = String(form.get("intent") ?? "");
  if (!(STATUS_ACTIONS as readonly string[]).includes(intent))
    return Promise.resolve(
      data(
        { error: translateMessage(language, "Choose Close, Reopen or Archive."), upgradeUrl: null },
        { status: 400 },
      ),
    );
  return withModuleErrors(
    async () => {
      const status = await changeJobStatus(member, jobId, intent as (typeof STATUS_ACTIONS)[number], {
        tellApplicants: form.get("tell") === "on",
      });
      return status === "draft" ? redirect(path) : redirectWithNotice(path, JOB_NOTICES[status]);
    },
    { refused: refusedIn(language) },
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
