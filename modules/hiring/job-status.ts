// Jobs' status moves: publish, close, reopen and archive, the rules of which move goes from where,
// the company plan's active-job limit, and an administrator's close. Every function takes the
// member asking (team.ts) and treats another company's job, or one their role may not touch, as
// not found.
import { summary, type JobSummary } from "./job-summary.ts";
import { boardChanged } from "./board-events.ts";
import { tellJobStatusChange } from "./job-closing.ts";
import { tellJobPageChange } from "./job-page-events.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { mayPublishJob } from "../billing-plans/index.server.ts";
import { checkEmailVerified } from "../identity/index.server.ts";
import { Job } from "./entities.ts";
import { now } from "../../lib/clock.ts";
import { defaultClosingDate } from "./closing-date.ts";
import { isUuid } from "../../lib/uuid.ts";
import { companyPlan, jobOfMember, may, type Member, type TeamAction } from "./team.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import type { JobStatus } from "./vocabulary.ts";

// ---------------------------------------------------------------------------------------------
// Status rules

export type JobAction = "publish" | "close" | "reopen" | "archive";

const MOVES: Record<JobAction, { from: readonly JobStatus[]; to: JobStatus; verb: string }> = {
  publish: { from: ["draft"], to: "active", verb: "published" },
  close: { from: ["active"], to: "closed", verb: "closed" },
  reopen: { from: ["closed"], to: "active", verb: "reopened" },
  archive: { from: ["active", "closed"], to: "archived", verb: "archived" },
};

const STATUS_NOUN: Record<JobStatus, string> = {
  draft: "A draft",
  active: "An active job",
  closed: "A closed job",
  archived: "An archived job",
};

/** The actions allowed from a status, for the buttons a page offers. */
export function allowedActions(status: JobStatus): JobAction[] {
  return (Object.keys(MOVES) as JobAction[]).filter((action) => MOVES[action].from.includes(status));
}

function refuseMove(status: JobStatus, action: JobAction): HiringError {
  return new HiringError("invalid-transition", `${STATUS_NOUN[status]} can't be ${MOVES[action].verb}.`);
}

/**
 * Refuses a job that would go over the plan's active-job limit, counted across every company its
 * holder holds. Serialised per holder (an advisory lock held to the end of the transaction), so two
 * publishes at once, in one company or two, can't both pass.
 */
async function checkPublishLimit(companyId: string, jobId: string): Promise<void> {
  const manager = em();
  const plan = await companyPlan(companyId);
  if (!plan) throw jobNotFound();
  await manager.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [plan.lockKey]);
  const active = await manager.count(Job, {
    companyId: { $in: plan.companyIds },
    status: "active",
    id: { $ne: jobId },
  });
  const verdict = await mayPublishJob(plan.source, active);
  if (!verdict.allowed) throw new HiringError("plan-limit", verdict.reason, { upgradeUrl: verdict.upgradeUrl });
}

/**
 * Whether the member's company may publish one more job now, read before the wizard opens so an
 * employer at the limit learns it there, not at Publish. Publishing checks again under its lock.
 */
export async function publishAllowance(
  member: Member,
): Promise<{ allowed: true } | { allowed: false; reason: string; upgradeUrl: string | null; closeHelps: boolean }> {
  const plan = await companyPlan(member.companyId);
  if (!plan) throw jobNotFound();
  // Counted as publishing counts: across every company the holder holds (or this one on its own trial).
  const active = await em().count(Job, { companyId: { $in: plan.companyIds }, status: "active" });
  const verdict = await mayPublishJob(plan.source, active);
  if (verdict.allowed) return verdict;
  // At the count limit (not an ended trial), one job fewer would let this one through.
  const closeHelps = active > 0 && (await mayPublishJob(plan.source, active - 1)).allowed;
  return { allowed: false, reason: verdict.reason, upgradeUrl: verdict.upgradeUrl, closeHelps };
}

/** One of the company's jobs the member may `need` (locked for the transaction when `lock`). */
export async function ownJob(
  member: Member,
  jobId: string,
  { lock = false, need = "manage-jobs" }: { lock?: boolean; need?: TeamAction } = {},
): Promise<Job> {
  if (!lock) return jobOfMember(member, jobId, need);
  if (!isUuid(jobId) || !may(member, need)) throw jobNotFound();
  const job = await lockForUpdate(Job, { id: jobId, companyId: member.companyId });
  if (!job || member.role === "interviewer") throw jobNotFound();
  return job;
}

export { isUuid };

/**
 * Close, reopen or archive one of the employer's jobs (publishing goes through the wizard).
 * `tellApplicants`: the candidates still waiting hear that the job closed (job-closing.ts).
 */
export async function changeJobStatus(
  member: Member,
  jobId: string,
  action: Exclude<JobAction, "publish">,
  { tellApplicants = false }: { tellApplicants?: boolean } = {},
): Promise<JobStatus> {
  return transaction(async () => {
    const job = await ownJob(member, jobId, { lock: true });
    await moveJob(job, action, member.userId);
    await em().flush();
    await tellJobStatusChange({ jobId: job.id, status: job.status, tellApplicants });
    await boardChanged();
    return job.status;
  });
}

/**
 * Moves the job's status if the rules allow (the caller flushes, with its other changes). `actorId`
 * is the member doing it, or null for an administrator.
 */
export async function moveJob(job: Job, action: JobAction, actorId: string | null): Promise<void> {
  const move = MOVES[action];
  if (!move.from.includes(job.status)) throw refuseMove(job.status, action);
  if (move.to === "active" && job.companyId) {
    // A job goes live only from an account that proved its address (REQUIRE_EMAIL_VERIFICATION).
    if (actorId) {
      const verdict = await checkEmailVerified(actorId, "publish a job");
      if (!verdict.allowed) throw new HiringError("email-unverified", verdict.reason);
    }
    await checkPublishLimit(job.companyId, job.id);
  }
  job.status = move.to;
  // Closing starts the retention period (decision 089); archiving a closed job keeps its closing time.
  if (move.to === "active") job.closedAt = null;
  else if (!job.closedAt) job.closedAt = now();
  if (job.companyId) await tellJobPageChange({ jobId: job.id, shown: move.to === "active" });
  // Published, or reopened after its closing date: open for another CLOSING_DAYS (job-expiry.ts).
  if (move.to === "active" && (!job.closesAt || job.closesAt.getTime() <= now().getTime())) {
    job.closesAt = defaultClosingDate(now());
  }
}

/** An administrator closes any active job (the CLI). */
export async function closeJobAsAdmin(jobId: string): Promise<JobSummary> {
  return transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockForUpdate(Job, { id: jobId }) : null;
    if (!job) throw new HiringError("not-found", `No job with id ${jobId}.`);
    await moveJob(job, "close", null);
    await tx.flush();
    await boardChanged();
    return summary(job);
  });
}
