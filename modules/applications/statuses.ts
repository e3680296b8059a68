// The candidate's applications to a page's jobs, so search cards and job pages say "Applied" with
// the status instead of Apply Now.
import { em } from "../../lib/db.ts";
import { isUuid } from "../hiring/index.server.ts";
import { Application, type ApplicationStatus } from "./entities.ts";

/** The status of the candidate's application to each of these jobs that they applied to (one query). */
export async function applicationStatusesFor(candidateId: string, jobIds: string[]): Promise<Map<string, ApplicationStatus>> {
  const ids = [...new Set(jobIds)].filter(isUuid);
  if (!ids.length) return new Map();
  const rows = await em().find(Application, { candidateId, jobId: { $in: ids } }, { fields: ["jobId", "status"] });
  return new Map(rows.map((r) => [r.jobId, r.status]));
}
