// The hire that fills a job's last opening (decision 075): a job hires `openings` people (hiring's
// jobs.openings, 1 by default); when a member marks an application Hired and the job's hired count
// reaches that while the job is open, the move offers to close the job and tell the applicants
// still undecided, checked by default. Closing goes through hiring's changeJobStatus, so the
// applicants are told by the one path every close takes (job-closed.ts), once each.
import { em, transaction } from "../../lib/db.ts";
import { changeJobStatus, jobOfMember, ownJob, type Member } from "../hiring/index.server.ts";
import type { Application, ApplicationStatus } from "./entities.ts";
import { undecidedToTell } from "./job-closed.ts";
import { moveApplication } from "./moves.ts";
import { canMove, isOpen } from "./pipeline.ts";
import { applicationOfMember } from "./review.ts";

/** What the application page asks beside "Mark as hired" when that hire fills the last opening. */
export interface LastOpening {
  openings: number;
  /** The applicants still undecided besides this one, who would be told the job closed. */
  undecidedOthers: number;
}

async function hiredCount(jobId: string): Promise<number> {
  const [row] = await em().execute<{ n: string }[]>(
    `select count(*) as n from applications where job_id = ? and status = 'hired'`,
    [jobId],
  );
  return Number(row?.n ?? 0);
}

const toldAlready = (application: Pick<Application, "status" | "jobClosedAt">) =>
  isOpen(application.status) && !application.jobClosedAt ? 1 : 0;

/**
 * Null unless hiring this application now would fill the last opening of its open job (for a
 * member who may both decide and close). Read for the page; the hire decides again under its lock.
 */
export async function lastOpeningFor(
  member: Member,
  applicationId: string,
  jobId: string,
): Promise<LastOpening | null> {
  const application = await applicationOfMember(member, applicationId, { jobId, need: "decide" });
  if (!application.candidateId || !canMove(application.status, "hired")) return null;
  const job = await jobOfMember(member, jobId, "manage-jobs").catch(() => null);
  if (!job || job.status !== "active" || (await hiredCount(jobId)) + 1 < job.openings) return null;
  return { openings: job.openings, undecidedOthers: (await undecidedToTell(jobId)) - toldAlready(application) };
}

export interface HireResult {
  status: ApplicationStatus;
  /** The job closed with this hire (its last opening filled), and how many undecided applicants hear of it. */
  closed: { told: number } | null;
}

/**
 * Marks the application Hired; with `closeJob` (the page's checkbox), also closes the job and tells
 * its undecided applicants when this hire filled the last opening and the job is still open. The
 * job's row is locked first, as a close locks it before the applications, so a hire and a close
 * (or two hires) at once take turns: the second finds the job closed and closes nothing.
 */
export async function hireApplication(
  member: Member,
  applicationId: string,
  jobId: string,
  { closeJob, why }: { closeJob: boolean; why?: string },
): Promise<HireResult> {
  return transaction(async () => {
    const job = closeJob ? await ownJob(member, jobId, { lock: true }).catch(() => null) : null;
    const status = await moveApplication(member, applicationId, "hired", { jobId, why });
    if (!job || job.status !== "active" || (await hiredCount(jobId)) < job.openings) return { status, closed: null };
    const told = await undecidedToTell(jobId);
    await changeJobStatus(member, jobId, "close", { tellApplicants: true });
    return { status, closed: { told } };
  });
}
