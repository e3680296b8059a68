// What hiring holds about an employer, for the export and the erasure (registered with identity,
// modules/identity/account-data.ts). Decision 039: when the last member of a company deletes their
// account, its drafts go and every other job stays as a closed job without an employer, logo or
// working copy, and its pending invitations are revoked, so candidates' My Applications still shows
// what they applied to, as "Job closed", and nobody joins the empty company.
// A job's title, company and text were public while it was listed, and are the candidate's record
// of their application. With colleagues left (decision 049), the company's jobs carry on.
import { boardChanged } from "./board-events.ts";
import { em } from "../../lib/db.ts";
import { registerAccountData, storedImageKey, type AccountRef } from "../identity/index.server.ts";
import { Job, JobQuestion } from "./entities.ts";
import { findMember, memberCount, promoteIfOwnerless } from "./team.ts";

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

async function exportJobs(employerId: string) {
  const jobs = await em().find(Job, { employerId }, { orderBy: { createdAt: "asc", id: "asc" } });
  const questions = jobs.length ? await em().find(JobQuestion, { job: { $in: jobs.map((j) => j.id) } }, { orderBy: { orderIndex: "asc" } }) : [];
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
            .map((q) => ({ question: q.questionText, type: q.questionType, category: q.category, options: q.options ?? null, required: q.required })),
          // The post wizard's working copy: a draft, or unsaved edits of a published job.
          unsavedDraft: job.draft ?? null,
          createdAt: iso(job.createdAt),
          publishedAt: iso(job.publishedAt),
        })),
      },
    },
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
  if (member) await manager.execute(`select id from company_invitations where company_id = ? and accepted_at is null for update`, [member.companyId]);
  if (member && (await memberCount(member.companyId)) > 1) {
    // Colleagues carry on: the jobs stay the company's, and it never lacks an owner.
    await manager.execute(`update jobs set employer_id = null, company_logo = null, updated_at = now() where employer_id = ?`, [employerId]);
    await promoteIfOwnerless(member.companyId, employerId);
    await boardChanged();
    return keys;
  }
  // The last member: drafts were never seen by anyone and go, with their questions; the rest close.
  // Invitations not yet accepted go too: nobody may join a company its last member left.
  const scope = member ? `company_id = ?` : `employer_id = ?`;
  const scopeId = member ? member.companyId : employerId;
  if (member) await manager.execute(`delete from company_invitations where company_id = ? and accepted_at is null`, [member.companyId]);
  await manager.execute(`delete from jobs where ${scope} and status = 'draft'`, [scopeId]);
  await manager.execute(
    `update jobs set status = case when status = 'active' then 'closed' else status end,
       employer_id = null, company_logo = null, draft = null, updated_at = now()
     where ${scope}`,
    [scopeId],
  );
  await boardChanged();
  return keys;
}

registerAccountData({
  name: "hiring",
  exportData: async (account: AccountRef) => (account.role === "employer" ? exportJobs(account.id) : {}),
  erase: (account: AccountRef) => eraseJobs(account.id),
});
