// How many more applications the candidate's plan lets them send, shown before they start one (the
// job page and the wizard's first step) so nobody answers questions they can't send.
import { em } from "../../lib/db.ts";
import { getSubscription, mayApply } from "../billing-plans/index.server.ts";
import { Application } from "./entities.ts";

export interface ApplicationAllowance {
  allowed: boolean;
  /** Applications sent so far, not counting withdrawn ones. */
  sent: number;
  /** The plan's cap; null: unlimited. */
  limit: number | null;
  /** Applications left; null: unlimited. */
  remaining: number | null;
  planName: string;
  /** Why no more may be sent (a full sentence), and where to upgrade; null while allowed. */
  reason: string | null;
  upgradeUrl: string | null;
}

/**
 * The applications that count toward the candidate's plan: all they sent except those they
 * withdrew (a withdrawn application gives its place back). Submit checks the same count.
 */
export function countApplicationsTowardPlan(candidateId: string): Promise<number> {
  return em().count(Application, { candidateId, status: { $ne: "withdrawn" } });
}

export async function applicationAllowance(candidateId: string): Promise<ApplicationAllowance> {
  const sent = await countApplicationsTowardPlan(candidateId);
  const [check, subscription] = await Promise.all([
    mayApply(candidateId, sent),
    getSubscription(candidateId, "candidate"),
  ]);
  const limit = subscription.plan.limits.applicationsSent;
  return {
    allowed: check.allowed,
    sent,
    limit,
    remaining: !check.allowed ? 0 : limit === null ? null : Math.max(0, limit - sent),
    planName: subscription.plan.name,
    reason: check.allowed ? null : check.reason,
    upgradeUrl: check.allowed ? null : check.upgradeUrl,
  };
}
