// The billing-plans module's queues: trial reminders (trial-reminders.ts), the operator's email for
// a plan request (plan-requests.ts) and the cancellation of a deleted account's Stripe subscription.
import { logger } from "../../lib/logger.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { onlinePayments, stripe } from "./stripe-client.ts";
import { CANCEL_STRIPE_SUBSCRIPTION_QUEUE } from "./subscriptions.ts";
import { trialRemindersQueue } from "./trial-reminders.ts";
import { planRequestQueue } from "./plan-requests.ts";

// A deleted account's Stripe subscription, cancelled at once (forgetSubscription queues it).
const cancelStripeSubscriptionQueue: QueueDefinition<{ subscriptionId: string }> = {
  name: CANCEL_STRIPE_SUBSCRIPTION_QUEUE,
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  async handle({ subscriptionId }) {
    if (!onlinePayments())
      throw new Error("Stripe is not configured: cannot cancel the deleted account's subscription");
    const current = await stripe().subscriptions.retrieve(subscriptionId);
    if (current.status !== "canceled") await stripe().subscriptions.cancel(subscriptionId);
    logger.info({ subscriptionId }, "deleted account's stripe subscription cancelled");
  },
};

export const billingPlansQueues: QueueDefinition[] = [
  trialRemindersQueue,
  cancelStripeSubscriptionQueue,
  planRequestQueue,
];
