// Billing through Stripe: `billing:sync` puts the plan catalog into Stripe (products, and prices
// found by lookup key); `billing:refund` gives the 30-day money-back guarantee.
import type { Command } from "commander";
import { onlinePayments, syncCatalog } from "../modules/billing-plans/index.ts";
import { CliError, table } from "./runtime.ts";

const NOT_CONFIGURED = "Stripe is not configured on this server: set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET for the webhook).";

export function registerBillingCommands(program: Command): void {
  program
    .command("billing:sync")
    .description("Create or update the Stripe products and prices of the plan catalog (safe to run again).")
    .action(async () => {
      if (!onlinePayments()) throw new CliError(NOT_CONFIGURED);
      // The catalog is code and Stripe is the target: no database needed.
      const lines = await syncCatalog();
      console.log(table(lines.map((l) => ({ "lookup key": l.lookupKey, price: l.priceId, action: l.action })), ["lookup key", "price", "action"]));
    });
}
