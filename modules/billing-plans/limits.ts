// Plan limits. The modules that own jobs and applications pass the counts they keep; this module
// decides. Counts are what exists before the action: 0 active jobs means publishing the first one.
import { formatDate } from "../../lib/dates.ts";
import { ANSWER_FEEDBACK_PLANS, type Audience, type Plan } from "./catalog.ts";
import { getSubscription, planOf, type PlanSource, type SubscriptionInfo } from "./subscriptions.ts";

export type LimitCheck = { allowed: true } | { allowed: false; reason: string; upgradeUrl: string };

/** Where an account compares plans: the pricing page opened on its own audience. */
export function upgradeUrl(audience: Audience): string {
  return `/pricing?audience=${audience === "employer" ? "employers" : "job-seekers"}`;
}

type LimitKey = keyof Plan["limits"];

interface LimitRule {
  audience: Audience;
  key: LimitKey;
  /** Why a limit was reached, e.g. "includes 1 active job". */
  includes: (limit: number) => string;
  /** What upgrading allows, e.g. "publish more". */
  more: string;
  /** What an ended trial stops, e.g. "publish jobs". */
  afterTrial: string;
  /** The action for an account of the other role, e.g. "publish jobs". */
  action: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const RULES = {
  publishJob: {
    audience: "employer",
    key: "activeJobs",
    includes: (n) => `includes ${plural(n, "active job")}`,
    more: "publish more",
    afterTrial: "publish jobs",
    action: "publish jobs",
  },
  receiveApplication: {
    audience: "employer",
    key: "applicationsReceived",
    includes: (n) => `includes up to ${plural(n, "application")}`,
    more: "receive more applications",
    afterTrial: "keep receiving applications",
    action: "receive applications",
  },
  apply: {
    audience: "candidate",
    key: "applicationsSent",
    includes: (n) => `includes ${plural(n, "application")}`,
    more: "apply to more jobs",
    afterTrial: "keep applying to jobs",
    action: "apply to jobs",
  },
} satisfies Record<string, LimitRule>;

/** "Free Trial" or "Startup plan": how a reason names the plan. */
function planLabel(plan: Plan): string {
  return plan.trialDays ? plan.name : `${plan.name} plan`;
}

function decide(sub: SubscriptionInfo, rule: LimitRule, count: number, heldBy: "account" | "nobody"): LimitCheck {
  const refuse = (reason: string): LimitCheck => ({ allowed: false, reason, upgradeUrl: upgradeUrl(rule.audience) });
  if (sub.audience !== rule.audience) return refuse(`Only ${rule.audience} accounts can ${rule.action}.`);
  if (sub.trialOver && heldBy === "nobody") {
    return refuse(
      `Nobody holds a plan for this company since its plan holder left, and its Free Trial ended on ${formatDate(sub.trialEndsAt!)}. An owner can choose a plan to ${rule.afterTrial}.`,
    );
  }
  if (sub.trialOver) {
    return refuse(`Your Free Trial ended on ${formatDate(sub.trialEndsAt!)}. Upgrade your plan to ${rule.afterTrial}.`);
  }
  const limit = sub.plan.limits[rule.key];
  if (limit !== null && count >= limit) {
    return refuse(`Your ${planLabel(sub.plan)} ${rule.includes(limit)}. Upgrade your plan to ${rule.more}.`);
  }
  return { allowed: true };
}

async function check(source: PlanSource, rule: LimitRule, count: number): Promise<LimitCheck> {
  return decide(await planOf(source, rule.audience), rule, count, typeof source === "string" ? "account" : "nobody");
}

/**
 * May the employer publish one more job, having `activeJobCount` active now? The count covers every
 * company the plan holder holds: one subscription is one plan's limits.
 */
export function mayPublishJob(holder: PlanSource, activeJobCount: number): Promise<LimitCheck> {
  return check(holder, RULES.publishJob, activeJobCount);
}

/** May the holder's jobs receive one more application, having received this many in total? */
export function mayReceiveApplication(holder: PlanSource, applicationsReceivedCount: number): Promise<LimitCheck> {
  return check(holder, RULES.receiveApplication, applicationsReceivedCount);
}

/**
 * True when nothing limits the applications the employer's jobs receive (a paid plan without a
 * cap): the caller can skip counting them, and the lock that makes the count exact.
 */
export async function receivesApplicationsWithoutLimit(holder: PlanSource): Promise<boolean> {
  const sub = await planOf(holder, RULES.receiveApplication.audience);
  return (
    sub.audience === RULES.receiveApplication.audience &&
    !sub.trialOver &&
    sub.plan.limits[RULES.receiveApplication.key] === null
  );
}

/** May the candidate send one more application, having sent this many in total? */
export function mayApply(candidateId: string, applicationsSentCount: number): Promise<LimitCheck> {
  return check(candidateId, RULES.apply, applicationsSentCount);
}

export interface UsageCounts {
  activeJobs: number;
  applicationsReceived: number;
  applicationsSent: number;
}

export interface UsageLine {
  key: LimitKey;
  label: string;
  used: number;
  /** null: unlimited. */
  limit: number | null;
  /** "0 of 1", or "4 (unlimited)". */
  text: string;
}

const USAGE_LABELS: Record<Audience, [LimitKey, string][]> = {
  employer: [
    ["activeJobs", "Active jobs"],
    ["applicationsReceived", "Applications received"],
  ],
  candidate: [["applicationsSent", "Applications sent"]],
};

/**
 * Usage against each limit of the plan's role, for the account page. Callers pass the counts the
 * owning modules keep (0 until jobs and applications exist); missing counts read as 0.
 */
export function planUsage(plan: Plan, counts: Partial<UsageCounts> = {}): UsageLine[] {
  return USAGE_LABELS[plan.audience].map(([key, label]) => {
    const used = counts[key] ?? 0;
    const limit = plan.limits[key];
    return { key, label, used, limit, text: limit === null ? `${used} (unlimited)` : `${used} of ${limit}` };
  });
}

/** Whether the candidate's plan includes AI feedback on their answers (and is not an ended trial). */
export async function includesAnswerFeedback(candidateId: string): Promise<boolean> {
  const sub = await getSubscription(candidateId, "candidate");
  return sub.audience === "candidate" && !sub.trialOver && ANSWER_FEEDBACK_PLANS.includes(sub.plan.id);
}
