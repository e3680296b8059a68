// How long a company keeps the applications of candidates it did not hire (issue 35 item 3,
// decision 089): 6, 12 or 24 months after the job closed (companies.retention_months, 12 by
// default; owners change it on the team page). Applications' retention.ts anonymises what is due;
// hiring only owns the setting and when each job closed (jobs.closed_at, set by moveJob).
import { z } from "zod";
import { em } from "../../lib/db.ts";
import { Company } from "./entities.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { may, type Member } from "./team.ts";

export const RETENTION_MONTHS = [6, 12, 24] as const;
export type RetentionMonths = (typeof RETENTION_MONTHS)[number];
export const DEFAULT_RETENTION_MONTHS: RetentionMonths = 12;

export const retentionSchema = z.coerce
  .number({ message: "Choose 6, 12 or 24 months." })
  .refine(
    (n): n is RetentionMonths => (RETENTION_MONTHS as readonly number[]).includes(n),
    "Choose 6, 12 or 24 months.",
  );

/** Owners only (anyone else is not found); a value other than 6, 12 or 24 is refused beside the field. */
export async function setRetentionMonths(member: Member, input: unknown): Promise<RetentionMonths> {
  if (!may(member, "manage-team")) throw jobNotFound();
  const parsed = retentionSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Choose 6, 12 or 24 months.";
    throw new HiringError("invalid", message, { fieldErrors: { retention_months: [message] } });
  }
  await em().nativeUpdate(Company, { id: member.companyId }, { retentionMonths: parsed.data });
  return parsed.data;
}

/** The company's period (unknown company: the default). */
export async function retentionMonths(companyId: string): Promise<RetentionMonths> {
  const company = await em().findOne(Company, { id: companyId }, { fields: ["retentionMonths"] });
  return (company?.retentionMonths ?? DEFAULT_RETENTION_MONTHS) as RetentionMonths;
}

export interface ClosedJobRetention {
  jobId: string;
  companyId: string;
  closedAt: Date;
  months: RetentionMonths;
}

/** When each of these jobs closed and its company's period; open jobs (and drafts) are absent. */
export async function closedJobsRetention(jobIds: string[]): Promise<Map<string, ClosedJobRetention>> {
  const ids = [...new Set(jobIds)];
  const out = new Map<string, ClosedJobRetention>();
  if (!ids.length) return out;
  const rows = await em().execute<{ id: string; company_id: string; closed_at: Date; retention_months: number }[]>(
    `select j.id, j.company_id, j.closed_at, c.retention_months from jobs j join companies c on c.id = j.company_id
      where j.id = any(?::uuid[]) and j.closed_at is not null and j.status in ('closed', 'archived')`,
    [`{${ids.join(",")}}`],
  );
  for (const r of rows) out.set(r.id, toRetention(r));
  return out;
}

/**
 * The closed or archived jobs whose company's period, counted from the closing, ends at or before
 * `until`: the only jobs whose applications can be due (or due for their reminder) by then.
 */
export async function jobsClosedPast(until: Date): Promise<ClosedJobRetention[]> {
  const rows = await em().execute<{ id: string; company_id: string; closed_at: Date; retention_months: number }[]>(
    `select j.id, j.company_id, j.closed_at, c.retention_months from jobs j join companies c on c.id = j.company_id
      where j.closed_at is not null and j.status in ('closed', 'archived')
        and j.closed_at + make_interval(months => c.retention_months) <= ?
      order by j.closed_at, j.id`,
    [until],
  );
  return rows.map(toRetention);
}

function toRetention(r: { id: string; company_id: string; closed_at: Date; retention_months: number }) {
  return {
    jobId: r.id,
    companyId: r.company_id,
    closedAt: new Date(r.closed_at),
    months: r.retention_months as RetentionMonths,
  };
}
