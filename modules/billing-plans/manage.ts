// Managing a paid plan: what /account shows (plan, period, next charge, card, invoices) read from
// Stripe, and the way into Stripe's customer portal for changing plan, the card, or cancelling
// (at period end; the portal confirms and Stripe's events change the plan here, as checkout does).
import type Stripe from "stripe";
import { em } from "../../lib/db.ts";
import { formatDate } from "../../lib/dates.ts";
import { logger } from "../../lib/logger.ts";
import { formatPrice } from "./catalog.ts";
import { BillingError, fromStripeError } from "./billing-error.ts";
import { Subscription } from "./entities.ts";
import { onlinePayments, stripe } from "./stripe-client.ts";

export interface InvoiceLine {
  id: string;
  date: string;
  amount: string;
  status: string;
  url: string | null;
}

export interface BillingOverview {
  online: boolean;
  /** Paying through Stripe now (active, trialing or past due). */
  subscribed: boolean;
  status: string | null;
  /** "Renews on 24 Dec 2026 ($59.99)", "Ends on …" (cancelled at period end), or null. */
  nextCharge: string | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  invoices: InvoiceLine[];
  /** The last charge failed: a banner asks for another card. */
  paymentFailed: boolean;
  /** Why the paid plan ended and what was closed. */
  lapseNotice: string | null;
  /** Stripe did not answer: what is shown comes from our own copy. */
  stripeUnavailable: boolean;
}

const LIVE = ["active", "trialing", "past_due"];

/**
 * The plan's state for /account. The card, the charge's amount and the invoices (`details`) are read
 * from Stripe only for those who manage the plan: the rest of a team sees the state from our copy.
 */
export async function billingOverview(
  holderId: string | null,
  { details = true }: { details?: boolean } = {},
): Promise<BillingOverview> {
  const row = holderId ? await em().findOne(Subscription, { userId: holderId }) : null;
  const subscribed = Boolean(row?.stripeSubscriptionId && LIVE.includes(row.stripeStatus ?? ""));
  const base: BillingOverview = {
    online: onlinePayments(),
    subscribed,
    status: row?.stripeStatus ?? null,
    nextCharge:
      row?.currentPeriodEnd && subscribed
        ? `${row.cancelAtPeriodEnd ? "Ends" : row.stripeStatus === "trialing" ? "First charge" : "Renews"} on ${formatDate(row.currentPeriodEnd.toISOString())}`
        : null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    card: null,
    invoices: [],
    paymentFailed: Boolean(row?.paymentFailedAt) && subscribed,
    lapseNotice: row?.lapseNotice ?? null,
    stripeUnavailable: false,
  };
  if (!row?.stripeCustomerId || !base.online || !details) return base;
  try {
    const [sub, invoices] = await Promise.all([
      row.stripeSubscriptionId && subscribed
        ? stripe().subscriptions.retrieve(row.stripeSubscriptionId, { expand: ["default_payment_method"] })
        : null,
      stripe().invoices.list({ customer: row.stripeCustomerId, limit: 12 }),
    ]);
    const pm = sub?.default_payment_method as Stripe.PaymentMethod | null | undefined;
    if (pm && typeof pm === "object" && pm.card) base.card = { brand: brandName(pm.card.brand), last4: pm.card.last4 };
    const item = sub?.items.data[0];
    if (sub && item && base.nextCharge && !sub.cancel_at_period_end && item.price.unit_amount !== null) {
      base.nextCharge += ` (${formatPrice(item.price.unit_amount)})`;
    }
    base.invoices = invoices.data.map((invoice) => ({
      id: invoice.id ?? "",
      date: formatDate(new Date(invoice.created * 1000).toISOString()),
      amount: formatPrice(invoice.amount_paid || invoice.amount_due),
      status: invoice.status ?? "draft",
      url: invoice.hosted_invoice_url ?? null,
    }));
  } catch (error) {
    logger.warn({ err: error, holderId }, "stripe did not answer for the account page");
    base.stripeUnavailable = true;
  }
  return base;
}

const BRANDS: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  jcb: "JCB",
};

/** "visa" → "Visa", "amex" → "American Express": Stripe's brand codes as people write them. */
function brandName(code: string): string {
  return BRANDS[code] ?? code.charAt(0).toUpperCase() + code.slice(1);
}

export type PortalFlow = "home" | "payment" | "change" | "cancel";

/** A customer-portal session for the account, opened on one flow; returns the portal's URL. */
export async function portalSession(holderId: string, returnUrl: string, flow: PortalFlow): Promise<{ url: string }> {
  if (!onlinePayments()) throw new BillingError("not-configured", "Online payment is not set up on this server.");
  const row = await em().findOne(Subscription, { userId: holderId });
  if (!row?.stripeCustomerId)
    throw new BillingError("no-customer", "There is no paid plan to manage yet: choose one on the pricing page.");
  const subscription =
    row.stripeSubscriptionId && LIVE.includes(row.stripeStatus ?? "") ? row.stripeSubscriptionId : null;
  if ((flow === "change" || flow === "cancel") && !subscription) {
    throw new BillingError("no-customer", "There is no paid plan to change or cancel: choose one on the pricing page.");
  }
  const params: Stripe.BillingPortal.SessionCreateParams = { customer: row.stripeCustomerId, return_url: returnUrl };
  if (flow === "payment") params.flow_data = { type: "payment_method_update" };
  if (flow === "change" && subscription)
    params.flow_data = { type: "subscription_update", subscription_update: { subscription } };
  if (flow === "cancel" && subscription)
    params.flow_data = { type: "subscription_cancel", subscription_cancel: { subscription } };
  try {
    const session = await stripe().billingPortal.sessions.create(params);
    return { url: session.url };
  } catch (error) {
    return fromStripeError(error);
  }
}
