// The team's scorecards summed up for the list and the CSV (issue 34 item 4, decision 085): per
// application the average overall recommendation of the submitted scorecards and how many are in,
// and for the CSV the mean per attribute. Each is one grouped read over a page of applications
// (or over the job's, for the list's sort), never one query per row.
// Blindness follows the application page (decision 083): an owner reads every average; any other
// member reads it only on applications where their own scorecard is submitted, and otherwise only
// how many are in, so the list and the CSV never give away what the page still hides (the sort
// too: an average the member may not read sorts as none).
import { em } from "../../lib/db.ts";
import {
  blindScorecards,
  scorecardAttributesOf,
  type Member,
  type ScorecardAttribute,
} from "../hiring/index.server.ts";
import { roundMean } from "./scorecard-spread.ts";

/** Whether the member reads every application's scorecards without submitting their own: owners, or all when the company turned blindness off. */
export const readsAllScorecards = async (member: Member): Promise<boolean> =>
  member.role === "owner" || !(await blindScorecards(member.companyId));

/**
 * The join the list's "best recommendation first" sorts on: per application of the job `r.rec`
 * (the average recommendation of its submitted scorecards in hundredths, null without any) and
 * `r.mine` (the member's own is among them). One grouped read of the job's scorecards; the
 * average is rounded half up in whole numbers (cheaper than numeric's avg), as roundMean rounds.
 */
export const recommendationJoin = (member: Member, jobId: string) => ({
  sql: `left join (
    select sc.application_id, ((200 * sum(sc.recommendation) + count(*)) / (2 * count(*)))::int as rec, bool_or(sc.author_id = ?::uuid) as mine
      from scorecards sc join applications sa on sa.id = sc.application_id
     where sa.job_id = ? and sc.submitted_at is not null group by sc.application_id) r on r.application_id = a.id`,
  params: [member.userId, jobId],
});

/** The average (hundredths) the member may read, else -1: the list's key for "best recommendation first". */
export const visibleRecommendationKey = (readsAll: boolean): string =>
  readsAll ? `coalesce(r.rec, -1)` : `(case when r.mine then coalesce(r.rec, -1) else -1 end)`;

export interface ScorecardTally {
  /** Submitted scorecards on the application. */
  count: number;
  /** Their average overall recommendation (1 to 4, two decimals), null when none or hidden from the member. */
  average: number | null;
  /** Whether the member may read the averages (else only the count). */
  visible: boolean;
}

const NONE: ScorecardTally = { count: 0, average: null, visible: false };

/** Each application's tally as the member may read it (one grouped read); absent ones have none. */
export async function scorecardTallies(member: Member, applicationIds: string[]): Promise<Map<string, ScorecardTally>> {
  if (!applicationIds.length) return new Map();
  const rows = await em().execute<{ application_id: string; cards: number; average: string | null; mine: boolean }[]>(
    `select application_id, count(*)::int as cards, avg(recommendation) as average, bool_or(author_id = ?::uuid) as mine
       from scorecards where application_id = any(?::uuid[]) and submitted_at is not null group by application_id`,
    [member.userId, `{${applicationIds.join(",")}}`],
  );
  const readsAll = await readsAllScorecards(member);
  return new Map(
    rows.map((row) => {
      const visible = readsAll || row.mine;
      const average = visible && row.average !== null ? roundMean(Number(row.average)) : null;
      return [row.application_id, { count: Number(row.cards), average, visible }];
    }),
  );
}

/** The tally of an application with no submitted scorecard. */
export const tallyOf = (tallies: Map<string, ScorecardTally>, applicationId: string): ScorecardTally =>
  tallies.get(applicationId) ?? NONE;

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
  const [tallies, ratings] = await Promise.all([
    scorecardTallies(member, applicationIds),
    em().execute<{ application_id: string; attribute_id: string; mean: string }[]>(
      `select sc.application_id, sr.attribute_id, avg(sr.rating) as mean
         from scorecards sc join scorecard_ratings sr on sr.scorecard_id = sc.id
        where sc.application_id = any(?::uuid[]) and sc.submitted_at is not null and sr.rating is not null
        group by sc.application_id, sr.attribute_id`,
      [ids],
    ),
  ]);
  const result = new Map<string, ScorecardMeans>(
    [...tallies].map(([id, tally]) => [id, { ...tally, attributes: new Map<string, number>() }]),
  );
  for (const row of ratings) {
    const entry = result.get(row.application_id);
    if (entry?.visible) entry.attributes.set(row.attribute_id, roundMean(Number(row.mean)));
  }
  return result;
}
