// One account, one paying subscription. Two checkouts started before either completes both end in
// a subscription; the webhook keeps the one the account already has and calls this for the other:
// cancelled at once in Stripe and its payment, if any, refunded in full (nothing was used of it).
import type Stripe from "stripe";
import { logger } from "../../lib/logger.ts";
import { stripe } from "./stripe-client.ts";

const LIVE = new Set(["active", "trialing", "past_due"]);

/** Whether `incoming` is a second live subscription beside the account's `keptId` (read again from Stripe). */
export async function isExtraSubscription(
  keptId: string | null | undefined,
  keptStatus: string | null | undefined,
  incoming: Stripe.Subscription,
): Promise<boolean> {
  if (!keptId || keptId === incoming.id || !LIVE.has(incoming.status) || !LIVE.has(keptStatus ?? "")) return false;
  // Our copy may be behind Stripe: only a kept subscription that is still live makes the new one extra.
  const kept = await stripe().subscriptions.retrieve(keptId);
  return LIVE.has(kept.status);
}

/** Cancels the extra subscription now and refunds what it charged; returns the outcome to store. */
export async function cancelExtraSubscription(extra: Stripe.Subscription, keptId: string): Promise<string> {
  if (extra.status !== "canceled") await stripe().subscriptions.cancel(extra.id, { prorate: false });
  const refunded = await refundInvoice(idOf(extra.latest_invoice));
  logger.warn(
    { extra: extra.id, kept: keptId, refunded },
    "stripe: a second subscription for one account was cancelled",
  );
  return `cancelled: ${extra.id} is a second subscription beside ${keptId}${refunded ? ", its payment refunded" : ""}`;
}

/** Refunds an invoice's payment in full, once however often asked; false when it charged nothing. */
export async function refundInvoice(invoiceId: string | null, metadata: Record<string, string> = {}): Promise<boolean> {
  if (!invoiceId) return false;
  const invoice = await stripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
  const target = refundTarget(invoice);
  if (invoice.amount_paid <= 0 || !target) return false;
  await stripe().refunds.create(
    { ...target, reason: "duplicate", metadata },
    { idempotencyKey: `hirewise-refund-${invoice.id}` },
  );
  return true;
}

/** The charge (or payment intent) that paid an invoice, as Stripe's refunds take it. */
export function refundTarget(invoice: Stripe.Invoice): { charge: string } | { payment_intent: string } | null {
  const payment = invoice.payments?.data[0]?.payment;
  const charge = idOf(payment?.charge);
  if (charge) return { charge };
  const intent = idOf(payment?.payment_intent);
  return intent ? { payment_intent: intent } : null;
}

export function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : (value.id ?? null);
}
