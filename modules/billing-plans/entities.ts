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
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
    // Stripe (decision 056): the customer, made once per account, and the subscription's state as
    // last read from Stripe. Null while the account has never paid online.
    stripeCustomerId: p.string().length(255).nullable().unique(),
    stripeSubscriptionId: p.string().length(255).nullable(),
    stripeStatus: p.string().length(40).nullable(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    // The last charge failed and Stripe is retrying: the account page asks for another card.
    paymentFailedAt: p.datetime().nullable(),
    // Stripe gave up (canceled or unpaid): the account went back to its trial's limits then.
    lapsedAt: p.datetime().nullable(),
    // What the account page tells them about it (the jobs closed to fit the trial's limits).
    lapseNotice: p.text().nullable(),
  },
});
export class Subscription extends SubscriptionSchema.class {}
SubscriptionSchema.setClass(Subscription);

// Every Stripe webhook event received, by Stripe's id: the same event twice is handled once.
const BillingEventSchema = defineEntity({
  name: "BillingEvent",
  tableName: "billing_events",
  properties: {
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    receivedAt: p.datetime(),
    // What handling it did ("applied", "ignored: unknown customer"), for whoever reads the table.
    outcome: p.string().length(200),
  },
});
export class BillingEvent extends BillingEventSchema.class {}
BillingEventSchema.setClass(BillingEvent);

// A customer's request for a paid plan on a server without online payment: the operator is emailed
// and changes the plan (`cli plans:set`, which marks the holder's open requests handled). One open
// request per plan holder, plan and billing period (a partial unique index), so clicks repeat nothing.
const PlanRequestSchema = defineEntity({
  name: "PlanRequest",
  tableName: "plan_requests",
  properties: {
    id: p.integer().primary(),
    // The account whose plan it is (an employer company's plan holder), and who asked.
    holderId: p.uuid().index(),
    requestedBy: p.uuid(),
    audience: p.enum([...AUDIENCES]),
    planId: p.string().length(40),
    billing: p.enum([...BILLINGS]),
    requestedAt: p.datetime(),
    handledAt: p.datetime().nullable(),
  },
});
export class PlanRequest extends PlanRequestSchema.class {}
PlanRequestSchema.setClass(PlanRequest);

export const billingPlansEntities = [Subscription, BillingEvent, PlanRequest];
