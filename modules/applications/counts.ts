// The counts hiring shows on the dashboard and job pages, registered with hiring so it need not
// depend on this module.
import { em } from "../../lib/db.ts";
import { registerApplicationCounter, type ApplicationCounts } from "../hiring/index.ts";

async function forEmployer(employerId: string, jobIds: string[]): Promise<ApplicationCounts> {
  // One statement: the employer's totals, then the counts of the jobs on the page.
  const rows = await em().execute<{ job_id: string | null; total: string; shortlisted: string }[]>(
    `select null as job_id, count(*) as total, count(*) filter (where status = 'shortlisted') as shortlisted
       from applications where employer_id = ?
     union all
     select job_id, count(*), count(*) filter (where status = 'shortlisted')
       from applications where employer_id = ? and job_id = any(?::uuid[]) group by job_id`,
    [employerId, employerId, `{${jobIds.join(",")}}`],
  );
  const counts: ApplicationCounts = { total: 0, shortlisted: 0, perJob: new Map() };
  for (const row of rows) {
    const pair = { total: Number(row.total), shortlisted: Number(row.shortlisted) };
    if (row.job_id === null) Object.assign(counts, pair);
    else counts.perJob.set(row.job_id, pair);
  }
  return counts;
}

async function hasApplications(jobId: string): Promise<boolean> {
  const rows = await em().execute<{ found: boolean }[]>(`select exists (select 1 from applications where job_id = ?) as found`, [jobId]);
  return Boolean(rows[0]?.found);
}

registerApplicationCounter({ forEmployer, hasApplications });
