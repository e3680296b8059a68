// Issue 21's "done when", in one story against the fake Stripe server: an employer on the trial
// upgrades to Startup monthly, publishes a second job, switches to annual, a payment fails and
// recovers, cancels, and is refunded.
import { afterAll, beforeAll, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUp } from "../identity/index.server.ts";
import { em } from "../../lib/db.ts";
import {
  billingOverview,
  getSubscription,
  receiveWebhook,
  refundLastPayment,
  setStripeSettings,
  startCheckout,
  syncCatalog,
} from "./index.server.ts";

useTestRuntime();
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  setStripeSettings(fake.settings);
  await syncCatalog();
});
afterAll(async () => {
  setStripeSettings(undefined);
  await fake.close();
});

const deliver = async (type: string, object: Record<string, any>) => {
  const event = fake.event(type, object);
  expect(await receiveWebhook(Buffer.from(event.body), event.signature)).toMatchObject({ status: 200 });
};
const price = (key: string) => [...fake.prices.values()].find((p) => p.lookup_key === key)!;

it("upgrade, second job, annual, failed and recovered payment, cancel, refund", { timeout: 60_000 }, async () => {
  const erin = await signUp(
    { email: "story@example.com", password: "correct horse", role: "employer", company_name: "Story Co" },
    undefined,
    { emailVerified: true },
  );
  await publishTestJob(erin.id, { title: "First" });

  // Upgrade to Startup monthly; Stripe confirms; the trial's remaining days are carried.
  const { url } = await startCheckout({
    holderId: erin.id,
    audience: "employer",
    plan: "startup",
    billing: "monthly",
    email: erin.email,
    name: "Story Co",
    successUrl: "http://localhost/billing/success",
    cancelUrl: "http://localhost/billing/cancelled",
  });
  const { session, subscription } = fake.completeCheckout(url.split("/").pop()!);
  await deliver("checkout.session.completed", session);
  expect(await getSubscription(erin.id)).toMatchObject({ plan: { id: "startup" }, billing: "monthly" });
  await publishTestJob(erin.id, { title: "Second" });

  // The trial ends and the first charge is made; then a switch to annual (portal or API).
  const sub = fake.subscriptions.get(subscription.id)!;
  Object.assign(sub, { status: "active", trial_end: null });
  await deliver("invoice.paid", fake.invoiceFor(sub.id, { paid: true }));
  sub.items.data[0].price = price("employer_startup_annual");
  await deliver("customer.subscription.updated", sub);
  expect(await getSubscription(erin.id)).toMatchObject({ plan: { id: "startup" }, billing: "annual" });

  // A payment fails (banner), then succeeds.
  await deliver("invoice.payment_failed", fake.invoiceFor(sub.id, { paid: false }));
  expect(await billingOverview(erin.id)).toMatchObject({ paymentFailed: true, subscribed: true });
  await deliver("invoice.paid", fake.invoiceFor(sub.id, { paid: true }));
  expect(await billingOverview(erin.id)).toMatchObject({ paymentFailed: false, status: "active" });

  // Cancel at period end: still Startup until it ends.
  sub.cancel_at_period_end = true;
  await deliver("customer.subscription.updated", sub);
  expect(await billingOverview(erin.id)).toMatchObject({
    cancelAtPeriodEnd: true,
    nextCharge: expect.stringMatching(/^Ends on /),
  });

  // Refunded within 30 days: the last payment back, the subscription ended, both jobs kept (one closed).
  const refund = await refundLastPayment(erin.id, "Changed our mind");
  expect(refund).toMatchObject({ amount: "$599.99", cancelled: true });
  expect(fake.refunds).toHaveLength(1);
  expect((await getSubscription(erin.id)).plan.id).toBe("free-trial");
  const jobs = await em().execute<{ title: string; status: string }[]>(
    `select title, status from jobs where employer_id = ? order by title`,
    [erin.id],
  );
  expect(jobs).toEqual([
    { title: "First", status: "closed" },
    { title: "Second", status: "active" },
  ]);
  // Stripe's own deleted event arrives afterwards: nothing changes.
  await deliver("customer.subscription.deleted", sub);
  expect((await getSubscription(erin.id)).plan.id).toBe("free-trial");
});
