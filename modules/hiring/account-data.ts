// What hiring holds about an employer, for the export and the erasure (registered with identity,
// modules/identity/account-data.ts). Decision 039: when the last member of a company deletes their
// account, its drafts go and every other job stays as a closed job without an employer, logo or
// working copy, and its pending invitations are revoked, so candidates' My Applications still shows
// what they applied to, as "Job closed", and nobody joins the empty company.
// A job's title, company and text were public while it was listed, and are the candidate's record
// of their application. With colleagues left (decision 049), the company's jobs carry on.
import { boardChanged } from "./board-events.ts";
import { tellJobPageChange } from "./job-page-events.ts";
import { em } from "../../lib/db.ts";
import { storedImageKey, type AccountDataHolder, type AccountRef } from "../identity/index.server.ts";
import { Job, JobQuestion } from "./entities.ts";
import { findMember, memberCount, promoteIfOwnerless } from "./team.ts";

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

async function exportJobs(employerId: string) {
  const jobs = await em().find(Job, { employerId }, { orderBy: { createdAt: "asc", id: "asc" } });
  const questions = jobs.length
    ? await em().find(JobQuestion, { job: { $in: jobs.map((j) => j.id) } }, { orderBy: { orderIndex: "asc" } })
    : [];
  return {
    json: {
      "jobs.json": {
        jobs: jobs.map((job) => ({
          id: job.id,
          status: job.status,
          title: job.title ?? null,
          companyName: job.companyName ?? null,
          location: job.location ?? null,
          locationType: job.locationType ?? null,
          employmentType: job.employmentType ?? null,
          category: job.category ?? null,
          experienceLevel: job.experienceLevel ?? null,
          salary: { min: job.salaryMin ?? null, max: job.salaryMax ?? null, currency: job.salaryCurrency },
          requirements: job.requirements ?? null,
          description: job.description ?? null,
          skills: job.skills,
          benefits: job.benefits,
          questions: questions
            .filter((q) => q.job.id === job.id)
            .map((q) => ({
              question: q.questionText,
              type: q.questionType,
              category: q.category,
              options: q.options ?? null,
              required: q.required,
            })),
          // The post wizard's working copy: a draft, or unsaved edits of a published job.
          unsavedDraft: job.draft ?? null,
          createdAt: iso(job.createdAt),
          publishedAt: iso(job.publishedAt),
        })),
      },
    },
  };
}

/** The employer's place in their company: membership, jobs assigned, invitations sent and accepted. */
async function exportTeam(userId: string) {
  const [memberships, assignments, sent, accepted] = await Promise.all([
    em().execute<{ name: string; role: string; joined_at: Date; billing: boolean }[]>(
      `select c.name, m.role, m.joined_at, c.billing_user_id = m.user_id as billing from company_members m join companies c on c.id = m.company_id where m.user_id = ?`,
      [userId],
    ),
    em().execute<{ title: string | null; assigned_at: Date }[]>(
      `select j.title, a.assigned_at from job_assignments a join jobs j on j.id = a.job_id where a.user_id = ? order by a.assigned_at`,
      [userId],
    ),
    // Who was invited is the invitee's address: the export says what was sent, not to whom.
    em().execute<{ role: string; created_at: Date; accepted_at: Date | null }[]>(
      `select role, created_at, accepted_at from company_invitations where invited_by = ? order by created_at`,
      [userId],
    ),
    em().execute<{ name: string; role: string; accepted_at: Date | null }[]>(
      `select c.name, i.role, i.accepted_at from company_invitations i join companies c on c.id = i.company_id where i.accepted_by = ? order by i.accepted_at`,
      [userId],
    ),
  ]);
  return {
    companies: memberships.map((m) => ({
      company: m.name,
      role: m.role,
      joinedAt: iso(m.joined_at),
      billingContact: Boolean(m.billing),
    })),
    jobsAssignedToYou: assignments.map((a) => ({ job: a.title, assignedAt: iso(a.assigned_at) })),
    invitationsYouSent: sent.map((i) => ({ role: i.role, sentAt: iso(i.created_at), acceptedAt: iso(i.accepted_at) })),
    invitationsYouAccepted: accepted.map((i) => ({ company: i.name, role: i.role, acceptedAt: iso(i.accepted_at) })),
  };
}

async function eraseJobs(employerId: string): Promise<string[]> {
  const manager = em();
  const member = await findMember(employerId);
  // Their logo was shown on the jobs they posted: those jobs lose it with the file.
  const logos = await manager.execute<{ company_logo: string }[]>(
    `select distinct company_logo from jobs where employer_id = ? and company_logo is not null`,
    [employerId],
  );
  const keys = logos.map((l) => storedImageKey(l.company_logo)).filter((key): key is string => key !== null);
  // Pending invitations locked before counting: one being accepted now either joins first (and is
  // counted) or waits and finds itself revoked.
  if (member)
    await manager.execute(
      `select id from company_invitations where company_id = ? and accepted_at is null for update`,
      [member.companyId],
    );
  if (member && (await memberCount(member.companyId)) > 1) {
    // Colleagues carry on: the jobs stay the company's, and it never lacks an owner.
    await manager.execute(
      `update jobs set employer_id = null, company_logo = null, updated_at = now() where employer_id = ?`,
      [employerId],
    );
    await promoteIfOwnerless(member.companyId, employerId);
    await boardChanged();
    return keys;
  }
  // The last member: drafts were never seen by anyone and go, with their questions; the rest close.
  // Invitations not yet accepted go too: nobody may join a company its last member left.
  const scope = member ? `company_id = ?` : `employer_id = ?`;
  const scopeId = member ? member.companyId : employerId;
  if (member)
    await manager.execute(`delete from company_invitations where company_id = ? and accepted_at is null`, [
      member.companyId,
    ]);
  await manager.execute(`delete from jobs where ${scope} and status = 'draft'`, [scopeId]);
  const live = await manager.execute<{ id: string }[]>(
    `select id from jobs where ${scope} and status = 'active' and company_id is not null`,
    [scopeId],
  );
  await manager.execute(
    `update jobs set status = case when status = 'active' then 'closed' else status end,
       closed_at = case when status = 'active' then now() else closed_at end,
       employer_id = null, company_logo = null, draft = null, updated_at = now()
     where ${scope}`,
    [scopeId],
  );
  for (const { id } of live) await tellJobPageChange({ jobId: id, shown: false });
  await boardChanged();
  return keys;
}

export const hiringAccountData: AccountDataHolder = {
  name: "hiring",
  exports: [
    "jobs.employer_id",
    "company_members.user_id",
    "companies.billing_user_id",
    "job_assignments.user_id",
    "company_invitations.invited_by",
    "company_invitations.accepted_by",
  ],
  async exportData(account: AccountRef) {
    if (account.role !== "employer") return {};
    const jobs = await exportJobs(account.id);
    return { json: { ...jobs.json, "team.json": await exportTeam(account.id) } };
  },
  erase: (account: AccountRef) => eraseJobs(account.id),
};
