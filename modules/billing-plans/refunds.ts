// The 30-day money-back guarantee, given by an administrator (`cli billing:refund`): the
// account's last payment is refunded in full if it was made within 30 days, and the subscription
// is cancelled at once, so the account goes back to its trial's limits (nothing deleted). An older
// payment is refused with its date.
import type Stripe from "stripe";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { formatDate } from "../../lib/dates.ts";
import { formatPrice } from "./catalog.ts";
import { BillingError, fromStripeError } from "./billing-error.ts";
import { Subscription } from "./entities.ts";
import { onlinePayments, stripe } from "./stripe-client.ts";
import { syncSubscription } from "./webhooks.ts";
import { idOf, refundTarget } from "./extra-subscriptions.ts";

export const GUARANTEE_DAYS = 30;

export interface RefundDone {
  amount: string;
  paidOn: string;
  invoiceId: string;
  cancelled: boolean;
}

export async function refundLastPayment(holderId: string, reason?: string): Promise<RefundDone> {
  if (!onlinePayments())
    throw new BillingError("not-configured", "Stripe is not configured on this server: set STRIPE_SECRET_KEY.");
  const row = await em().findOne(Subscription, { userId: holderId });
  if (!row?.stripeCustomerId)
    throw new BillingError("no-customer", "This account has never paid online: there is nothing to refund.");
  try {
    const invoices = await stripe().invoices.list({
      customer: row.stripeCustomerId,
      status: "paid",
      limit: 10,
      expand: ["data.payments"],
    });
    const last = invoices.data.filter((invoice) => invoice.amount_paid > 0).sort((a, b) => paidAt(b) - paidAt(a))[0];
    if (!last) throw new BillingError("refund-refused", "This account has no payment to refund.");
    const paidOn = formatDate(new Date(paidAt(last) * 1000).toISOString());
    if (now().getTime() - paidAt(last) * 1000 > GUARANTEE_DAYS * 86_400_000) {
      throw new BillingError(
        "refund-refused",
        `The last payment was on ${paidOn}, more than ${GUARANTEE_DAYS} days ago: the money-back guarantee covers ${GUARANTEE_DAYS} days. Nothing was refunded.`,
      );
    }
    const target = refundTarget(last);
    if (!target)
      throw new BillingError(
        "refund-refused",
        `The payment of ${paidOn} has no charge Stripe can refund; refund it from the Stripe dashboard.`,
      );
    // The same invoice is refunded once, however often the command runs.
    await stripe().refunds.create(
      {
        ...target,
        reason: "requested_by_customer",
        metadata: { guarantee: "30-day", note: (reason ?? "").slice(0, 500) },
      },
      { idempotencyKey: `hirewise-refund-${last.id}` },
    );
    let cancelled = false;
    const subscription = last.parent?.subscription_details?.subscription;
    const subscriptionId = idOf(subscription) ?? row.stripeSubscriptionId;
    if (subscriptionId) {
      const current = await stripe().subscriptions.retrieve(subscriptionId);
      if (current.status !== "canceled") await stripe().subscriptions.cancel(subscriptionId, { prorate: false });
      await syncSubscription(row.stripeCustomerId, subscriptionId);
      cancelled = true;
    }
    return { amount: formatPrice(last.amount_paid), paidOn, invoiceId: last.id ?? "", cancelled };
  } catch (error) {
    if (error instanceof BillingError) throw error;
    return fromStripeError(error);
  }
}

function paidAt(invoice: Stripe.Invoice): number {
  return invoice.status_transitions.paid_at ?? invoice.created;
}
