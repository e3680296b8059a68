// A billing request the module cannot carry out; the message is a full sentence for the person.
import Stripe from "stripe";
export type BillingErrorCode =
  | "not-configured"
  | "unknown-plan"
  | "not-for-sale"
  | "unavailable"
  | "already-subscribed"
  | "no-customer"
  | "refund-refused";

export class BillingError extends Error {
  readonly code: BillingErrorCode;
  constructor(code: BillingErrorCode, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "BillingError";
    this.code = code;
  }
}

export const UNREACHABLE =
  "We couldn't reach our payment provider. Nothing was charged and your plan is unchanged. Please try again in a few minutes.";

/** Stripe's network failures and its own errors become one clear refusal; anything else is a bug. */
export function fromStripeError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) throw new BillingError("unavailable", UNREACHABLE, error);
  throw error;
}
