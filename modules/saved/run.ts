// The job alert run (hourly, UTC; queues.ts). It claims due alerts in chunks with one atomic
// UPDATE … FOR UPDATE SKIP LOCKED (lib/db.ts#claimRows) that moves each alert's next run on, so
// two runs at once take different alerts and an alert is claimed once per period. For a chunk it
// searches once per distinct search (board: jobs published since the oldest claimed alert's last
// look; provider: one call, first page), picks for each alert what it has not seen, and queues
// the digests for sending (queues.ts, sendMailOnce per alert and period) in the same transaction
// that releases the claim. A retried run first finishes the alerts it had claimed.
import { claimRows, em, transaction } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { companyDisplayName, formatSalary } from "../hiring/index.server.ts";
import { providerListingsForAlert, type AlertListing, newBoardJobs, type BoardJob } from "../search/index.server.ts";
import { NEXT_RUN_SQL, PERIOD_SQL } from "./send-times.ts";
import type { Frequency } from "./entities.ts";

export const SEND_DIGESTS_QUEUE = "saved.send-alert-digests";
/** Alerts claimed per transaction. */
const CHUNK = 1_000;
/** Digests per send job. */
const DIGESTS_PER_JOB = 50;
/** Searches running at once (each on its own pooled connection). */
const PARALLEL = 4;
export const DIGEST_SIZE = 10;

export interface ClaimedAlert {
  id: string;
  candidate_id: string;
  q: string;
  location: string;
  location_type: string;
  employment_type: string;
  category: string;
  min_salary: number | null;
  include_remote: boolean | null;
  salary_currency: string;
  search_key: string;
  frequency: Frequency;
  claimed_period: string;
  claim_since: Date;
}

export interface DigestEntry {
  key: string;
  title: string;
  company: string;
  location: string;
  salary: string | null;
  /** A board job's pay as numbers, so a reader's language can write it its own way (absent: `salary` as it is). */
  pay?: { min: number | null; max: number | null; currency: string };
  source: string;
  /** A path on this site. */
  path: string;
}

export interface QueuedDigest {
  alertId: string;
  period: string;
  jobs: DigestEntry[];
}

export interface RunSummary {
  claimed: number;
  searches: number;
  digests: number;
}

const COLUMNS = `t.id, t.candidate_id, t.q, t.location, t.location_type, t.employment_type, t.category, t.min_salary, t.include_remote, t.salary_currency, t.search_key, t.frequency, t.claimed_period, t.claim_since`;

/** Due alerts this run takes (with `all`, every alert not paused): their claim says which period, and since when jobs are new to them. */
function claimDue(runId: string, asOf: Date, all: boolean): Promise<ClaimedAlert[]> {
  return claimRows<ClaimedAlert>(
    "job_alerts",
    {
      // With `all`, an alert this run already took has seen_until = asOf: taken once.
      where: "paused_at is null and (next_run_at <= ? or (?::boolean and seen_until < ?))",
      orderBy: "search_key, id",
      limit: CHUNK,
      set: `claimed_by = ?, claim_since = picked.seen_until, seen_until = ?, next_run_at = ${NEXT_RUN_SQL}, claimed_period = ${PERIOD_SQL}`,
      returning: COLUMNS,
    },
    [asOf, all, asOf, runId, asOf, asOf, asOf],
  );
}

/** Alerts an earlier try of this same run claimed and did not get to queue. */
function leftovers(runId: string): Promise<ClaimedAlert[]> {
  return em().execute<ClaimedAlert[]>(
    `select ${COLUMNS} from job_alerts t where t.claimed_by = ? order by t.search_key, t.id limit ${CHUNK}`,
    [runId],
  );
}

/** Runs `work` over `items`, `PARALLEL` at a time. */
async function eachParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const boardEntry = (job: BoardJob): DigestEntry => ({
  key: `board:${job.id}`,
  title: job.title,
  company: companyDisplayName(job.companyName),
  location: job.location,
  salary: formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency),
  pay: { min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency },
  source: "On Hirewise",
  path: `/candidate/jobs/${job.id}`,
});

const listingEntry = ({ key, providerName, listing }: AlertListing): DigestEntry => ({
  key,
  title: listing.title,
  company: companyDisplayName(listing.company),
  location: listing.location,
  salary: listing.salaryMin !== null || listing.salaryMax !== null ? listing.salary : null,
  source: providerName,
  path: `/candidate/jobs?job=${encodeURIComponent(key)}`,
});

/** Provider listings with the time the alert run first saw each (now, for those never seen before). */
async function firstSeen(listings: AlertListing[], asOf: Date): Promise<Map<string, number>> {
  if (!listings.length) return new Map();
  const rows = listings.map(({ key }) => {
    const colon = key.indexOf(":");
    return { source: key.slice(0, colon).slice(0, 40), listing_id: key.slice(colon + 1).slice(0, 300) };
  });
  const json = JSON.stringify(rows);
  await em().execute(
    `insert into alert_listings_seen (source, listing_id, first_seen_at)
     select distinct source, listing_id, ?::timestamptz from json_to_recordset(?::json) as r(source text, listing_id text)
     on conflict do nothing`,
    [asOf, json],
  );
  const seen = await em().execute<{ source: string; listing_id: string; first_seen_at: Date }[]>(
    `select s.source, s.listing_id, s.first_seen_at from alert_listings_seen s join (select distinct source, listing_id from json_to_recordset(?::json) as r(source text, listing_id text)) r using (source, listing_id)`,
    [json],
  );
  return new Map(seen.map((s) => [`${s.source}:${s.listing_id}`, new Date(s.first_seen_at).getTime()]));
}

/** Each claimed alert's digest (alerts with nothing new get none), searching once per distinct search. */
export async function buildDigests(
  alerts: ClaimedAlert[],
  asOf: Date,
): Promise<{ digests: QueuedDigest[]; searches: number }> {
  const groups = new Map<string, ClaimedAlert[]>();
  for (const alert of alerts) groups.set(alert.search_key, [...(groups.get(alert.search_key) ?? []), alert]);
  const found = new Map<string, { board: BoardJob[]; listings: AlertListing[] }>();
  await eachParallel([...groups.values()], async (group) => {
    const a = group[0]!;
    const since = new Date(Math.min(...group.map((g) => new Date(g.claim_since).getTime())));
    const search = {
      q: a.q,
      location: a.location,
      locationType: a.location_type,
      employmentType: a.employment_type,
      category: a.category,
      minSalary: a.min_salary,
      includeRemote: a.include_remote,
      salaryCurrency: a.salary_currency,
    };
    const [board, listings] = await Promise.all([
      // Newest first, so each alert's new jobs are a prefix of the group's.
      newBoardJobs(search, since, asOf, DIGEST_SIZE),
      providerListingsForAlert(search, group.some((g) => g.frequency === "weekly") ? "week" : "3days"),
    ]);
    found.set(a.search_key, { board, listings });
  });
  const seen = await firstSeen(
    [...found.values()].flatMap((f) => f.listings),
    asOf,
  );

  const digests: QueuedDigest[] = [];
  for (const alert of alerts) {
    const { board, listings } = found.get(alert.search_key)!;
    const since = new Date(alert.claim_since).getTime();
    const fromBoard = board.filter((j) => j.publishedAt !== null && Date.parse(j.publishedAt) > since).map(boardEntry);
    const fromProvider = listings.filter((l) => (seen.get(l.key) ?? 0) > since).map(listingEntry);
    const jobs: DigestEntry[] = [];
    const keys = new Set<string>();
    for (let i = 0; jobs.length < DIGEST_SIZE && (i < fromBoard.length || i < fromProvider.length); i++) {
      for (const entry of [fromBoard[i], fromProvider[i]]) {
        if (!entry || jobs.length >= DIGEST_SIZE || keys.has(entry.key)) continue;
        keys.add(entry.key);
        jobs.push(entry);
      }
    }
    if (jobs.length) digests.push({ alertId: alert.id, period: alert.claimed_period, jobs });
  }
  return { digests, searches: groups.size };
}

/** One run over every due alert. `runId` is the queue job's id (a retry of it finishes its claims). */
export async function runAlerts(runId: string, asOf: Date, options: { all?: boolean } = {}): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, searches: 0, digests: 0 };
  for (;;) {
    const left = await leftovers(runId);
    const chunk = left.length ? left : await claimDue(runId, asOf, options.all ?? false);
    if (!chunk.length) return summary;
    const { digests, searches } = await buildDigests(chunk, asOf);
    await transaction(async (tx) => {
      for (let i = 0; i < digests.length; i += DIGESTS_PER_JOB)
        await enqueue(SEND_DIGESTS_QUEUE, { digests: digests.slice(i, i + DIGESTS_PER_JOB) });
      await tx.execute(
        `update job_alerts set claimed_by = null where claimed_by = ? and id in (select (jsonb_array_elements_text(?::jsonb))::uuid)`,
        [runId, JSON.stringify(chunk.map((a) => a.id))],
      );
    });
    summary.claimed += chunk.length;
    summary.searches += searches;
    summary.digests += digests.length;
  }
}
