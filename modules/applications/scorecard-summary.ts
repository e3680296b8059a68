// The team's scorecards summed up for the list and the CSV (issue 34 item 4, decision 085): per
// application the average overall recommendation of the submitted scorecards and how many are in,
// and for the CSV the mean per attribute. Each is one grouped read over many applications (or
// a lateral join in the list's row query), never one query per row.
// Blindness follows the application page (decision 083): an owner reads every average; any other
// member reads it only on applications where their own scorecard is submitted, and otherwise only
// how many are in, so the list and the CSV never give away what the page still hides.
import { em } from "../../lib/db.ts";
import { scorecardAttributesOf, type Member, type ScorecardAttribute } from "../hiring/index.server.ts";
import { roundMean } from "./scorecard-spread.ts";

/** Whether the member reads every application's scorecards without submitting their own. */
export const readsAllScorecards = (member: Member): boolean => member.role === "owner";

/**
 * The list's join: per application `r.cards` (submitted scorecards), `r.rec` (their average
 * recommendation in hundredths, null without any) and `r.mine` (the member's own is among them).
 * Takes the member's id as its one parameter.
 */
export const SUBMITTED_SCORECARDS_JOIN = `cross join lateral (
    select count(*)::int as cards, round(avg(sc.recommendation) * 100)::int as rec, bool_or(sc.author_id = ?::uuid) as mine
      from scorecards sc where sc.application_id = a.id and sc.submitted_at is not null) r`;

/** The average (hundredths) the member may read, else -1: the list's key for "best recommendation first". */
export const visibleRecommendationKey = (member: Member): string =>
  readsAllScorecards(member) ? `coalesce(r.rec, -1)` : `(case when r.mine then coalesce(r.rec, -1) else -1 end)`;

export interface ScorecardTally {
  /** Submitted scorecards on the application. */
  count: number;
  /** Their average overall recommendation (1 to 4, two decimals), null when none or hidden from the member. */
  average: number | null;
  /** Whether the member may read the averages (else only the count). */
  visible: boolean;
}

/** A list row's tally from its `cards` and visible key (hundredths, -1 hidden or none). */
export function tallyOf(member: Member, cards: number, key: number, mine: boolean | null): ScorecardTally {
  const visible = readsAllScorecards(member) || Boolean(mine);
  return { count: Number(cards), average: visible && Number(key) >= 0 ? Number(key) / 100 : null, visible };
}

/**
 * The attributes the CSV has a column for: the job's active ones, then each retired one that a
 * submitted scorecard rated on the scale.
 */
export async function scorecardColumns(jobId: string): Promise<ScorecardAttribute[]> {
  const { attributes } = await scorecardAttributesOf(jobId);
  const retired = attributes.filter((a) => a.retired);
  if (!retired.length) return attributes;
  const rated = await em().execute<{ attribute_id: string }[]>(
    `select distinct sr.attribute_id from scorecard_ratings sr join scorecards sc on sc.id = sr.scorecard_id
      where sr.attribute_id = any(?::uuid[]) and sr.rating is not null and sc.submitted_at is not null`,
    [`{${retired.map((a) => a.id).join(",")}}`],
  );
  const ratedIds = new Set(rated.map((r) => r.attribute_id));
  return attributes.filter((a) => !a.retired || ratedIds.has(a.id));
}

export interface ScorecardMeans extends ScorecardTally {
  /** By attribute id: the mean of the submitted ratings on the scale (not assessed left out). Empty when hidden. */
  attributes: Map<string, number>;
}

/** For each application: how many scorecards are in, the average recommendation and the means per attribute (two grouped reads). */
export async function scorecardMeans(member: Member, applicationIds: string[]): Promise<Map<string, ScorecardMeans>> {
  if (!applicationIds.length) return new Map();
  const ids = `{${applicationIds.join(",")}}`;
  const [cards, ratings] = await Promise.all([
    em().execute<{ application_id: string; cards: number; average: string | null; mine: boolean }[]>(
      `select application_id, count(*)::int as cards, avg(recommendation) as average, bool_or(author_id = ?::uuid) as mine
         from scorecards where application_id = any(?::uuid[]) and submitted_at is not null group by application_id`,
      [member.userId, ids],
    ),
    em().execute<{ application_id: string; attribute_id: string; mean: string }[]>(
      `select sc.application_id, sr.attribute_id, avg(sr.rating) as mean
         from scorecards sc join scorecard_ratings sr on sr.scorecard_id = sc.id
        where sc.application_id = any(?::uuid[]) and sc.submitted_at is not null and sr.rating is not null
        group by sc.application_id, sr.attribute_id`,
      [ids],
    ),
  ]);
  const result = new Map<string, ScorecardMeans>();
  for (const row of cards) {
    const visible = readsAllScorecards(member) || row.mine;
    result.set(row.application_id, {
      count: Number(row.cards),
      average: visible && row.average !== null ? roundMean(Number(row.average)) : null,
      visible,
      attributes: new Map(),
    });
  }
  for (const row of ratings) {
    const entry = result.get(row.application_id);
    if (entry?.visible) entry.attributes.set(row.attribute_id, roundMean(Number(row.mean)));
  }
  return result;
}
