// The candidate's applications to a page's jobs, so search cards and job pages say "Applied" with
// the status instead of Apply Now.
import { em } from "../../lib/db.ts";
import { isUuid } from "../hiring/index.server.ts";
import type { ApplicationStatus } from "./entities.ts";

/** The status of the candidate's application to each of these jobs that they applied to (one query). */
export async function applicationStatusesFor(
  candidateId: string,
  jobIds: string[],
): Promise<Map<string, ApplicationStatus>> {
  const ids = [...new Set(jobIds)].filter(isUuid);
  if (!ids.length) return new Map();
  // A plain query: search pages ask this on every view (decision 059), and entities cost more than the read.
  const rows = await em().execute<{ job_id: string; status: ApplicationStatus }[]>(
    "select job_id, status from applications where candidate_id = ? and job_id = any(?::uuid[])",
    [candidateId, `{${ids.join(",")}}`],
  );
  return new Map(rows.map((r) => [r.job_id, r.status]));
}
