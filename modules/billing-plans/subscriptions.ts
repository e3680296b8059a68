// Subscriptions: which plan each account is on, its trial window, and the administrator's changes.
//
// Every account has exactly one row: signUp creates it in the account's own transaction, and the
// migration that added the table gave every earlier account a Free Trial starting at its sign-up
// (users.created_at), so accounts from before this feature are on the trial from their creation.
// Should a row still be missing (an account written some other way), a read that knows the
// audience creates a Free Trial starting now: it cannot ask identity for the sign-up date without
// a dependency cycle, and starting now never takes away a trial the person did not have.
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import { findPlan, PLANS, planSlug, TRIAL_DAYS, trialPlan, type Audience, type Billing, type Plan } from "./catalog.ts";
import { AUDIENCES, BILLINGS, PlanRequest, Subscription } from "./entities.ts";

const DAY_MS = 86_400_000;
export const CANCEL_STRIPE_SUBSCRIPTION_QUEUE = "billing-plans.cancel-stripe-subscription";

/** A subscription as the rest of the product sees it: plain data, never an entity. */
export interface SubscriptionInfo {
  userId: string;
  audience: Audience;
  plan: Plan;
  billing: Billing;
  startedAt: string;
  /** When the trial ends (ended); null when not on a trial plan. */
  trialEndsAt: string | null;
  /** Whole days left, rounded up (14 on the first day, 1 on the last); null when not on a trial. */
  trialDaysLeft: number | null;
  trialOver: boolean;
  /** The paid plan picked at sign-up, still to upgrade to; null when none (or once a plan is set). */
  intendedPlan: Plan | null;
}

export interface TrialStatus {
  onTrial: boolean;
  trialEndsAt: string | null;
  daysLeft: number | null;
  over: boolean;
}

export type PlanErrorCode = "unknown-plan" | "wrong-audience" | "unknown-user" | "invalid-billing";

/** An administrator's request the module cannot carry out; the message is a full sentence. */
export class PlanError extends Error {
  readonly code: PlanErrorCode;
  constructor(code: PlanErrorCode, message: string) {
    super(message);
    this.name = "PlanError";
    this.code = code;
  }
}

function trialEndFrom(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS);
}

type InfoFields = Pick<
  Subscription,
  "userId" | "audience" | "planId" | "billing" | "startedAt" | "trialEndsAt" | "intendedPlanId"
>;

function toInfo(row: InfoFields): SubscriptionInfo {
  // A plan id the catalog no longer has reads as the trial, the most limited plan.
  const plan = findPlan(row.audience, row.planId) ?? trialPlan(row.audience);
  const trialEnds = row.trialEndsAt ?? (plan.trialDays ? trialEndFrom(row.startedAt) : null);
  const msLeft = trialEnds ? trialEnds.getTime() - now().getTime() : 0;
  return {
    userId: row.userId,
    audience: row.audience,
    plan,
    billing: row.billing,
    startedAt: row.startedAt.toISOString(),
    trialEndsAt: trialEnds?.toISOString() ?? null,
    trialDaysLeft: trialEnds ? Math.max(0, Math.ceil(msLeft / DAY_MS)) : null,
    // The trial ends at the exact instant: sign-up + TRIAL_DAYS is the first moment it is over.
    trialOver: trialEnds !== null && msLeft <= 0,
    intendedPlan: findPlan(row.audience, row.intendedPlanId) ?? null,
  };
}

/**
 * Puts a new account on its Free Trial. Called by identity's signUp inside its transaction (em()
 * joins it). A paid plan of the account's role named by the sign-up link is remembered as the plan
 * to upgrade to: a link anyone can edit never grants a plan; only an administrator's setPlan does.
 */
export async function startSubscription(
  userId: string,
  audience: Audience,
  requestedPlan?: string | null,
): Promise<SubscriptionInfo> {
  const requested = findPlan(audience, requestedPlan);
  const plan = trialPlan(audience);
  const startedAt = now();
  const manager = em();
  const row = manager.create(Subscription, {
    userId,
    audience,
    planId: plan.id,
    billing: "monthly",
    startedAt,
    trialEndsAt: trialEndFrom(startedAt),
    intendedPlanId: requested && requested.id !== plan.id ? requested.id : null,
  });
  await manager.flush();
  return toInfo(row);
}

/** The account's row; a missing one is created as a Free Trial when the audience is known. */
async function load(manager: EntityManager, userId: string, audience?: Audience): Promise<Subscription> {
  const row = await manager.findOne(Subscription, { userId });
  if (row) return row;
  if (!audience) throw unknownUser(userId);
  const startedAt = now();
  const plan = trialPlan(audience);
  // Two first reads at once: the unique userId decides, the loser reads the winner's row.
  await manager.upsert(
    Subscription,
    {
      userId,
      audience,
      planId: plan.id,
      billing: "monthly",
      startedAt,
      trialEndsAt: trialEndFrom(startedAt),
      updatedAt: startedAt,
    },
    { onConflictFields: ["userId"], onConflictAction: "ignore" },
  );
  return manager.findOneOrFail(Subscription, { userId }, { refresh: true });
}

/**
 * The account's plan and trial. `audience` (the account's role) lets a missing row be created; the
 * administrator's paths omit it and get PlanError("unknown-user") instead.
 */
export async function getSubscription(userId: string, audience?: Audience): Promise<SubscriptionInfo> {
  return toInfo(await load(em(), userId, audience));
}

/**
 * Whose plan applies: an account's subscription (its id), or a company nobody holds a plan for (its
 * plan holder left), which is on the Free Trial counted from `trialFrom` (when the company was made),
 * so losing the holder never starts a new trial.
 */
export type PlanSource = string | { trialFrom: Date };

/** The plan a source is on (see PlanSource); a company without a holder reads with an empty userId. */
export async function planOf(source: PlanSource, audience: Audience): Promise<SubscriptionInfo> {
  if (typeof source === "string") return getSubscription(source, audience);
  const startedAt = source.trialFrom;
  return toInfo({
    userId: "",
    audience,
    planId: trialPlan(audience).id,
    billing: "monthly",
    startedAt,
    trialEndsAt: trialEndFrom(startedAt),
    intendedPlanId: null,
  });
}

/** Whether the account is on a trial, how long it has left and whether it is over. */
export async function trialStatus(userId: string, audience?: Audience): Promise<TrialStatus> {
  const info = await getSubscription(userId, audience);
  return {
    onTrial: info.trialEndsAt !== null,
    trialEndsAt: info.trialEndsAt,
    daysLeft: info.trialDaysLeft,
    over: info.trialOver,
  };
}

/**
 * An administrator's plan change; it takes effect at once. A paid (or Enterprise) plan clears the
 * trial end. Moving back to the Free Trial restarts nothing: the trial keeps its original window
 * (sign-up + TRIAL_DAYS), so it may already be over. Billing stays as it was unless given.
 */
export async function setPlan(userId: string, planIdOrName: string, billing?: Billing): Promise<SubscriptionInfo> {
  if (billing !== undefined && !(BILLINGS as readonly string[]).includes(billing)) {
    throw new PlanError("invalid-billing", `Unknown billing period "${billing}". Use monthly or annual.`);
  }
  const manager = em();
  const row = await manager.findOne(Subscription, { userId });
  if (!row) throw unknownUser(userId);
  const plan = findPlan(row.audience, planIdOrName);
  if (!plan) {
    const elsewhere = AUDIENCES.find((a) => a !== row.audience && findPlan(a, planIdOrName));
    if (elsewhere) {
      throw new PlanError(
        "wrong-audience",
        `${findPlan(elsewhere, planIdOrName)!.name} is a plan for ${elsewhere}s, but this account is ${article(row.audience)} ${row.audience}. Choose one of: ${planIds(row.audience)}.`,
      );
    }
    throw new PlanError(
      "unknown-plan",
      `There is no plan "${planSlug(planIdOrName)}". Choose one of: ${planIds(row.audience)}.`,
    );
  }
  row.planId = plan.id;
  // The administrator has decided the plan: what was picked at sign-up, and asked for since, is settled.
  row.intendedPlanId = null;
  if (billing) row.billing = billing;
  row.trialEndsAt = plan.trialDays ? trialEndFrom(row.startedAt) : null;
  await manager.flush();
  // So are the requests they made for a plan (plan-requests.ts).
  await manager.nativeUpdate(PlanRequest, { holderId: userId, handledAt: null }, { handledAt: now() });
  return toInfo(row);
}

/**
 * Follows an account's role change (identity's setRole calls it in its transaction). Plans don't
 * cross roles, so the account moves to the new role's Free Trial with its original trial window:
 * changing role never grants a new trial. An administrator sets a paid plan afterwards if due.
 */
export async function changeAudience(userId: string, audience: Audience): Promise<SubscriptionInfo> {
  const manager = em();
  const row = await load(manager, userId, audience);
  if (row.audience !== audience) {
    row.audience = audience;
    row.planId = trialPlan(audience).id;
    row.trialEndsAt = trialEndFrom(row.startedAt);
    row.intendedPlanId = null;
    await manager.flush();
  }
  return toInfo(row);
}

function unknownUser(userId: string) {
  return new PlanError("unknown-user", `No account with id ${userId}.`);
}

function planIds(audience: Audience): string {
  return PLANS.filter((p) => p.audience === audience)
    .map((p) => p.id)
    .join(", ");
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}

/**
 * Deletes the account's subscription row (the account is being deleted; identity calls it in its
 * transaction). A subscription still paid through Stripe is cancelled by a queued job that commits
 * with the deletion, so a deleted account is never charged again (the job holds Stripe's ids only).
 */
export async function forgetSubscription(userId: string): Promise<void> {
  const row = await em().findOne(Subscription, { userId });
  if (row?.stripeSubscriptionId && ["active", "trialing", "past_due"].includes(row.stripeStatus ?? "")) {
    await enqueue(CANCEL_STRIPE_SUBSCRIPTION_QUEUE, { subscriptionId: row.stripeSubscriptionId });
  }
  await em().nativeDelete(Subscription, { userId });
  await em().nativeDelete(PlanRequest, { $or: [{ holderId: userId }, { requestedBy: userId }] });
}
