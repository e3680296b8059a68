// A decision recorded (issue 34 item 5, decision 086): a move to Offer or Hired, or a rejection of
// an application that has been in Interview or has a submitted scorecard, keeps who decided, when,
// why, and how many of the submitted scorecards it went against then. The why is required when it
// goes against most of them (Offer or Hired when most recommend No or Strong no; a rejection when
// most recommend Yes or Strong yes). moves.ts checks and stores it in the move's transaction, on the
// locked rows; it is the team's (the application page's history), never the candidate's: their
// timeline and export read only status changes, and this table is not one.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { jobCards, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import type { Application, ApplicationStatus } from "./entities.ts";
import { ApplicationError } from "./errors.ts";
import { memberNames } from "./notes.ts";
import { STATUS_LABELS } from "./pipeline.ts";
import { applicationOfMember, candidateLabel } from "./review.ts";
import { pageDateTime } from "./zoned-dates.ts";

export const MAX_DECISION_WHY = 1000;

/** The stages whose moves are decisions (a rejection only after an interview or a scorecard). */
export const DECISION_STAGES = ["offer", "hired", "rejected"] as const satisfies readonly ApplicationStatus[];
type DecisionStage = (typeof DECISION_STAGES)[number];

const isDecisionStage = (to: ApplicationStatus): to is DecisionStage =>
  (DECISION_STAGES as readonly string[]).includes(to);

/** The why as forms send it: trimmed, empty is none. */
export const decisionWhySchema = z
  .string()
  .trim()
  .max(MAX_DECISION_WHY, `The reason can be up to ${MAX_DECISION_WHY.toLocaleString("en-US")} characters.`)
  .refine((text) => !/(?![\t\n\r])\p{Cc}/u.test(text), "The reason can't contain control characters.")
  .transform((text) => text || null);

/** The why checked before the move's transaction; refused beside the `why` field. */
export function checkedWhy(why: string | null | undefined): string | null {
  if (!why) return null;
  const parsed = decisionWhySchema.safeParse(why);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]!.message;
  throw new ApplicationError("invalid", message, { fieldErrors: { why: message } });
}

/** A decision about to be recorded with one application's move. */
export interface PendingDecision {
  applicationId: string;
  to: DecisionStage;
  /** Submitted scorecards, and how many of them recommend the other way. */
  scorecards: number;
  against: number;
  why: string | null;
}

/** Whether the decision goes against most submitted scorecards (then its why is required). */
export const againstMost = (d: Pick<PendingDecision, "scorecards" | "against">): boolean =>
  d.against * 2 > d.scorecards;

const way = (to: DecisionStage) => (to === "rejected" ? "Yes or Strong yes" : "No or Strong no");

/**
 * The decisions the move of these (locked) applications to `to` records, by application id: none
 * for a move that is not one. Refused ("invalid", beside `why`) when one goes against most of its
 * scorecards and no why is given; a bulk move's one why is kept for each, and its refusal names
 * the applicants who need it.
 */
export async function pendingDecisions(
  applications: readonly Application[],
  to: ApplicationStatus,
  why: string | null,
): Promise<Map<string, PendingDecision>> {
  const moving = applications.filter((a) => a.status !== to);
  if (!isDecisionStage(to) || !moving.length) return new Map();
  const rows = await em().execute<{ id: string; interviewed: boolean; scorecards: number; yes: number }[]>(
    `select a.id,
            exists (select 1 from application_status_changes c
                     where c.application_id = a.id and c.to_status in ('interview', 'offer')) as interviewed,
            (count(s.id) filter (where s.submitted_at is not null))::int as scorecards,
            (count(s.id) filter (where s.submitted_at is not null and s.recommendation >= 3))::int as yes
       from unnest(?::uuid[]) as a(id) left join scorecards s on s.application_id = a.id
      group by a.id`,
    [`{${moving.map((a) => a.id).join(",")}}`],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const decisions = new Map<string, PendingDecision>();
  for (const application of moving) {
    const row = byId.get(application.id)!;
    const interviewed = row.interviewed || application.status === "interview" || application.status === "offer";
    if (to === "rejected" && !interviewed && !row.scorecards) continue;
    const against = to === "rejected" ? row.yes : row.scorecards - row.yes;
    decisions.set(application.id, { applicationId: application.id, to, scorecards: row.scorecards, against, why });
  }
  if (why) return decisions;
  const missing = moving.filter((a) => {
    const d = decisions.get(a.id);
    return d && againstMost(d);
  });
  if (!missing.length) return decisions;
  const tally = (a: Application) => {
    const d = decisions.get(a.id)!;
    return `${d.against} of ${d.scorecards}`;
  };
  let message: string;
  if (applications.length === 1) {
    const one = decisions.get(missing[0]!.id)!.scorecards === 1;
    message = `${tally(missing[0]!)} ${one ? "scorecard recommends" : "scorecards recommend"} ${way(to)}: say why you decided otherwise.`;
  } else {
    const people = await publicProfiles(missing.flatMap((a) => (a.candidateId ? [a.candidateId] : [])));
    const names = missing.map(
      (a) => `${candidateLabel(a.candidateId, a.candidateId ? people.get(a.candidateId) : undefined)} (${tally(a)})`,
    );
    message =
      `Most scorecards recommend ${way(to)} for ${names.join(", ")}: say why you decided otherwise ` +
      `(the reason is kept for each of them). Nothing was moved.`;
  }
  throw new ApplicationError("invalid", message, { fieldErrors: { why: message } });
}

/** Stores a decision with its status change (inside the move's transaction). */
export async function storeDecision(member: Member, changeId: number, decision: PendingDecision): Promise<void> {
  await em().execute(
    `insert into application_decisions (id, application_id, status_change_id, decided_by, decided_at, to_status, why, scorecards, against)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      randomUUID(),
      decision.applicationId,
      changeId,
      member.userId,
      now(),
      decision.to,
      decision.why,
      decision.scorecards,
      decision.against,
    ],
  );
}

const tallyOf = ({ scorecards: n, against }: { scorecards: number; against: number }): string | null =>
  !n
    ? null
    : against
      ? `against ${against} of ${n} scorecard${n === 1 ? "" : "s"}`
      : n === 1
        ? "with the 1 scorecard"
        : `with all ${n} scorecards`;

export interface DecisionView {
  id: string;
  to: DecisionStage;
  toLabel: string;
  by: string;
  at: string;
  why: string | null;
  /** "against 2 of 3 scorecards", "with all 3 scorecards"; null when none was submitted then. */
  tally: string | null;
  againstMost: boolean;
}

/** The application's recorded decisions, oldest first, for its team (who may review it); else not found. */
export async function applicationDecisions(
  member: Member,
  applicationId: string,
  { jobId }: { jobId?: string } = {},
): Promise<DecisionView[]> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const rows = await em().execute<
    {
      id: string;
      decided_by: string | null;
      decided_at: Date;
      to_status: DecisionStage;
      why: string | null;
      scorecards: number;
      against: number;
    }[]
  >(
    `select id, decided_by, decided_at, to_status, why, scorecards, against from application_decisions
      where application_id = ? order by decided_at, status_change_id`,
    [application.id],
  );
  const nameOf = await memberNames(rows.map((r) => r.decided_by));
  return rows.map((r) => ({
    id: r.id,
    to: r.to_status,
    toLabel: STATUS_LABELS[r.to_status],
    by: nameOf(r.decided_by),
    at: pageDateTime(r.decided_at, member.timeZone),
    why: r.why,
    tally: tallyOf(r),
    againstMost: againstMost(r),
  }));
}

/** The decisions a member made (their account export): stage, why and tally, with the job's title. */
export async function decisionsMade(memberId: string) {
  const rows = await em().execute<
    {
      job_id: string;
      to_status: DecisionStage;
      why: string | null;
      scorecards: number;
      against: number;
      decided_at: Date;
    }[]
  >(
    `select a.job_id, d.to_status, d.why, d.scorecards, d.against, d.decided_at from application_decisions d
      join applications a on a.id = d.application_id where d.decided_by = ? order by d.decided_at, d.id`,
    [memberId],
  );
  const jobs = await jobCards(rows.map((r) => r.job_id));
  return {
    note: "The hiring decisions you recorded, with the job they were for and why. Who the applicant was is their personal data, so it is not part of your export.",
    decisions: rows.map((r) => ({
      job: jobs.get(r.job_id)?.title ?? null,
      decision: STATUS_LABELS[r.to_status],
      why: r.why,
      scorecards: tallyOf(r),
      decidedAt: new Date(r.decided_at).toISOString(),
    })),
  };
}
