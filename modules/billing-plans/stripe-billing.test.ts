// Billing through Stripe against the fake Stripe server: checkout, the webhook's events (duplicate,
// late, out of order, badly signed), renewals, a failed payment and its recovery, Stripe giving up,
// and cancellation. The plan changes only when a signed event says Stripe confirmed it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUp, type Account } from "../identity/index.server.ts";
import { em } from "../../lib/db.ts";
import {
  BillingError,
  getSubscription,
  mayPublishJob,
  receiveWebhook,
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
afterEach(() => {
  fake.failWith = null;
  setStripeSettings(fake.settings);
});
afterAll(async () => {
  setStripeSettings(undefined);
  await fake.close();
});

let n = 0;
const employer = (name = `emp${++n}`) =>
  signUp(
    { email: `${name}@example.com`, password: "correct horse", role: "employer", company_name: `${name} Co` },
    undefined,
    { emailVerified: true },
  );

const checkout = (account: Account, plan = "startup", billing = "monthly") =>
  startCheckout({
    holderId: account.id,
    audience: "employer",
    plan,
    billing,
    email: account.email,
    name: "Acme",
    successUrl: "http://localhost/billing/success",
    cancelUrl: "http://localhost/billing/cancelled",
  });

const deliver = (type: string, object: Record<string, any>, opts?: Parameters<FakeStripe["event"]>[2]) => {
  const event = fake.event(type, object, opts);
  return receiveWebhook(Buffer.from(event.body), event.signature);
};

const row = async (userId: string) =>
  (await em().execute<Record<string, any>[]>(`select * from subscriptions where user_id = ?`, [userId]))[0]!;

/** An employer who went through Checkout for Startup monthly, confirmed by Stripe. */
async function subscribed(account: Account) {
  const { url } = await checkout(account);
  const sessionId = url.split("/").pop()!;
  const done = fake.completeCheckout(sessionId);
  expect(await deliver("checkout.session.completed", done.session)).toMatchObject({ status: 200, message: "applied" });
  return done;
}

describe("checkout", () => {
  it("sends the owner to Stripe Checkout for the plan's price, with one customer and the trial's remaining days", async () => {
    const erin = await employer();
    const { url } = await checkout(erin);
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/pay/cs_test_`));
    const session = fake.sessions.get(url.split("/").pop()!)!;
    const startupMonthly = [...fake.prices.values()].find((p) => p.lookup_key === "employer_startup_monthly")!;
    expect(session).toMatchObject({
      mode: "subscription",
      line_items_price: startupMonthly.id,
      success_url: "http://localhost/billing/success?session_id={CHECKOUT_SESSION_ID}",
    });
    const trialEnd = Math.floor(new Date((await getSubscription(erin.id)).trialEndsAt!).getTime() / 1000);
    expect(Number(session.subscription_data.trial_end)).toBe(trialEnd);
    // The customer is made once per account and kept.
    const customer = (await row(erin.id)).stripe_customer_id;
    expect(customer).toBe(session.customer);
    await checkout(erin, "business", "annual");
    expect(
      fake.hits.filter(
        (h) => h.method === "POST" && h.path === "/v1/customers" && h.params.metadata?.holder_id === erin.id,
      ),
    ).toHaveLength(1);
    // Nothing changes until Stripe confirms.
    expect((await getSubscription(erin.id)).plan.id).toBe("free-trial");
  });

  it("refuses a plan the catalog does not sell, and Enterprise, as unknown", async () => {
    const erin = await employer();
    for (const plan of ["platinum", "enterprise", "free-trial", "essential"]) {
      await expect(checkout(erin, plan)).rejects.toMatchObject({ code: "unknown-plan" });
    }
    await expect(checkout(erin, "startup", "weekly")).rejects.toMatchObject({ code: "unknown-plan" });
  });

  it("says Stripe can't be reached, and changes nothing, when its API fails", async () => {
    const erin = await employer();
    fake.failWith = 503;
    const refused = await checkout(erin).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BillingError);
    expect(refused).toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/couldn't reach our payment provider\. Nothing was charged/),
    });
    expect(await row(erin.id)).toMatchObject({ plan_id: "free-trial", stripe_customer_id: null });
  });

  it("says online payment is not set up when there is no key, in the customer's words (no operator's command)", async () => {
    setStripeSettings(null);
    const refused = await checkout(await employer()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "not-configured", message: expect.stringContaining("Request this plan") });
    expect((refused as Error).message).not.toMatch(/npm|cli|plans:set/);
  });
});

describe("webhook events", () => {
  it("upgrades on checkout.session.completed, once, and the second job can be published", async () => {
    const erin = await employer();
    await publishTestJob(erin.id, { title: "First" });
    expect(await mayPublishJob(erin.id, 1)).toMatchObject({ allowed: false });
    const { session, subscription } = await subscribed(erin);
    expect(await getSubscription(erin.id)).toMatchObject({
      plan: { id: "startup" },
      billing: "monthly",
      trialEndsAt: null,
    });
    expect(await row(erin.id)).toMatchObject({ stripe_subscription_id: subscription.id, stripe_status: "trialing" });
    expect(await mayPublishJob(erin.id, 1)).toEqual({ allowed: true });
    await publishTestJob(erin.id, { title: "Second" });

    // The same event again: stored once, nothing new.
    const again = fake.event("checkout.session.completed", session, { id: "evt_same_twice" });
    expect(await receiveWebhook(Buffer.from(again.body), again.signature)).toMatchObject({
      status: 200,
      message: "applied",
    });
    expect(await receiveWebhook(Buffer.from(again.body), again.signature)).toMatchObject({
      status: 200,
      message: "duplicate",
    });
    const stored = await em().execute(`select count(*)::int as n from billing_events where id = 'evt_same_twice'`);
    expect(stored[0]).toEqual({ n: 1 });
  });

  it("switches to annual, and a late older event does not undo it (state is read from Stripe)", async () => {
    const erin = await employer();
    const { subscription } = await subscribed(erin);
    const before = structuredClone(fake.subscriptions.get(subscription.id)!);
    // The switch (Stripe's portal or the API) and its event.
    const annual = [...fake.prices.values()].find((p) => p.lookup_key === "employer_startup_annual")!;
    fake.subscriptions.get(subscription.id)!.items.data[0].price = annual;
    expect(await deliver("customer.subscription.updated", fake.subscriptions.get(subscription.id)!)).toMatchObject({
      message: "applied",
    });
    expect((await getSubscription(erin.id)).billing).toBe("annual");
    // The created event, delayed, carries the monthly price: Stripe's current state wins.
    await deliver("customer.subscription.created", before, { timestamp: Math.floor(Date.now() / 1000) - 60 });
    expect(await getSubscription(erin.id)).toMatchObject({ plan: { id: "startup" }, billing: "annual" });
  });

  it("renews, marks a failed payment for the banner, recovers, and falls back to the trial's limits when Stripe gives up", async () => {
    const erin = await employer();
    const { subscription } = await subscribed(erin);
    const sub = fake.subscriptions.get(subscription.id)!;
    sub.status = "active";
    sub.trial_end = null;

    const renewal = fake.invoiceFor(sub.id, { paid: true });
    expect(await deliver("invoice.paid", renewal)).toMatchObject({ message: "applied" });
    expect(await row(erin.id)).toMatchObject({ stripe_status: "active", payment_failed_at: null });

    const failed = fake.invoiceFor(sub.id, { paid: false });
    expect(sub.status).toBe("past_due");
    await deliver("invoice.payment_failed", failed);
    expect((await row(erin.id)).payment_failed_at).not.toBeNull();
    expect((await getSubscription(erin.id)).plan.id).toBe("startup");

    const recovered = fake.invoiceFor(sub.id, { paid: true });
    await deliver("invoice.paid", recovered);
    expect(await row(erin.id)).toMatchObject({ stripe_status: "active", payment_failed_at: null });

    // Three active jobs on Startup; then the card fails for good and Stripe marks it unpaid.
    await publishTestJob(erin.id, { title: "Oldest" });
    await publishTestJob(erin.id, { title: "Middle" });
    await publishTestJob(erin.id, { title: "Newest" });
    fake.invoiceFor(sub.id, { paid: false });
    sub.status = "unpaid";
    await deliver("customer.subscription.updated", sub);
    const after = await row(erin.id);
    expect(after).toMatchObject({ plan_id: "free-trial", stripe_status: "unpaid" });
    expect(after.lapse_notice).toMatch(
      /ended because the payment could not be collected.*Nothing was deleted\. To fit them we closed these jobs: (Middle, Oldest|Oldest, Middle)\./,
    );
    const jobs = await em().execute<{ title: string; status: string }[]>(
      `select title, status from jobs where employer_id = ? order by title`,
      [erin.id],
    );
    expect(jobs).toEqual([
      { title: "Middle", status: "closed" },
      { title: "Newest", status: "active" },
      { title: "Oldest", status: "closed" },
    ]);
    // Delivered again (Stripe retries), nothing more happens.
    await deliver("customer.subscription.deleted", { ...sub, status: "canceled" });
    expect((await row(erin.id)).lapse_notice).toBe(after.lapse_notice);
  });

  it("downgrades to the new plan on update, and cancels at period end without changing the plan until it ends", async () => {
    const erin = await employer();
    const { subscription } = await subscribed(erin);
    const sub = fake.subscriptions.get(subscription.id)!;
    sub.items.data[0].price = [...fake.prices.values()].find((p) => p.lookup_key === "employer_business_monthly")!;
    await deliver("customer.subscription.updated", sub);
    expect((await getSubscription(erin.id)).plan.id).toBe("business");
    sub.items.data[0].price = [...fake.prices.values()].find((p) => p.lookup_key === "employer_startup_monthly")!;
    sub.cancel_at_period_end = true;
    await deliver("customer.subscription.updated", sub);
    expect(await row(erin.id)).toMatchObject({ plan_id: "startup", cancel_at_period_end: true });
    Object.assign(sub, { status: "canceled", cancellation_details: { reason: "cancellation_requested" } });
    await deliver("customer.subscription.deleted", sub);
    const ended = await row(erin.id);
    expect(ended).toMatchObject({ plan_id: "free-trial", stripe_status: "canceled" });
    expect(ended.lapse_notice).toMatch(/^Your paid plan was cancelled on /);
  });

  it("refuses a bad signature and an old timestamp with 400, and ignores unknown types and customers with 200", async () => {
    const event = fake.event("invoice.paid", { id: "in_x", customer: "cus_x" });
    expect(await receiveWebhook(Buffer.from(event.body), "t=1,v1=abc")).toEqual({
      status: 400,
      message: "Invalid signature",
    });
    expect(await receiveWebhook(Buffer.from(event.body), null)).toMatchObject({ status: 400 });
    expect(await receiveWebhook(Buffer.from(event.body.replace("in_x", "in_y")), event.signature)).toMatchObject({
      status: 400,
    });
    const forged = fake.event("invoice.paid", { id: "in_x", customer: "cus_x" }, { secret: "whsec_someone_else" });
    expect(await receiveWebhook(Buffer.from(forged.body), forged.signature)).toMatchObject({ status: 400 });
    const old = fake.event(
      "invoice.paid",
      { id: "in_x", customer: "cus_x" },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect(await receiveWebhook(Buffer.from(old.body), old.signature)).toMatchObject({ status: 400 });

    expect(await deliver("customer.created", { id: "cus_new" })).toEqual({ status: 200, message: "ignored" });
    expect(await deliver("invoice.paid", { id: "in_z", customer: "cus_nobody", parent: null })).toMatchObject({
      status: 200,
      message: "ignored: unknown customer cus_nobody",
    });
  });
});
