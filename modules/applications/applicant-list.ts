// A job's applicants as its members page through them (decision 052): counts per stage, one stage
// or all, newest first, best match first (unscored last) or best recommendation first (the average
// of the submitted scorecards as far as the member may read it, decision 085; none last), read in
// pages by keyset: a cursor holds
// the sort key and id of the row the page starts after (or ends before), so page 200 costs what
// page 1 does and a new application does not shift the pages. Prev/Next on an application page
// uses the same order (applicantNeighbours).
import { now } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { isUuid, jobOfMember, may, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import type { ApplicationStatus } from "./entities.ts";
import { isOpen } from "./pipeline.ts";
import { APPLICANT_FILTERS, APPLICANT_SORTS, candidateLabel, decisionsFor, STATUS_LABELS } from "./review.ts";
import {
  recommendationJoin,
  scorecardTallies,
  tallyOf,
  visibleRecommendationKey,
  readsAllScorecards,
  type ScorecardTally,
} from "./scorecard-summary.ts";

export const APPLICANT_PAGE_SIZE = 25;

export type ApplicantSort = (typeof APPLICANT_SORTS)[number];

/** Which applicants and in what order: from the page's `?show=&sort=` (anything unknown: the default). */
export interface ApplicantListView {
  show: string;
  sort: ApplicantSort;
}

export function applicantListView(params: URLSearchParams): ApplicantListView {
  const show = params.get("show") ?? "";
  const sort = params.get("sort") ?? "";
  return {
    show: (APPLICANT_FILTERS as readonly string[]).includes(show) ? show : "all",
    sort: (APPLICANT_SORTS as readonly string[]).includes(sort) ? (sort as ApplicantSort) : "newest",
  };
}

/** The query string that reproduces a view (and page): defaults left out. */
export function applicantListQuery({ show, sort, cursor }: ApplicantListView & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  if (show !== "all") params.set("show", show);
  if (sort !== "newest") params.set("sort", sort);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The stages a member may move selected applicants to (the move itself checks each one). */
export function moveTargets(): { value: string; label: string }[] {
  return APPLICANT_FILTERS.filter((f) => f !== "all" && f !== "submitted" && f !== "withdrawn").map((f) => ({
    value: f,
    label: STATUS_LABELS[f as ApplicationStatus],
  }));
}

export interface ApplicantRow {
  id: string;
  candidateName: string;
  candidateDeleted: boolean;
  avatarUrl: string | null;
  status: ApplicationStatus;
  appliedAt: string;
  resumeId: string | null;
  decisions: ("shortlist" | "reject")[];
  /** The AI's overall match and its reason, once scored. */
  match: { overall: number; reason: string } | null;
  /** Still undecided STALE_DAYS after applying: the list marks it "Waiting 14+ days". */
  stale: boolean;
  /** The submitted scorecards: how many, and their average recommendation where the member may read it. */
  scorecards: ScorecardTally;
}

/** How long an undecided application waits before the job page marks it (decision 073). */
export const STALE_DAYS = 14;

const isStale = (status: ApplicationStatus, appliedAt: Date): boolean =>
  isOpen(status) && now().getTime() - new Date(appliedAt).getTime() > STALE_DAYS * 24 * 60 * 60 * 1000;

export interface ApplicantPage extends ApplicantListView {
  /** "All" first, then each stage with its count, in the module's order. */
  stages: { value: string; label: string; count: number }[];
  applicants: ApplicantRow[];
  /** The cursor this page was read with (null: the first page, also for a cursor that made no sense). */
  cursor: string | null;
  /** The next page's cursor, null at the end. */
  next: string | null;
  /** Whether there is a page before this one, and its cursor (null: the first page). */
  hasPrevious: boolean;
  previous: string | null;
  /** Whether the member may move applicants (decision buttons, bulk selection). */
  mayDecide: boolean;
}

// ---------------------------------------------------------------------------------------------
// Keys and cursors. A key is the row's place in the order: match or the average recommendation in
// hundredths first (-1 when unscored or without one the member may read, so those come last), then the time applied in microseconds (exact: a JS Date keeps only
// milliseconds), then the id. Cursors read "a" (after) or "b" (before), then the key, by dots.

interface Key {
  score: number;
  micros: string;
  id: string;
}

type Direction = "after" | "before";

/** The sorts whose key starts with a score (the match, or the average recommendation in hundredths). */
const scored = (sort: ApplicantSort) => sort === "match" || sort === "recommendation";
const MAX_SCORE: Partial<Record<ApplicantSort, number>> = { match: 100, recommendation: 400 };

function encodeCursor(direction: Direction, sort: ApplicantSort, key: Key): string {
  const parts = scored(sort) ? [key.score, key.micros, key.id] : [key.micros, key.id];
  return [direction === "after" ? "a" : "b", ...parts].join(".");
}

/** A cursor as the page made it, or null for anything else (a forged or stale one reads the first page). */
function decodeCursor(
  cursor: string | null | undefined,
  sort: ApplicantSort,
): { direction: Direction; key: Key } | null {
  if (!cursor || cursor.length > 80) return null;
  const parts = cursor.split(".");
  const [direction, ...rest] = parts;
  if (direction !== "a" && direction !== "b") return null;
  const [score, micros, id] = scored(sort) ? rest : ["-1", ...rest];
  if (rest.length !== (scored(sort) ? 3 : 2) || score === undefined || micros === undefined || id === undefined)
    return null;
  if (!/^(-1|\d{1,3})$/.test(score) || Number(score) > (MAX_SCORE[sort] ?? -1) || !/^\d{1,16}$/.test(micros))
    return null;
  if (!isUuid(id)) return null;
  return { direction: direction === "a" ? "after" : "before", key: { score: Number(score), micros, id } };
}

// ---------------------------------------------------------------------------------------------
// SQL. Every statement reads one job's applications of the member's company; the sort's columns
// in `order`, compared as one row with the key so the index (job_id[, status], created_at, id)
// serves the newest order from the cursor on.

const MICROS = `(extract(epoch from a.created_at) * 1000000)::bigint::text`;
const FROM_MICROS = `(timestamptz 'epoch' + ?::bigint * interval '1 microsecond')`;

/** The score a sort's key starts with: the match, the average recommendation the member may read, or none (-1). */
function scoreOf(sort: ApplicantSort, readsAll: boolean): string {
  return sort === "match"
    ? `coalesce(s.overall, -1)`
    : sort === "recommendation"
      ? visibleRecommendationKey(readsAll)
      : `-1`;
}

function orderOf(sort: ApplicantSort, readsAll: boolean) {
  const score = scoreOf(sort, readsAll);
  return scored(sort)
    ? {
        columns: `(${score}, a.created_at, a.id)`,
        key: (k: Key) => ({ sql: `(?::int, ${FROM_MICROS}, ?::uuid)`, params: [k.score, k.micros, k.id] }),
        desc: `${score} desc, a.created_at desc, a.id desc`,
        asc: `${score}, a.created_at, a.id`,
        down: "<",
      }
    : {
        columns: `(a.created_at, a.id)`,
        key: (k: Key) => ({ sql: `(${FROM_MICROS}, ?::uuid)`, params: [k.micros, k.id] }),
        // The list reads "down" in `desc` order: oldest first is the same key read the other way.
        desc: sort === "oldest" ? `a.created_at, a.id` : `a.created_at desc, a.id desc`,
        asc: sort === "oldest" ? `a.created_at desc, a.id desc` : `a.created_at, a.id`,
        down: sort === "oldest" ? ">" : "<",
      };
}

interface Row {
  id: string;
  candidate_id: string | null;
  status: ApplicationStatus;
  resume_id: string | null;
  created_at: Date;
  score: number;
  micros: string;
  overall: number | null;
  reason: string | null;
}

/**
 * Up to `limit` rows of the view past `key` in `direction` ("after": further down the list, in the
 * list's order; "before": further up, nearest first), or from the top without a key.
 */
async function readRows(
  member: Member,
  jobId: string,
  view: ApplicantListView,
  limit: number,
  from?: { direction: Direction; key: Key },
): Promise<Row[]> {
  const readsAll = view.sort === "recommendation" && (await readsAllScorecards(member));
  const order = orderOf(view.sort, readsAll);
  // Only the recommendation's order reads the job's scorecards here (its join's parameters come first).
  const join = view.sort === "recommendation" ? recommendationJoin(member, jobId) : { sql: "", params: [] };
  const params: unknown[] = [...join.params, member.companyId, jobId];
  let where = `a.company_id = ? and a.job_id = ?`;
  if (view.show !== "all") {
    where += ` and a.status = ?`;
    params.push(view.show);
  }
  if (from) {
    const key = order.key(from.key);
    const up = order.down === "<" ? ">" : "<";
    where += ` and ${order.columns} ${from.direction === "after" ? order.down : up} ${key.sql}`;
    params.push(...key.params);
  }
  return em().execute<Row[]>(
    `select a.id, a.candidate_id, a.status, a.resume_id, a.created_at, ${scoreOf(view.sort, readsAll)} as score, ${MICROS} as micros,
            s.overall, s.reasons->>'overall' as reason
       from applications a left join application_scores s on s.application_id = a.id
       ${join.sql}
      where ${where}
      order by ${from?.direction === "before" ? order.asc : order.desc}
      limit ${Math.trunc(limit)}`,
    params,
  );
}

const keyOf = (row: Row): Key => ({ score: Number(row.score), micros: String(row.micros), id: row.id });

async function stageCounts(member: Member, jobId: string): Promise<ApplicantPage["stages"]> {
  const rows = await em().execute<{ status: string; count: string }[]>(
    `select status, count(*) as count from applications where company_id = ? and job_id = ? group by status`,
    [member.companyId, jobId],
  );
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]));
  const all = rows.reduce((sum, r) => sum + Number(r.count), 0);
  return APPLICANT_FILTERS.map((f) => ({
    value: f,
    label: f === "all" ? "All" : STATUS_LABELS[f as ApplicationStatus],
    count: f === "all" ? all : (counts.get(f) ?? 0),
  }));
}

/**
 * One page of a job's applicants as the member sees them: `cursor` from the page's links (a
 * forged or stale one reads the first page). The job must be one the member sees (else not found);
 * an interviewer gets the list without decisions.
 */
export async function applicantList(
  member: Member,
  jobId: string,
  view: ApplicantListView,
  cursor?: string | null,
  pageSize = APPLICANT_PAGE_SIZE,
): Promise<ApplicantPage> {
  await jobOfMember(member, jobId);
  const from = decodeCursor(cursor, view.sort);
  const [found, stages] = await Promise.all([
    readRows(member, jobId, view, pageSize + 1, from ?? undefined),
    stageCounts(member, jobId),
  ]);
  // A cursor past the end (stale or made up) reads the first page.
  if (from && !found.length) return applicantList(member, jobId, view, null, pageSize);
  const more = found.length > pageSize;
  let rows = found.slice(0, pageSize);
  let hasNext: boolean;
  let hasPrevious: boolean;
  let previousIsFirst = false;
  if (from?.direction === "before") {
    rows = rows.reverse();
    // Going back, the rows before may be fewer than a page (some moved away): read the first page.
    if (!more) return applicantList(member, jobId, view, null, pageSize);
    hasNext = true;
    hasPrevious = true;
    previousIsFirst =
      (await readRows(member, jobId, view, pageSize + 1, { direction: "before", key: keyOf(rows[0]!) })).length <=
      pageSize;
  } else {
    hasNext = more;
    const before =
      from && rows.length
        ? await readRows(member, jobId, view, pageSize + 1, { direction: "before", key: keyOf(rows[0]!) })
        : [];
    hasPrevious = before.length > 0;
    previousIsFirst = before.length <= pageSize;
  }
  const [people, tallies] = await Promise.all([
    publicProfiles(rows.map((r) => r.candidate_id).filter((id): id is string => Boolean(id))),
    scorecardTallies(
      member,
      rows.map((r) => r.id),
    ),
  ]);
  const mayDecide = may(member, "decide");
  return {
    ...view,
    stages,
    cursor: from && rows.length ? cursor! : null,
    next: hasNext && rows.length ? encodeCursor("after", view.sort, keyOf(rows.at(-1)!)) : null,
    hasPrevious,
    previous: hasPrevious && !previousIsFirst ? encodeCursor("before", view.sort, keyOf(rows[0]!)) : null,
    mayDecide,
    applicants: rows.map((r) => {
      const person = r.candidate_id ? people.get(r.candidate_id) : undefined;
      return {
        id: r.id,
        candidateName: candidateLabel(r.candidate_id, person),
        candidateDeleted: !r.candidate_id,
        avatarUrl: person?.avatarUrl ?? null,
        status: r.status,
        appliedAt: new Date(r.created_at).toISOString(),
        // A withdrawn application no longer gives its employer the resume (decision 048).
        resumeId: r.status === "withdrawn" ? null : r.resume_id,
        decisions: mayDecide ? decisionsFor(r.status) : [],
        match: r.overall === null ? null : { overall: r.overall, reason: r.reason ?? "" },
        stale: Boolean(r.candidate_id) && isStale(r.status, r.created_at),
        scorecards: tallyOf(tallies, r.id),
      };
    }),
  };
}

/**
 * The applications before and after this one in the list's order and stage (one query each way),
 * for Previous and Next on the application page. The application keeps its place even when it is
 * no longer in the stage (opening a submitted one makes it Under Review). Not found as the list is.
 */
export async function applicantNeighbours(
  member: Member,
  jobId: string,
  applicationId: string,
  view: ApplicantListView,
): Promise<{ previous: string | null; next: string | null }> {
  await jobOfMember(member, jobId);
  if (!isUuid(applicationId)) return { previous: null, next: null };
  const join = view.sort === "recommendation" ? recommendationJoin(member, jobId) : { sql: "", params: [] };
  const readsAll = view.sort === "recommendation" && (await readsAllScorecards(member));
  const rows = await em().execute<Row[]>(
    `select a.id, ${scoreOf(view.sort, readsAll)} as score, ${MICROS} as micros
       from applications a left join application_scores s on s.application_id = a.id
       ${join.sql}
      where a.id = ? and a.company_id = ? and a.job_id = ?`,
    [...join.params, applicationId, member.companyId, jobId],
  );
  if (!rows[0]) return { previous: null, next: null };
  const key = keyOf(rows[0]);
  const [previous, next] = await Promise.all([
    readRows(member, jobId, view, 1, { direction: "before", key }),
    readRows(member, jobId, view, 1, { direction: "after", key }),
  ]);
  return { previous: previous[0]?.id ?? null, next: next[0]?.id ?? null };
}
