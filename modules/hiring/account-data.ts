// What hiring holds about an employer, for the export and the erasure (registered with identity,
// modules/identity/account-data.ts). Decision 039: a deleted employer's drafts go; every other
// job of theirs stays as a closed job without an employer, logo or working copy, so candidates'
// My Applications still shows what they applied to, as "Job closed". A job's title, company and
// text were public while it was listed, and are the candidate's record of their application.
import { em } from "../../lib/db.ts";
import { registerAccountData, storedImageKey, type AccountRef } from "../identity/index.ts";
import { Job, JobQuestion } from "./entities.ts";

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
  const logos = await manager.execute<{ company_logo: string }[]>(
    `select distinct company_logo from jobs where employer_id = ? and company_logo is not null`,
    [employerId],
  );
  // Drafts were never seen by anyone: they go, with their questions.
  await manager.execute(`delete from jobs where employer_id = ? and status = 'draft'`, [employerId]);
  await manager.execute(
    `update jobs set status = case when status = 'active' then 'closed' else status end,
       employer_id = null, company_logo = null, draft = null, updated_at = now()
     where employer_id = ?`,
    [employerId],
  );
  return logos.map((l) => storedImageKey(l.company_logo)).filter((key): key is string => key !== null);
}

registerAccountData({
  name: "hiring",
  exportData: async (account: AccountRef) => (account.role === "employer" ? exportJobs(account.id) : {}),
  erase: (account: AccountRef) => eraseJobs(account.id),
});
