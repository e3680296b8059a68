// Stripe's webhook (POST /billing/webhook). The signature is checked with the library against the
// raw body; each event is stored by id in the transaction that handles it, so a second delivery of
// the same event changes nothing. Events are hints, not state: for any subscription event the
// handler reads the subscription from Stripe under the account's row lock and applies what Stripe
// says now, so events that arrive late or out of order still leave the state Stripe has.
import type Stripe from "stripe";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { formatDate } from "../../lib/dates.ts";
import { logger } from "../../lib/logger.ts";
import { TRIAL_DAYS, trialPlan } from "./catalog.ts";
import { Subscription } from "./entities.ts";
import { runLapseListeners, runPlanBoughtListeners } from "./lapse.ts";
import { cancelExtraSubscription, isExtraSubscription } from "./extra-subscriptions.ts";
import { planOfLookupKey } from "./stripe-catalog.ts";
import { stripe, stripeSettings } from "./stripe-client.ts";

export interface WebhookAnswer {
  status: 200 | 400 | 404;
  message: string;
}

const LIVE = new Set(["active", "trialing", "past_due"]);
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired"]);
const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

export async function receiveWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookAnswer> {
  const secret = stripeSettings()?.webhookSecret;
  if (!secret) return { status: 404, message: "Not found" };
  let event: Stripe.Event;
  try {
    // Default tolerance: a signature older than 5 minutes is refused (replays).
    event = stripe().webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch (error) {
    // The reason only: the payload and header are not worth a log line each.
    logger.warn(
      { reason: (error as Error).message.split("\n")[0] },
      "stripe webhook refused: bad signature or old timestamp",
    );
    return { status: 400, message: "Invalid signature" };
  }
  if (!HANDLED.has(event.type)) {
    logger.info({ eventId: event.id, type: event.type }, "stripe webhook ignored: event type not used");
    return { status: 200, message: "ignored" };
  }
  const outcome = await transaction(async () => {
    const inserted = await em().execute<{ id: string }[]>(
      `insert into billing_events (id, type, received_at, outcome) values (?, ?, ?, 'handling') on conflict (id) do nothing returning id`,
      [event.id, event.type, now()],
    );
    if (inserted.length === 0) return "duplicate";
    const result = await handle(event);
    await em().execute(`update billing_events set outcome = ? where id = ?`, [result.slice(0, 200), event.id]);
    return result;
  });
  if (outcome !== "applied")
    logger.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook not applied");
  return { status: 200, message: outcome };
}

/** The customer and subscription an event is about. */
function subjectOf(event: Stripe.Event): { customer: string | null; subscription: string | null } {
  const id = (value: unknown) => (typeof value === "string" ? value : ((value as { id?: string } | null)?.id ?? null));
  switch (event.type) {
    case "checkout.session.completed":
      return { customer: id(event.data.object.customer), subscription: id(event.data.object.subscription) };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { customer: id(event.data.object.customer), subscription: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_failed":
      return {
        customer: id(event.data.object.customer),
        subscription: id(event.data.object.parent?.subscription_details?.subscription),
      };
    default:
      return { customer: null, subscription: null };
  }
}

async function handle(event: Stripe.Event): Promise<string> {
  const { customer, subscription } = subjectOf(event);
  if (!customer) return "ignored: no customer";
  const row = await lockForUpdate(Subscription, { stripeCustomerId: customer });
  if (!row) return `ignored: unknown customer ${customer}`;
  if (!subscription) return "ignored: no subscription";
  const current = await stripe().subscriptions.retrieve(subscription);
  // Two checkouts completed: the account keeps the subscription it has, the other is cancelled.
  if (await isExtraSubscription(row.stripeSubscriptionId, row.stripeStatus, current))
    return cancelExtraSubscription(current, row.stripeSubscriptionId!);
  const result = await apply(row, current);
  const companyId = event.type === "checkout.session.completed" ? event.data.object.metadata?.company_id : undefined;
  if (result === "applied" && companyId && row.stripeSubscriptionId === current.id)
    await runPlanBoughtListeners(row.userId, companyId);
  if (
    event.type === "invoice.payment_failed" &&
    row.stripeSubscriptionId === current.id &&
    current.status === "past_due"
  ) {
    row.paymentFailedAt ??= now();
  }
  await em().flush();
  return result;
}

/** Reads one subscription from Stripe and applies it to its customer's account now (the CLI's refund). */
export async function syncSubscription(customer: string, subscription: string): Promise<string> {
  return transaction(async () => {
    const row = await lockForUpdate(Subscription, { stripeCustomerId: customer });
    if (!row) return "ignored: unknown customer";
    const result = await apply(row, await stripe().subscriptions.retrieve(subscription));
    await em().flush();
    return result;
  });
}

/** Makes the account's row say what Stripe says about this subscription now. */
async function apply(row: Subscription, sub: Stripe.Subscription): Promise<string> {
  const item = sub.items.data[0];
  const bought = planOfLookupKey(item?.price.lookup_key);
  if (LIVE.has(sub.status)) {
    if (!bought || bought.plan.audience !== row.audience)
      return `ignored: price ${item?.price.id ?? "none"} is not a plan of this account`;
    row.planId = bought.plan.id;
    row.billing = bought.billing;
    row.intendedPlanId = null;
    row.trialEndsAt = null;
    row.stripeSubscriptionId = sub.id;
    row.stripeStatus = sub.status;
    row.currentPeriodEnd = item ? new Date(item.current_period_end * 1000) : null;
    row.cancelAtPeriodEnd = sub.cancel_at_period_end;
    row.paymentFailedAt = sub.status === "past_due" ? (row.paymentFailedAt ?? now()) : null;
    row.lapsedAt = null;
    row.lapseNotice = null;
    return "applied";
  }
  if (ENDED.has(sub.status)) {
    // Another subscription of this customer is the live one: this ended one changes nothing.
    if (row.stripeSubscriptionId && row.stripeSubscriptionId !== sub.id)
      return "ignored: not the account's current subscription";
    if (row.lapsedAt) return "applied";
    await lapse(row, sub);
    return "applied";
  }
  // incomplete, paused: nothing paid yet, nothing to change.
  return `ignored: status ${sub.status}`;
}

/** Stripe gave up (or the subscription ended): back to the trial's limits, nothing deleted. */
async function lapse(row: Subscription, sub: Stripe.Subscription): Promise<void> {
  const fallback = trialPlan(row.audience);
  row.planId = fallback.id;
  row.trialEndsAt = new Date(row.startedAt.getTime() + TRIAL_DAYS * 86_400_000);
  row.stripeSubscriptionId = sub.id;
  row.stripeStatus = sub.status;
  row.cancelAtPeriodEnd = false;
  row.paymentFailedAt = null;
  row.lapsedAt = now();
  const closed = await runLapseListeners(row.userId, fallback);
  const why =
    sub.status === "canceled" && !sub.cancellation_details?.reason?.startsWith("payment")
      ? "was cancelled"
      : "ended because the payment could not be collected";
  row.lapseNotice =
    `Your paid plan ${why} on ${formatDate(now().toISOString())}, so your account is back on the ${fallback.name}'s limits. Nothing was deleted.` +
    (closed.length
      ? ` To fit them we closed ${closed.length === 1 ? "this job" : "these jobs"}: ${closed.join(", ")}. Upgrade to reopen ${closed.length === 1 ? "it" : "them"}.`
      : "");
}
