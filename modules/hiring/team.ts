// Employers hire as a team (decision 049). A company owns jobs; each employer account is a member of
// exactly one company with a role. What each role may do is one table here; every employer route
// asks `memberFor` who is asking and this module (or applications, through `jobOfMember`) whether
// they may. An account without a company (a new sign-up, or a member who was removed) gets a
// company of its own, named after what it told us, on first use.
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { findAccount } from "../identity/index.server.ts";
import { freeSlug, slugFromName } from "./company-slugs.ts";
import { Company, CompanyMember, Job, JobAssignment, MEMBER_ROLES, type MemberRole } from "./entities.ts";
import { jobNotFound } from "./errors.ts";
import { isUuid } from "../../lib/uuid.ts";
import { enqueue } from "../../lib/queue.ts";
import { OWNER_PROMOTED_QUEUE } from "./owner-promotion.ts";

export { MEMBER_ROLES, type MemberRole };

/** Who is asking, as every team-aware function takes it: plain data, never an entity. */
export interface Member {
  userId: string;
  companyId: string;
  companyName: string;
  role: MemberRole;
  /** The company's IANA time zone (UTC unless set). */
  timeZone: string;
}

export type TeamAction =
  /** Post, edit, publish, close, reopen and archive jobs; assign interviewers. */
  | "manage-jobs"
  /** Move applications through the pipeline, export the CSV. */
  | "decide"
  /** Read applicants and their applications, leave notes and ratings. */
  | "review"
  /** Invite, change roles, remove members; company settings. */
  | "manage-team"
  /** Buy, change or cancel the company's plan; see its card, charges and invoices. */
  | "manage-billing";

const ALLOWED: Record<MemberRole, readonly TeamAction[]> = {
  owner: ["manage-jobs", "decide", "review", "manage-team", "manage-billing"],
  recruiter: ["manage-jobs", "decide", "review"],
  // An interviewer sees only the jobs they are assigned to (jobOfMember).
  interviewer: ["review"],
};

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Owner",
  recruiter: "Recruiter",
  interviewer: "Interviewer",
};

export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: "Everything, including the team and the company's settings.",
  recruiter: "Posts and manages jobs, moves applicants, exports the CSV.",
  interviewer: "Sees the applicants of the jobs they are assigned to; leaves notes and ratings.",
};

export function may(member: Member, action: TeamAction): boolean {
  return ALLOWED[member.role].includes(action);
}

/** The company name a new company gets: the account's company, name, or the address's local part. */
export function companyNameFor(account: {
  companyName: string | null;
  fullName: string | null;
  email: string;
}): string {
  return (account.companyName?.trim() || account.fullName?.trim() || account.email.split("@")[0] || "My company").slice(
    0,
    160,
  );
}

async function readMember(userId: string): Promise<Member | null> {
  const rows = await em().execute<{ company_id: string; name: string; role: MemberRole; time_zone: string }[]>(
    `select m.company_id, c.name, m.role, c.time_zone from company_members m join companies c on c.id = m.company_id where m.user_id = ?`,
    [userId],
  );
  const row = rows[0];
  return row
    ? { userId, companyId: row.company_id, companyName: row.name, role: row.role, timeZone: row.time_zone }
    : null;
}

/**
 * The employer's membership, making them the owner of a new company when they have none. Two
 * first requests at once make one company (the membership is unique per account).
 */
export async function memberFor(userId: string): Promise<Member> {
  const found = await readMember(userId);
  if (found) return found;
  const account = await findAccount(userId);
  if (!account || account.role !== "employer") throw jobNotFound();
  await transaction(async (tx) => {
    const name = companyNameFor(account);
    const slug = await freeSlug(tx, slugFromName(name));
    const company = tx.create(Company, { name, slug, billingUserId: userId, createdAt: now() });
    await tx.flush();
    const inserted = await tx.execute<{ user_id: string }[]>(
      `insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'owner', ?) on conflict do nothing returning user_id`,
      [company.id, userId, now()],
    );
    // Someone else's request made it first: this company stays empty, so it goes.
    if (!inserted.length) await tx.execute(`delete from companies where id = ?`, [company.id]);
  });
  const member = await readMember(userId);
  if (!member) throw jobNotFound();
  return member;
}

/** The membership without making a company (null: none). */
export function findMember(userId: string): Promise<Member | null> {
  return readMember(userId);
}

/**
 * The SQL condition (on jobs aliased `alias`) for the jobs a member sees: the company's, and for an
 * interviewer only those they are assigned to.
 */
export function jobScope(member: Member, alias = "j"): { sql: string; params: unknown[] } {
  if (member.role !== "interviewer") return { sql: `${alias}.company_id = ?`, params: [member.companyId] };
  return {
    sql: `${alias}.company_id = ? and exists (select 1 from job_assignments ja where ja.job_id = ${alias}.id and ja.user_id = ?)`,
    params: [member.companyId, member.userId],
  };
}

/**
 * One of the company's jobs, if the member may `need` it: anything else (another company's job, a
 * job an interviewer is not assigned to, an action their role does not allow) is not found.
 */
export async function jobOfMember(member: Member, jobId: string, need: TeamAction = "review"): Promise<Job> {
  if (!isUuid(jobId) || !may(member, need)) throw jobNotFound();
  const job = await em().findOne(Job, { id: jobId, companyId: member.companyId });
  if (!job) throw jobNotFound();
  if (member.role === "interviewer" && !(await em().count(JobAssignment, { jobId, userId: member.userId })))
    throw jobNotFound();
  return job;
}

/** Whether the member sees this job (see jobOfMember), without loading it. */
export async function seesJob(member: Member, jobId: string): Promise<boolean> {
  if (!isUuid(jobId)) return false;
  const scope = jobScope(member);
  const rows = await em().execute<{ found: boolean }[]>(
    `select exists (select 1 from jobs j where j.id = ? and ${scope.sql}) as found`,
    [jobId, ...scope.params],
  );
  return Boolean(rows[0]?.found);
}

/**
 * The account whose plan the company is on: the one that created it (or took the plan over through
 * checkout) while they are still a member. Null when nobody holds it: the company is on the trial
 * (companyPlan).
 */
export async function planHolderOf(companyId: string): Promise<string | null> {
  return (await companyPlanSource(companyId))?.holderId ?? null;
}

/** Whose plan a company is on: its holder, or (nobody holds one) its own Free Trial from its creation. */
export interface CompanyPlanSource {
  holderId: string | null;
  /** For billing-plans' limits and plan reads (PlanSource). */
  source: string | { trialFrom: Date };
}

/** Whose limits a company's jobs and applications are counted against, and across which companies. */
export interface CompanyPlan extends CompanyPlanSource {
  /** Every company the holder holds (one subscription is one plan's limits), or just this one. */
  companyIds: string[];
  /** The advisory lock name that serialises the checks of these companies' counts. */
  lockKey: string;
}

export async function companyPlanSource(companyId: string): Promise<CompanyPlanSource | null> {
  if (!isUuid(companyId)) return null;
  const rows = await em().execute<{ created_at: Date; holder: string | null }[]>(
    `select c.created_at, m.user_id as holder from companies c
       left join company_members m on m.company_id = c.id and m.user_id = c.billing_user_id
      where c.id = ?`,
    [companyId],
  );
  const row = rows[0];
  if (!row) return null;
  return row.holder
    ? { holderId: row.holder, source: row.holder }
    : { holderId: null, source: { trialFrom: new Date(row.created_at) } };
}

export async function companyPlan(companyId: string): Promise<CompanyPlan | null> {
  const plan = await companyPlanSource(companyId);
  if (!plan) return null;
  if (!plan.holderId) return { ...plan, companyIds: [companyId], lockKey: `plan:company:${companyId}` };
  const held = await em().execute<{ id: string }[]>(
    `select c.id from companies c join company_members m on m.company_id = c.id and m.user_id = c.billing_user_id where c.billing_user_id = ? order by c.id`,
    [plan.holderId],
  );
  return { ...plan, companyIds: held.map((h) => h.id), lockKey: `plan:holder:${plan.holderId}` };
}

/** A company's plan holder goes (removed, left): the company has none until an owner takes the plan over. */
export async function releasePlanHolder(companyId: string, userId: string): Promise<void> {
  await em().execute(`update companies set billing_user_id = null where id = ? and billing_user_id = ?`, [
    companyId,
    userId,
  ]);
}

/**
 * An owner who bought a plan through checkout for a company nobody holds a plan for becomes its
 * holder (billing-plans tells hiring once Stripe confirms). A company with a holder keeps theirs.
 */
export async function takeOverPlan(companyId: string, userId: string): Promise<boolean> {
  if (!isUuid(companyId) || !isUuid(userId)) return false;
  const rows = await em().execute<{ id: string }[]>(
    `update companies c set billing_user_id = ?
      where c.id = ?
        and exists (select 1 from company_members m where m.company_id = c.id and m.user_id = ? and m.role = 'owner')
        and (c.billing_user_id is null
          or not exists (select 1 from company_members h where h.company_id = c.id and h.user_id = c.billing_user_id))
      returning c.id`,
    [userId, companyId, userId],
  );
  return rows.length > 0;
}

/**
 * Who hears of a new application to a job: the member who posted it, or, once they have left the
 * company, its owners.
 */
export async function jobContacts(jobId: string): Promise<string[]> {
  if (!isUuid(jobId)) return [];
  const rows = await em().execute<{ user_id: string }[]>(
    `select m.user_id from jobs j join company_members m on m.company_id = j.company_id
      where j.id = ? and (m.user_id = j.employer_id
        or (m.role = 'owner' and not exists (select 1 from company_members p where p.company_id = j.company_id and p.user_id = j.employer_id)))
      order by m.joined_at, m.user_id`,
    [jobId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * The open jobs among `jobIds` with their recruiters, for the weekly digest of waiting applicants:
 * the company's owners and the member who posted the job while they may decide (an interviewer
 * never). Imported listings, drafts, closed and archived jobs are left out.
 */
export async function openJobRecruiters(jobIds: string[]): Promise<Map<string, { title: string; userIds: string[] }>> {
  const ids = jobIds.filter(isUuid);
  if (!ids.length) return new Map();
  const rows = await em().execute<{ job_id: string; title: string; user_id: string }[]>(
    `select j.id as job_id, j.title, m.user_id from jobs j join company_members m on m.company_id = j.company_id
      where j.id = any(?::uuid[]) and j.status = 'active'
        and (m.role = 'owner' or (m.user_id = j.employer_id and m.role = 'recruiter'))
      order by j.id, m.joined_at, m.user_id`,
    [`{${ids.join(",")}}`],
  );
  const jobs = new Map<string, { title: string; userIds: string[] }>();
  for (const row of rows) {
    const job = jobs.get(row.job_id) ?? { title: row.title, userIds: [] };
    job.userIds.push(row.user_id);
    jobs.set(row.job_id, job);
  }
  return jobs;
}

/** How many members the company has. */
export function memberCount(companyId: string): Promise<number> {
  return em().count(CompanyMember, { companyId });
}

/**
 * Keeps a company with an owner when `leavingUserId` (an owner, deleting their account) goes and no
 * other owner is left: the longest-standing recruiter becomes owner, else the longest-standing
 * interviewer (whose assignments go: owners see every job). Either way the promoted member is told
 * by email (queued in this transaction). Returns who was promoted, or null.
 */
export async function promoteIfOwnerless(
  companyId: string,
  leavingUserId: string,
): Promise<{ userId: string; from: MemberRole } | null> {
  const rows = await em().execute<{ user_id: string; role: MemberRole }[]>(
    `select user_id, role from company_members
      where company_id = ? and user_id <> ?
        and not exists (select 1 from company_members where company_id = ? and role = 'owner' and user_id <> ?)
      order by case role when 'recruiter' then 0 else 1 end, joined_at, user_id limit 1`,
    [companyId, leavingUserId, companyId, leavingUserId],
  );
  const next = rows[0];
  if (!next) return null;
  await em().execute(`update company_members set role = 'owner' where company_id = ? and user_id = ?`, [
    companyId,
    next.user_id,
  ]);
  await em().execute(
    `delete from job_assignments where user_id = ? and job_id in (select id from jobs where company_id = ?)`,
    [next.user_id, companyId],
  );
  await enqueue(OWNER_PROMOTED_QUEUE, { companyId, userId: next.user_id, from: next.role });
  return { userId: next.user_id, from: next.role };
}
