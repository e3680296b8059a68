// The counts hiring shows on the dashboard and job pages, registered with hiring (wireApplications)
// so it need not depend on this module.
import { em } from "../../lib/db.ts";
import { jobScope, type ApplicationCounter, type ApplicationCounts, type Member } from "../hiring/index.server.ts";

async function forMember(member: Member, jobIds: string[]): Promise<ApplicationCounts> {
  const scope = jobScope(member);
  // One statement: the totals over the jobs the member sees, then the counts of the jobs on the page.
  const rows = await em().execute<{ job_id: string | null; total: string; shortlisted: string; unopened: string }[]>(
    `with seen as (
       select a.job_id, a.status from applications a join jobs j on j.id = a.job_id
        where a.company_id = ? and ${scope.sql}
     )
     select null as job_id, count(*) as total, count(*) filter (where status = 'shortlisted') as shortlisted,
            count(*) filter (where status = 'submitted') as unopened
       from seen
     union all
     select job_id, count(*), count(*) filter (where status = 'shortlisted'), count(*) filter (where status = 'submitted')
       from seen where job_id = any(?::uuid[]) group by job_id`,
    [member.companyId, ...scope.params, `{${jobIds.join(",")}}`],
  );
  const counts: ApplicationCounts = { total: 0, shortlisted: 0, perJob: new Map() };
  for (const row of rows) {
    const figures = { total: Number(row.total), shortlisted: Number(row.shortlisted), unopened: Number(row.unopened) };
    if (row.job_id === null) Object.assign(counts, { total: figures.total, shortlisted: figures.shortlisted });
    else counts.perJob.set(row.job_id, figures);
  }
  return counts;
}

async function hasApplications(jobId: string): Promise<boolean> {
  const rows = await em().execute<{ found: boolean }[]>(
    `select exists (select 1 from applications where job_id = ?) as found`,
    [jobId],
  );
  return Boolean(rows[0]?.found);
}

export const applicationCounter: ApplicationCounter = { forMember, hasApplications };
