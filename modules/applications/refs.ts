// An application as other modules hold it (interviews): its ids and stage as plain data, read
// with the same access rules as this module's own pages. Someone else's application is not found.
import { em } from "../../lib/db.ts";
import { isUuid, type Member, type TeamAction } from "../hiring/index.server.ts";
import { Application, type ApplicationStatus } from "./entities.ts";
import { applicationNotFound } from "./errors.ts";
import { applicationOfMember } from "./review.ts";

export interface ApplicationRef {
  id: string;
  jobId: string;
  companyId: string | null;
  /** Null once the candidate deleted their account. */
  candidateId: string | null;
  status: ApplicationStatus;
}

const refOf = (a: Application): ApplicationRef => ({
  id: a.id,
  jobId: a.jobId,
  companyId: a.companyId ?? null,
  candidateId: a.candidateId ?? null,
  status: a.status,
});

/** The candidate's own application (else not found). */
export async function candidateApplication(candidateId: string, applicationId: string): Promise<Application> {
  const application = isUuid(applicationId)
    ? await em().findOne(Application, { id: applicationId, candidateId })
    : null;
  if (!application) throw applicationNotFound();
  return application;
}

/** One of the company's applications the member may `need` (to `jobId` when given), as applicationOfMember reads it. */
export async function memberApplicationRef(
  member: Member,
  applicationId: string,
  where: { jobId?: string; need?: TeamAction; lock?: boolean } = {},
): Promise<ApplicationRef> {
  return refOf(await applicationOfMember(member, applicationId, where));
}

export async function candidateApplicationRef(candidateId: string, applicationId: string): Promise<ApplicationRef> {
  return refOf(await candidateApplication(candidateId, applicationId));
}

/** The applications with these ids, by id (for lists other modules make). */
export async function applicationRefs(ids: string[]): Promise<Map<string, ApplicationRef>> {
  if (!ids.length) return new Map();
  const rows = await em().find(Application, { id: { $in: [...new Set(ids)] } });
  return new Map(rows.map((a) => [a.id, refOf(a)]));
}
