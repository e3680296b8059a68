// Ratings of an application (issue 18 item 4, decision 051): each member who may review it gives at
// most one, 1 to 5 stars with an optional short reason, and changes it by rating again (one upsert
// on the unique (application, rater) index, so two posts at once still leave one). The page shows
// every member's rating and the average; the CSV shows the average. Candidates never read them.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import type { Member } from "../hiring/index.server.ts";
import { ApplicationError } from "./errors.ts";
import { memberNames } from "./notes.ts";
import { applicationOfMember } from "./review.ts";
import { pageDateTime } from "./zoned-dates.ts";

export const MAX_RATING_REASON = 300;

export const ratingSchema = z.object({
  stars: z.preprocess(
    (v) => (typeof v === "string" && /^\s*[1-5]\s*$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: "Choose from 1 to 5 stars.", required_error: "Choose from 1 to 5 stars." })
      .int("Choose from 1 to 5 stars.")
      .min(1, "Choose from 1 to 5 stars.")
      .max(5, "Choose from 1 to 5 stars."),
  ),
  // Optional: a quick score is worth having; the reason helps colleagues read it.
  reason: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .max(MAX_RATING_REASON, `A reason can be up to ${MAX_RATING_REASON} characters.`)
      .refine((reason) => !reason.includes("\0"), "The reason contained characters we can't store."),
  ),
});

export type RatingInput = z.input<typeof ratingSchema>;

export interface RatingView {
  raterName: string;
  mine: boolean;
  stars: number;
  reason: string;
  /** The time as the company reads it. */
  when: string;
}

export interface RatingsSummary {
  ratings: RatingView[];
  /** The mean of the stars, to one decimal place; null without ratings. */
  average: number | null;
  count: number;
  /** The member's own rating, to prefill their form. */
  mine: { stars: number; reason: string } | null;
}

/** "Average 3.5 from 2 ratings", "No ratings yet". */
export function averageLabel(average: number | null, count: number): string {
  if (average === null || !count) return "No ratings yet";
  return `Average ${average.toLocaleString("en-US", { maximumFractionDigits: 1 })} from ${count} rating${count === 1 ? "" : "s"}`;
}

/** "4 of 5". */
export const starsLabel = (stars: number) => `${stars} of 5`;

const roundAverage = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

/** Gives or changes the member's rating of the application. Throws "invalid" with fieldErrors (stars, reason). */
export async function rateApplication(
  member: Member,
  applicationId: string,
  input: RatingInput,
  { jobId }: { jobId?: string } = {},
): Promise<void> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const parsed = ratingSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "stars")] ??= issue.message;
    throw new ApplicationError("invalid", parsed.error.issues[0]!.message, { fieldErrors });
  }
  const at = now();
  await em().execute(
    `insert into application_ratings (id, application_id, rater_id, stars, reason, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (application_id, rater_id) do update set stars = excluded.stars, reason = excluded.reason, updated_at = excluded.updated_at`,
    [randomUUID(), applicationId, member.userId, parsed.data.stars, parsed.data.reason, at, at],
  );
}

/** Every rating of the application (newest change first) and their average, for a member who may review it. */
export async function applicationRatings(
  member: Member,
  applicationId: string,
  { jobId }: { jobId?: string } = {},
): Promise<RatingsSummary> {
  await applicationOfMember(member, applicationId, { jobId, need: "review" });
  const rows = await em().execute<{ rater_id: string | null; stars: number; reason: string; updated_at: Date }[]>(
    `select rater_id, stars, reason, updated_at from application_ratings where application_id = ? order by updated_at desc, id`,
    [applicationId],
  );
  const nameOf = await memberNames(rows.map((r) => r.rater_id));
  const count = rows.length;
  const own = rows.find((r) => r.rater_id === member.userId);
  return {
    ratings: rows.map((r) => ({
      raterName: nameOf(r.rater_id),
      mine: r.rater_id === member.userId,
      stars: r.stars,
      reason: r.reason,
      when: pageDateTime(r.updated_at, member.timeZone),
    })),
    average: count ? roundAverage(rows.reduce((sum, r) => sum + r.stars, 0) / count) : null,
    count,
    mine: own ? { stars: own.stars, reason: own.reason } : null,
  };
}

/** The average rating and count of each application (one query), for lists and the CSV. */
export async function averageRatings(
  applicationIds: string[],
): Promise<Map<string, { average: number; count: number }>> {
  if (!applicationIds.length) return new Map();
  const rows = await em().execute<{ application_id: string; average: string; count: number }[]>(
    `select application_id, avg(stars) as average, count(*)::int as count from application_ratings where application_id = any(?::uuid[]) group by application_id`,
    [`{${applicationIds.join(",")}}`],
  );
  return new Map(rows.map((r) => [r.application_id, { average: roundAverage(r.average)!, count: r.count }]));
}
