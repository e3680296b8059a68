// Upgrading through Stripe Checkout. The person is sent to Stripe's page for the plan's price (found
// by lookup key); the plan changes only when Stripe confirms the subscription (webhooks.ts), never
// on the way back to the success page. One Stripe customer per account (an employer company's plan
// holder), created once with an idempotency key and remembered on the subscription row.
import type Stripe from "stripe";
import { em } from "../../lib/db.ts";
import { findPlan, type Audience, type Billing } from "./catalog.ts";
import { BillingError, fromStripeError } from "./billing-error.ts";
import { Subscription } from "./entities.ts";
import { priceFor, sellsOnline } from "./stripe-catalog.ts";
import { OFFLINE_PAYMENTS_MESSAGE, onlinePayments, stripe } from "./stripe-client.ts";
import { logger } from "../../lib/logger.ts";
import { getSubscription } from "./subscriptions.ts";

// Stripe refuses a Checkout trial that ends sooner than this; a trial that close to its end is
// charged at once instead (the remaining hours are not worth a refusal).
const MIN_TRIAL_SECONDS = 2 * 86_400 + 3_600;
const LIVE = ["active", "trialing", "past_due"];

export interface CheckoutRequest {
  /** The account whose plan this is (a company's plan holder). */
  holderId: string;
  audience: Audience;
  plan: string;
  billing: string;
  /** For an employer: the company the plan is bought for (its buyer becomes holder if it has none). */
  companyId?: string | null;
  /** For the Stripe customer: who pays and under what name. */
  email: string;
  name: string | null;
  /** Absolute URLs of this site's pages to come back to. */
  successUrl: string;
  cancelUrl: string;
}

export async function startCheckout(request: CheckoutRequest): Promise<{ url: string }> {
  if (!onlinePayments()) throw new BillingError("not-configured", OFFLINE_PAYMENTS_MESSAGE);
  const plan = findPlan(request.audience, request.plan);
  if (!plan || !sellsOnline(plan)) throw new BillingError("unknown-plan", "There is no such plan to buy.");
  if (request.billing !== "monthly" && request.billing !== "annual")
    throw new BillingError("unknown-plan", "There is no such billing period.");
  const billing: Billing = request.billing;
  const sub = await getSubscription(request.holderId, request.audience);
  const row = await em().findOneOrFail(Subscription, { userId: request.holderId }, { refresh: true });
  if (row.stripeSubscriptionId && LIVE.includes(row.stripeStatus ?? "")) {
    throw new BillingError("already-subscribed", "You already pay for a plan. Change it from your account page.");
  }
  try {
    const price = await priceFor(plan, billing);
    if (!price) {
      // The operator's step is for the log; the customer hears only that nothing happened.
      logger.warn(
        { plan: plan.id, billing },
        "checkout refused: the plan has no Stripe price yet (run `npm run cli -- billing:sync`)",
      );
      throw new BillingError(
        "not-for-sale",
        `${plan.name} can't be bought online just yet. Nothing was charged and your plan is unchanged; please try again later.`,
      );
    }
    const customer = await customerFor(row, request);
    const trialSeconds =
      sub.trialEndsAt && !sub.trialOver ? Math.floor(new Date(sub.trialEndsAt).getTime() / 1000) : null;
    const trialEnd = trialSeconds && trialSeconds - Date.now() / 1000 >= MIN_TRIAL_SECONDS ? trialSeconds : undefined;
    const metadata: Record<string, string> = { holder_id: request.holderId, plan: plan.id, billing };
    if (request.companyId) metadata.company_id = request.companyId;
    const session = await stripe().checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: request.holderId,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: `${request.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: request.cancelUrl,
      metadata,
      // What is left of the free trial is carried over: the first charge comes when it ends.
      subscription_data: { metadata, ...(trialEnd ? { trial_end: trialEnd } : {}) },
    });
    if (!session.url)
      throw new BillingError(
        "unavailable",
        "Stripe did not give a checkout page. Nothing was charged; please try again.",
      );
    return { url: session.url };
  } catch (error) {
    if (error instanceof BillingError) throw error;
    return fromStripeError(error);
  }
}

/** The account's Stripe customer: the stored one, or a new one stored now (once, even under races). */
async function customerFor(row: Subscription, request: CheckoutRequest): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const params: Stripe.CustomerCreateParams = { email: request.email, metadata: { holder_id: request.holderId } };
  if (request.name) params.name = request.name;
  // The same key for the same account: two clicks at once get the same customer from Stripe.
  const customer = await stripe().customers.create(params, { idempotencyKey: `hirewise-customer-${request.holderId}` });
  await em().execute(
    `update subscriptions set stripe_customer_id = ? where user_id = ? and stripe_customer_id is null`,
    [customer.id, request.holderId],
  );
  const stored = await em().findOneOrFail(Subscription, { userId: request.holderId }, { refresh: true });
  return stored.stripeCustomerId ?? customer.id;
}
