// What the pipeline's pages share: where to go back to on the job's applicant list (its filter,
// sort and page, as the list sent them), and the notice a move redirects with.
import {
  APPLICANT_FILTERS,
  APPLICANT_SORTS,
  isEmailed,
  STATUS_LABELS,
  type ApplicationStatus,
} from "#modules/applications/index.server.ts";

type Params = Pick<URLSearchParams, "get"> | Pick<FormData, "get">;

const text = (params: Params, name: string) => {
  const value = params.get(name);
  return typeof value === "string" ? value : "";
};

/** The list's own query (show, sort, cursor), kept only when it is one the list understands. */
export function listQuery(params: Params): [string, string][] {
  const query: [string, string][] = [];
  const show = text(params, "show");
  const sort = text(params, "sort");
  const cursor = text(params, "cursor");
  if ((APPLICANT_FILTERS as readonly string[]).includes(show) && show !== "all") query.push(["show", show]);
  if ((APPLICANT_SORTS as readonly string[]).includes(sort) && sort !== "newest") query.push(["sort", sort]);
  // The cursor is the list's own opaque token: passed back as it came, within reason.
  if (cursor && cursor.length <= 200 && /^[\w.:~-]+$/.test(cursor)) query.push(["cursor", cursor]);
  return query;
}

/** The job's page at the list the member came from, with `extra` (a notice) added. */
export function jobListPath(jobId: string, params: Params, extra: [string, string][] = []): string {
  const query = new URLSearchParams([...listQuery(params), ...extra]).toString();
  return `/employer/jobs/${jobId}${query ? `?${query}` : ""}#applications`;
}

const told = (stage: ApplicationStatus, emailed: boolean) =>
  isEmailed(stage) ? (emailed ? " We'll let them know." : " No email was sent.") : "";

/** The notice after one applicant's move (`emailed` false: the member chose not to email). */
export function decidedNotice(status: ApplicationStatus, emailed = true): string {
  if (status === "shortlisted") return `The candidate is shortlisted.${told(status, emailed)}`;
  if (status === "rejected") return `The candidate is marked Not Selected.${told(status, emailed)}`;
  return `The candidate moved to ${STATUS_LABELS[status]}.${told(status, emailed)}`;
}

/** The notice after moving several applicants at once. */
export function movedNotice(moved: number, stage: ApplicationStatus, emailed: boolean): string {
  return `${moved === 1 ? "1 applicant" : `${moved} applicants`} moved to ${STATUS_LABELS[stage]}.${moved > 0 ? told(stage, emailed) : ""}`;
}

/** Added to the hire's notice when it filled the last opening and closed the job (`told`: applicants told). */
export function filledNotice(told: number): string {
  const who = told === 1 ? "the 1 undecided applicant" : `the ${told} undecided applicants`;
  return `Every opening is filled, so the job is closed${told ? `: we'll tell ${who}.` : "."}`;
}
