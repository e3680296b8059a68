// Billing through Stripe: `billing:sync` puts the plan catalog into Stripe (products, and prices
// found by lookup key); `billing:refund` gives the 30-day money-back guarantee.
import type { Command } from "commander";
import { BillingError, onlinePayments, refundLastPayment, syncCatalog } from "../modules/billing-plans/index.server.ts";
import { memberFor, planHolderOf } from "../modules/hiring/index.server.ts";
import { findAccountByEmail } from "../modules/identity/index.server.ts";
import { CliError, table, withRuntime } from "./runtime.ts";

const NOT_CONFIGURED =
  "Stripe is not configured on this server: set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET for the webhook).";

export function registerBillingCommands(program: Command): void {
  program
    .command("billing:sync")
    .description("Create or update the Stripe products and prices of the plan catalog (safe to run again).")
    .action(async () => {
      if (!onlinePayments()) throw new CliError(NOT_CONFIGURED);
      // The catalog is code and Stripe is the target: no database needed.
      const lines = await syncCatalog();
      console.log(
        table(
          lines.map((l) => ({ "lookup key": l.lookupKey, price: l.priceId, action: l.action })),
          ["lookup key", "price", "action"],
        ),
      );
    });

  program
    .command("billing:refund")
    .description(
      "Refund the account's last payment if made within 30 days (the guarantee), and cancel its subscription.",
    )
    .argument("<email>", "the account's email (an employer's: their company's plan is refunded)")
    .option("--reason <text>", "kept with the refund in Stripe")
    .action(async (email: string, opts: { reason?: string }) => {
      if (!onlinePayments()) throw new CliError(NOT_CONFIGURED);
      const done = await withRuntime(
        async () => {
          const account = await findAccountByEmail(email);
          if (!account) throw new CliError(`No account with email ${email}.`);
          const holderId =
            account.role === "employer"
              ? ((await planHolderOf((await memberFor(account.id)).companyId)) ?? account.id)
              : account.id;
          try {
            return await refundLastPayment(holderId, opts.reason);
          } catch (error) {
            if (error instanceof BillingError) throw new CliError(error.message);
            throw error;
          }
        },
        { queue: false },
      );
      console.log(
        `Refunded ${done.amount} paid on ${done.paidOn} (invoice ${done.invoiceId}).` +
          (done.cancelled ? " The subscription is cancelled; the account is back on its free trial's limits." : ""),
      );
    });
}
