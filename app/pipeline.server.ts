// What the pipeline's pages share: where to go back to on the job's applicant list (its filter,
// sort and page, as the list sent them), and the notice a page shows after a move.
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

const isStatus = (value: string): value is ApplicationStatus => value in STATUS_LABELS;

/**
 * The notice after a move: `decided` (one applicant) or `moved` and `stage` (several), and
 * `email=0` when the member chose not to email.
 */
export function moveNotice(params: URLSearchParams): string | null {
  const silent = params.get("email") === "0";
  const decided = params.get("decided") ?? "";
  if (isStatus(decided)) {
    const told = isEmailed(decided) ? (silent ? " No email was sent." : " We'll let them know.") : "";
    if (decided === "shortlisted") return `The candidate is shortlisted.${told}`;
    if (decided === "rejected") return `The candidate is marked Not Selected.${told}`;
    return `The candidate moved to ${STATUS_LABELS[decided]}.${told}`;
  }
  const stage = params.get("stage") ?? "";
  const moved = Number(params.get("moved"));
  if (isStatus(stage) && Number.isInteger(moved) && moved >= 0) {
    const told = isEmailed(stage) && moved > 0 ? (silent ? " No email was sent." : " We'll let them know.") : "";
    return `${moved === 1 ? "1 applicant" : `${moved} applicants`} moved to ${STATUS_LABELS[stage]}.${told}`;
  }
  return null;
}
