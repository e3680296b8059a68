// The Stripe client, made from configuration (STRIPE_SECRET_KEY, STRIPE_API_BASE) once per process.
// Without a key there is no online payment: callers ask `onlinePayments()` first and say so.
import Stripe from "stripe";
import { config } from "../../lib/config.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** Another API address (the tests' fake Stripe server); undefined: Stripe's own. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

/** What a customer is told when they try to pay here and this server takes no payments. */
export const OFFLINE_PAYMENTS_MESSAGE =
  "Payment isn't taken online here. Use Request this plan on the plans page and we will contact you to arrange payment.";

let override: StripeSettings | null | undefined;
let client: { settings: StripeSettings; stripe: Stripe } | undefined;

/** Tests point the module at a fake server (or at none with null); undefined goes back to the configuration. */
export function setStripeSettings(settings: StripeSettings | null | undefined): void {
  override = settings;
  client = undefined;
}

export function stripeSettings(): StripeSettings | undefined {
  return override === undefined ? config().stripe : (override ?? undefined);
}

/** True when this server takes payments through Stripe. */
export function onlinePayments(): boolean {
  return stripeSettings() !== undefined;
}

/** The client; only called after onlinePayments() said yes. */
export function stripe(): Stripe {
  const settings = stripeSettings();
  if (!settings) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is unset)");
  if (client?.settings !== settings) {
    client = {
      settings,
      stripe: new Stripe(settings.secretKey, {
        ...settings.api,
        // A person waits on checkout: fail within seconds with a clear message rather than hang.
        timeout: 10_000,
        maxNetworkRetries: 1,
        appInfo: { name: "Hirewise" },
      }),
    };
  }
  return client.stripe;
}
