// Scorecards (issue 34 items 3 and 4, decision 083): each member who may review an application
// (owners, recruiters, interviewers assigned to its job; review.ts) writes one: a rating per
// attribute of the job's scorecard (hiring's) or "not assessed", key take-aways and an overall
// recommendation. A draft is kept; Submit is final, and a change after it is kept with its time.
// Independence: a member reads the others' submitted scorecards only once theirs is submitted
// (owners read them all), unless the company turned that off (hiring's blindScorecards); drafts
// are read by their author alone. The server decides all of it.
import { randomUUID } from "node:crypto";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import {
  jobTeam,
  scorecardAttributesOf,
  storeJobAttributes,
  type Member,
  type ScorecardAttribute,
} from "../hiring/index.server.ts";
import { ApplicationError } from "./errors.ts";
import { memberNames } from "./notes.ts";
import { applicationOfMember } from "./review.ts";
import { readsAllScorecards } from "./scorecard-summary.ts";
import { MAX_TAKEAWAYS, NOT_ASSESSED } from "./scorecard-scale.ts";
import { pageDateTime } from "./zoned-dates.ts";

export interface ScorecardInput {
  /** By attribute id: "1" to "4", NOT_ASSESSED, or "" (not answered yet). */
  ratings: Record<string, string>;
  takeaways: string;
  /** "1" to "4", or "". */
  recommendation: string;
}

export type ScorecardState = "none" | "draft" | "submitted";

export interface MyScorecard {
  /** What the form asks: the active attributes, then any retired one this scorecard rated. */
  attributes: ScorecardAttribute[];
  values: Record<string, string>;
  takeaways: string;
  recommendation: string;
  state: ScorecardState;
  submittedAt: string | null;
  editedAt: string | null;
}

interface Where {
  jobId?: string;
}

type CardRow = {
  id: string;
  author_id: string | null;
  takeaways: string;
  recommendation: number | null;
  submitted_at: Date | null;
  edited_at: Date | null;
};

const cardsOf = (applicationId: string) =>
  em().execute<CardRow[]>(
    `select id, author_id, takeaways, recommendation, submitted_at, edited_at from scorecards
      where application_id = ? order by submitted_at nulls last, id`,
    [applicationId],
  );

const ratingsOf = (scorecardIds: string[]) =>
  scorecardIds.length
    ? em().execute<{ scorecard_id: string; attribute_id: string; rating: number | null }[]>(
        `select scorecard_id, attribute_id, rating from scorecard_ratings where scorecard_id = any(?::uuid[])`,
        [`{${scorecardIds.join(",")}}`],
      )
    : Promise.resolve([]);

const valueOf = (rating: number | null) => (rating === null ? NOT_ASSESSED : String(rating));

/** The member's own scorecard on the application (empty when they have none), for its form. */
export async function myScorecard(member: Member, applicationId: string, { jobId }: Where = {}): Promise<MyScorecard> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const [{ attributes }, cards] = await Promise.all([scorecardAttributesOf(application.jobId), cardsOf(applicationId)]);
  const mine = cards.find((c) => c.author_id === member.userId);
  const rows = mine ? await ratingsOf([mine.id]) : [];
  const values = Object.fromEntries(rows.map((r) => [r.attribute_id, valueOf(r.rating)]));
  return {
    attributes: attributes.filter((a) => !a.retired || a.id in values),
    values,
    takeaways: mine?.takeaways ?? "",
    recommendation: mine?.recommendation ? String(mine.recommendation) : "",
    state: !mine ? "none" : mine.submitted_at ? "submitted" : "draft",
    submittedAt: mine?.submitted_at ? pageDateTime(mine.submitted_at, member.timeZone) : null,
    editedAt: mine?.edited_at ? pageDateTime(mine.edited_at, member.timeZone) : null,
  };
}

const POINT = /^[1-4]$/;

/** Reads the input against the active attributes; a submitted one must be complete. Messages keyed `rating.{id}`, `takeaways`, `recommendation`. */
function checkInput(input: ScorecardInput, active: ScorecardAttribute[], complete: boolean) {
  const errors: Record<string, string> = {};
  const ratings = new Map<string, number | null>();
  for (const attribute of active) {
    const value = (input.ratings[attribute.id] ?? "").trim();
    if (value === NOT_ASSESSED) ratings.set(attribute.id, null);
    else if (POINT.test(value)) ratings.set(attribute.id, Number(value));
    else if (value) errors[`rating.${attribute.id}`] = "Choose a rating from the scale.";
    else if (complete) errors[`rating.${attribute.id}`] = `Rate ${attribute.name} or choose Not assessed.`;
  }
  const takeaways = input.takeaways.trim();
  if (takeaways.length > MAX_TAKEAWAYS)
    errors.takeaways = `Take-aways can be up to ${MAX_TAKEAWAYS.toLocaleString("en-US")} characters.`;
  else if (takeaways.includes("\0")) errors.takeaways = "The take-aways contained characters we can't store.";
  else if (complete && !takeaways) errors.takeaways = "Write your key take-aways before submitting.";
  const recommendation = input.recommendation.trim();
  if (recommendation && !POINT.test(recommendation)) errors.recommendation = "Choose a recommendation from the scale.";
  else if (complete && !recommendation) errors.recommendation = "Choose your overall recommendation.";
  const first = Object.values(errors)[0];
  if (first) throw new ApplicationError("invalid", first, { fieldErrors: errors });
  return { ratings, takeaways, recommendation: recommendation ? Number(recommendation) : null };
}

/**
 * Saves the member's scorecard: a draft, or submitted (`submit`). Once submitted it stays so: a
 * later save must be complete and is recorded as an edit (its time). One row per member and
 * application (a unique index), so two saves at once leave one scorecard, and two members' saves
 * never touch each other's. Returns what it now is.
 */
export async function saveScorecard(
  member: Member,
  applicationId: string,
  input: ScorecardInput,
  { jobId, submit = false }: Where & { submit?: boolean } = {},
): Promise<"draft" | "submitted" | "edited"> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  return transaction(async () => {
    // Ratings point at stored attributes: a job still on the default set stores it now.
    await storeJobAttributes(application.jobId);
    const active = (await scorecardAttributesOf(application.jobId)).attributes.filter((a) => !a.retired);
    const [before] = await em().execute<{ submitted_at: Date | null }[]>(
      `select submitted_at from scorecards where application_id = ? and author_id = ? for update`,
      [applicationId, member.userId],
    );
    const wasSubmitted = Boolean(before?.submitted_at);
    const checked = checkInput(input, active, submit || wasSubmitted);
    const at = now();
    const [card] = await em().execute<{ id: string; submitted_at: Date | null; edited_at: Date | null }[]>(
      `insert into scorecards (id, application_id, author_id, takeaways, recommendation, submitted_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (application_id, author_id) do update set takeaways = excluded.takeaways,
         recommendation = excluded.recommendation,
         edited_at = case when scorecards.submitted_at is not null then excluded.updated_at else scorecards.edited_at end,
         submitted_at = coalesce(scorecards.submitted_at, excluded.submitted_at),
         updated_at = excluded.updated_at
       returning id, submitted_at, edited_at`,
      [
        randomUUID(),
        applicationId,
        member.userId,
        checked.takeaways,
        checked.recommendation,
        submit ? at : null,
        at,
        at,
      ],
    );
    // Ratings of attributes retired since stay: they are that scorecard's history.
    await em().execute(`delete from scorecard_ratings where scorecard_id = ? and attribute_id = any(?::uuid[])`, [
      card!.id,
      `{${active.map((a) => a.id).join(",")}}`,
    ]);
    for (const [attributeId, rating] of checked.ratings)
      await em().execute(`insert into scorecard_ratings (scorecard_id, attribute_id, rating) values (?, ?, ?)`, [
        card!.id,
        attributeId,
        rating,
      ]);
    return card!.edited_at ? "edited" : card!.submitted_at ? "submitted" : "draft";
  });
}

export interface PictureRating {
  by: string;
  mine: boolean;
  /** Null: not assessed. */
  rating: number | null;
}

export interface ScorecardPicture {
  /** False until the member has submitted theirs (owners: always true). */
  visible: boolean;
  submittedCount: number;
  attributes: (ScorecardAttribute & { ratings: PictureRating[] })[];
  recommendations: {
    by: string;
    mine: boolean;
    recommendation: number | null;
    takeaways: string;
    submittedAt: string;
    editedAt: string | null;
  }[];
  /** The members who see the application and have not submitted a scorecard. */
  pending: { name: string; mine: boolean }[];
  myState: ScorecardState;
}

/** What the team's scorecards say of the application, as far as the member may read yet. */
export async function scorecardPicture(
  member: Member,
  applicationId: string,
  { jobId }: Where = {},
): Promise<ScorecardPicture> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const [{ attributes }, cards, team] = await Promise.all([
    scorecardAttributesOf(application.jobId),
    cardsOf(applicationId),
    jobTeam(member.companyId, application.jobId),
  ]);
  const mine = cards.find((c) => c.author_id === member.userId);
  const submitted = cards.filter((c) => c.submitted_at);
  const submitters = new Set(submitted.map((c) => c.author_id));
  const visible = Boolean(mine?.submitted_at) || (await readsAllScorecards(member));
  const pending = team
    .filter((m) => !submitters.has(m.userId))
    .map((m) => ({ name: m.name, mine: m.userId === member.userId }));
  const myState: ScorecardState = !mine ? "none" : mine.submitted_at ? "submitted" : "draft";
  if (!visible)
    return { visible, submittedCount: submitted.length, attributes: [], recommendations: [], pending, myState };
  const [rows, nameOf] = await Promise.all([
    ratingsOf(submitted.map((c) => c.id)),
    memberNames(submitted.map((c) => c.author_id)),
  ]);
  const authorOf = new Map(submitted.map((c) => [c.id, c.author_id]));
  return {
    visible,
    submittedCount: submitted.length,
    attributes: attributes
      .map((a) => ({
        ...a,
        ratings: rows
          .filter((r) => r.attribute_id === a.id)
          .map((r) => ({
            by: nameOf(authorOf.get(r.scorecard_id) ?? null),
            mine: authorOf.get(r.scorecard_id) === member.userId,
            rating: r.rating,
          }))
          .sort((x, y) => (y.rating ?? 0) - (x.rating ?? 0) || x.by.localeCompare(y.by)),
      }))
      .filter((a) => !a.retired || a.ratings.length),
    recommendations: submitted.map((c) => ({
      by: nameOf(c.author_id),
      mine: c.author_id === member.userId,
      recommendation: c.recommendation,
      takeaways: c.takeaways,
      submittedAt: pageDateTime(c.submitted_at!, member.timeZone),
      editedAt: c.edited_at ? pageDateTime(c.edited_at, member.timeZone) : null,
    })),
    pending,
    myState,
  };
}
