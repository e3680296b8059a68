// Running a team (decision 049): who is in it, their roles, the jobs interviewers are assigned to,
// and the company's name and time zone. Owners change roles and remove members; owners and
// recruiters assign interviewers. A company always keeps at least one owner. Every change locks the
// company's row first, so two owners demoting each other at once can't leave it without one.
import { z } from "zod";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { Company, CompanyMember, Job, JobAssignment, MEMBER_ROLES, type MemberRole } from "./entities.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { boardChanged } from "./board-events.ts";
import { may, releasePlanHolder, type Member } from "./team.ts";
import { isUuid } from "../../lib/uuid.ts";

export interface TeamMemberView {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: string;
  /** For interviewers: the jobs they are assigned to. */
  assignedJobIds: string[];
  isYou: boolean;
}

export interface TeamOverview {
  company: { id: string; name: string; timeZone: string; requireSalaryRange: boolean };
  members: TeamMemberView[];
  /** The company's jobs past draft, for assigning interviewers. */
  jobs: { id: string; title: string; status: string }[];
}

/** At most this many jobs are listed for assigning (the newest). */
const JOBS_LISTED = 200;

export async function teamOverview(member: Member): Promise<TeamOverview> {
  const [company, rows, jobs, assignments] = await Promise.all([
    em().findOneOrFail(Company, { id: member.companyId }),
    em().find(CompanyMember, { companyId: member.companyId }, { orderBy: { joinedAt: "asc", userId: "asc" } }),
    em().find(
      Job,
      { companyId: member.companyId, status: { $ne: "draft" } },
      { orderBy: { createdAt: "desc", id: "asc" }, limit: JOBS_LISTED, fields: ["id", "title", "status"] },
    ),
    em().execute<{ job_id: string; user_id: string }[]>(
      `select ja.job_id, ja.user_id from job_assignments ja join jobs j on j.id = ja.job_id where j.company_id = ?`,
      [member.companyId],
    ),
  ]);
  const people = await publicProfiles(rows.map((r) => r.userId));
  return {
    company: {
      id: company.id,
      name: company.name,
      timeZone: company.timeZone,
      requireSalaryRange: company.requireSalaryRange,
    },
    members: rows.map((r) => ({
      userId: r.userId,
      name: people.get(r.userId)?.fullName?.trim() || people.get(r.userId)?.email || "Member",
      email: people.get(r.userId)?.email ?? "",
      role: r.role,
      joinedAt: r.joinedAt.toISOString(),
      assignedJobIds: assignments.filter((a) => a.user_id === r.userId).map((a) => a.job_id),
      isYou: r.userId === member.userId,
    })),
    jobs: jobs.map((j) => ({ id: j.id, title: j.title ?? "Untitled job", status: j.status })),
  };
}

/** A member who can see a job, as pickers list them (who interviews a candidate). */
export interface JobTeamMember {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
}

/** The company's members who see the job: owners, recruiters, and the interviewers assigned to it. */
export async function jobTeam(companyId: string, jobId: string): Promise<JobTeamMember[]> {
  if (!isUuid(companyId) || !isUuid(jobId)) return [];
  const rows = await em().execute<{ user_id: string; role: MemberRole }[]>(
    `select m.user_id, m.role from company_members m
      where m.company_id = ? and (m.role <> 'interviewer'
        or exists (select 1 from job_assignments a where a.job_id = ? and a.user_id = m.user_id))
      order by m.joined_at, m.user_id`,
    [companyId, jobId],
  );
  const people = await publicProfiles(rows.map((r) => r.user_id));
  return rows.map((r) => {
    const person = people.get(r.user_id);
    return {
      userId: r.user_id,
      name: person?.fullName?.trim() || person?.email || "Member",
      email: person?.email ?? "",
      role: r.role,
    };
  });
}

const refuse = (message: string) => new HiringError("invalid-transition", message);

/** Locks the company, then finds `userId` among its members (not found otherwise). */
async function lockedTarget(member: Member, userId: string): Promise<CompanyMember> {
  await lockForUpdate(Company, { id: member.companyId });
  const target = isUuid(userId) ? await em().findOne(CompanyMember, { companyId: member.companyId, userId }) : null;
  if (!target) throw new HiringError("not-found", "That member could not be found.");
  return target;
}

async function otherOwners(companyId: string, userId: string): Promise<number> {
  return em().count(CompanyMember, { companyId, role: "owner", userId: { $ne: userId } });
}

/** Changes a member's role (owners only). The last owner stays an owner. */
export async function changeMemberRole(member: Member, userId: string, role: string): Promise<void> {
  if (!may(member, "manage-team")) throw jobNotFound();
  if (!(MEMBER_ROLES as readonly string[]).includes(role))
    throw new HiringError("invalid", "Please choose a role.", { fieldErrors: { role: ["Please choose a role."] } });
  await transaction(async (tx) => {
    const target = await lockedTarget(member, userId);
    if (target.role === role) return;
    if (target.role === "owner" && !(await otherOwners(member.companyId, userId))) {
      throw refuse("A company needs at least one owner. Make someone else an owner first.");
    }
    target.role = role as MemberRole;
    // An interviewer's assignments mean nothing to other roles, who see every job.
    if (role !== "interviewer")
      await tx.execute(
        `delete from job_assignments where user_id = ? and job_id in (select id from jobs where company_id = ?)`,
        [userId, member.companyId],
      );
    await tx.flush();
  });
}

/**
 * Removes a member (owners only; an owner may leave when another owner stays). Their work stays the
 * company's; their subscription stays theirs, so a plan holder who goes leaves the company on the
 * trial until an owner takes the plan over through checkout.
 */
export async function removeMember(member: Member, userId: string): Promise<void> {
  if (!may(member, "manage-team")) throw jobNotFound();
  await transaction(async (tx) => {
    const target = await lockedTarget(member, userId);
    if (target.role === "owner" && !(await otherOwners(member.companyId, userId))) {
      throw refuse("A company needs at least one owner. Make someone else an owner first.");
    }
    await tx.execute(
      `delete from job_assignments where user_id = ? and job_id in (select id from jobs where company_id = ?)`,
      [userId, member.companyId],
    );
    await tx.execute(`delete from company_members where company_id = ? and user_id = ?`, [member.companyId, userId]);
    await releasePlanHolder(member.companyId, userId);
  });
}

/** Sets the jobs an interviewer is assigned to (owners and recruiters). Ids must be the company's jobs. */
export async function assignJobs(member: Member, userId: string, jobIds: string[]): Promise<void> {
  if (!may(member, "manage-jobs")) throw jobNotFound();
  const wanted = [...new Set(jobIds)];
  if (wanted.length > JOBS_LISTED || wanted.some((id) => !isUuid(id)))
    throw refuse("Some of those jobs could not be found.");
  await transaction(async (tx) => {
    const target = await lockedTarget(member, userId);
    if (target.role !== "interviewer")
      throw refuse("Only interviewers are assigned to jobs: owners and recruiters see every job.");
    if (
      wanted.length &&
      (await tx.count(Job, { id: { $in: wanted }, companyId: member.companyId })) !== wanted.length
    ) {
      throw refuse("Some of those jobs could not be found.");
    }
    await tx.execute(
      `delete from job_assignments where user_id = ? and job_id in (select id from jobs where company_id = ?)`,
      [userId, member.companyId],
    );
    for (const jobId of wanted) tx.create(JobAssignment, { jobId, userId });
    await tx.flush();
  });
}

/** Every IANA zone this server knows, UTC first. */
export function timeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}

const CompanySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter the company's name.")
    .max(160, "Please keep the name under 160 characters."),
  timeZone: z.string().refine((zone) => timeZones().includes(zone), "Please choose a time zone from the list."),
});

/** Renames the company and sets its time zone (owners only). Throws "invalid" with field messages. */
export async function updateCompany(member: Member, input: { name: unknown; timeZone: unknown }): Promise<void> {
  if (!may(member, "manage-team")) throw jobNotFound();
  const parsed = CompanySchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= [issue.message];
    throw new HiringError("invalid", "Please check the company's settings.", { fieldErrors });
  }
  await transaction(async (tx) => {
    await tx.nativeUpdate(
      Company,
      { id: member.companyId },
      { name: parsed.data.name, timeZone: parsed.data.timeZone, timeZoneChosen: true },
    );
    // The career page shows the name.
    await boardChanged();
  });
}

/**
 * "Always show a salary range" (owners only; anyone else is not found): publishing a job, or saving
 * an open job's edit, then needs both bounds (pay-transparency.ts, checked in publishDraft).
 */
export async function setSalaryRangeRule(member: Member, on: boolean): Promise<void> {
  if (!may(member, "manage-team")) throw jobNotFound();
  await em().nativeUpdate(Company, { id: member.companyId }, { requireSalaryRange: on });
}

/** Whether the member's company always shows a salary range (the wizard says so beside the fields). */
export async function companyRequiresSalaryRange(member: Member): Promise<boolean> {
  const company = await em().findOne(Company, { id: member.companyId }, { fields: ["requireSalaryRange"] });
  return company?.requireSalaryRange ?? false;
}
