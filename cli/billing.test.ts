// The billing commands as operators run them, against the fake Stripe server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { startFakeStripe, type FakeStripe } from "../tests/support/fake-stripe.ts";
import { signUp } from "../modules/identity/index.server.ts";
import {
  getSubscription,
  receiveWebhook,
  setStripeSettings,
  startCheckout,
} from "../modules/billing-plans/index.server.ts";

const runtime = useTestRuntime();
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  setStripeSettings(undefined);
  await fake.close();
});

const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl, ...fake.env }, ...args);

describe("billing CLI", { timeout: 120_000 }, () => {
  it("billing:sync creates the products and prices once, with lookup keys, and changes nothing the second time", async () => {
    const first = await cli("billing:sync");
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/employer_startup_monthly\s+price_\S+\s+created/);
    expect([...fake.products.keys()].sort()).toEqual([
      "hirewise_candidate_essential",
      "hirewise_candidate_professional",
      "hirewise_employer_business",
      "hirewise_employer_startup",
    ]);
    const keys = [...fake.prices.values()]
      .map((p) => `${p.lookup_key}=${p.unit_amount}/${p.recurring.interval}`)
      .sort();
    expect(keys).toEqual([
      "candidate_essential_annual=9999/year",
      "candidate_essential_monthly=999/month",
      "candidate_professional_annual=19999/year",
      "candidate_professional_monthly=1999/month",
      "employer_business_annual=149999/year",
      "employer_business_monthly=14999/month",
      "employer_startup_annual=59999/year",
      "employer_startup_monthly=5999/month",
    ]);

    const second = await cli("billing:sync");
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/created|replaced/);
    expect(fake.prices.size).toBe(8);
  });

  it("replaces a price whose amount differs, moving the lookup key and archiving the old one", async () => {
    const old = [...fake.prices.values()].find((p) => p.lookup_key === "employer_startup_monthly")!;
    old.unit_amount = 4999;
    const result = await cli("billing:sync");
    expect(result.stdout).toMatch(/employer_startup_monthly\s+price_\S+\s+replaced/);
    expect(old).toMatchObject({ active: false, lookup_key: null });
    const now = [...fake.prices.values()].find((p) => p.lookup_key === "employer_startup_monthly")!;
    expect(now).toMatchObject({ active: true, unit_amount: 5999 });
  });

  it("says Stripe is not configured, without a key", async () => {
    const result = await runCli({ DATABASE_URL: runtime.databaseUrl, STRIPE_SECRET_KEY: "" }, "billing:sync");
    expect(result).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: Stripe is not configured on this server/),
    });
  });

  it("billing:refund refunds a payment within 30 days and cancels the subscription; an older one is refused with its date", async () => {
    setStripeSettings(fake.settings);
    const paying = async (email: string) => {
      const account = await signUp(
        { email, password: "correct horse", role: "employer", company_name: "Refundable" },
        undefined,
        { emailVerified: true },
      );
      const { url } = await startCheckout({
        holderId: account.id,
        audience: "employer",
        plan: "startup",
        billing: "monthly",
        email,
        name: null,
        successUrl: "http://localhost/billing/success",
        cancelUrl: "http://localhost/billing/cancelled",
      });
      const { session, subscription } = fake.completeCheckout(url.split("/").pop()!);
      // The trial is over: a real first charge.
      Object.assign(fake.subscriptions.get(subscription.id)!, { status: "active", trial_end: null });
      const invoice = fake.invoiceFor(subscription.id, { paid: true });
      const event = fake.event("checkout.session.completed", session);
      await receiveWebhook(Buffer.from(event.body), event.signature);
      return { account, invoice, subscription: fake.subscriptions.get(subscription.id)! };
    };

    const recent = await paying("refund-recent@example.com");
    const done = await cli("billing:refund", "refund-recent@example.com", "--reason", "Not for us");
    expect(done).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Refunded \$59\.99 paid on .+ \(invoice in_\S+\)\. The subscription is cancelled/),
    });
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        charge: recent.invoice.payments.data[0].payment.charge,
        reason: "requested_by_customer",
        metadata: { guarantee: "30-day", note: "Not for us" },
      }),
    ]);
    expect(recent.subscription.status).toBe("canceled");
    expect((await getSubscription(recent.account.id)).plan.id).toBe("free-trial");

    const old = await paying("refund-old@example.com");
    old.invoice.status_transitions.paid_at = Math.floor(Date.now() / 1000) - 40 * 86_400;
    old.invoice.created = old.invoice.status_transitions.paid_at;
    const refused = await cli("billing:refund", "refund-old@example.com");
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^error: The last payment was on .+, more than 30 days ago: the money-back guarantee covers 30 days\. Nothing was refunded\./,
      ),
    });
    expect(fake.refunds).toHaveLength(1);
    expect(old.subscription.status).toBe("active");

    const never = await signUp({ email: "refund-never@example.com", password: "correct horse", role: "candidate" });
    expect(never.email).toBe("refund-never@example.com");
    expect(await cli("billing:refund", "refund-never@example.com")).toMatchObject({
      code: 2,
      stderr: "error: This account has never paid online: there is nothing to refund.\n",
    });
  });
});
