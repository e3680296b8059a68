import { defineEntity, p } from "@mikro-orm/postgresql";
import { now } from "../../lib/clock.ts";

export const AUDIENCES = ["candidate", "employer"] as const;
export const BILLINGS = ["monthly", "annual"] as const;

// One row per account: the plan it is on and its trial window. The account is held by id only
// (identity owns accounts; modules don't share entities).
const SubscriptionSchema = defineEntity({
  name: "Subscription",
  tableName: "subscriptions",
  properties: {
    id: p.integer().primary(),
    userId: p.uuid().unique(),
    audience: p.enum([...AUDIENCES]),
    // A catalog plan id ("free-trial", "startup"); the catalog, not this table, knows its limits.
    planId: p.string().length(40),
    billing: p.enum([...BILLINGS]).default("monthly"),
    startedAt: p.datetime(),
    // Set only while on a trial plan: startedAt + TRIAL_DAYS.
    trialEndsAt: p.datetime().nullable(),
    // The paid plan the sign-up link named: what the account means to upgrade to, not what it is on.
    intendedPlanId: p.string().length(40).nullable(),
    updatedAt: p.datetime().onCreate(() => now()).onUpdate(() => now()),
  },
});
export class Subscription extends SubscriptionSchema.class {}
SubscriptionSchema.setClass(Subscription);

export const billingPlansEntities = [Subscription];
