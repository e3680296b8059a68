// A deleted account is never charged again: its Stripe subscription is cancelled by a queued job
// that commits with the deletion.
import { afterAll, beforeAll, expect, it } from "vitest";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe.ts";
import { deleteAccount, signUp } from "../identity/index.server.ts";
import { receiveWebhook, setStripeSettings, startCheckout, syncCatalog } from "./index.server.ts";

useTestRuntime({ workers: true });
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

it("cancels the Stripe subscription of an account that is deleted", { timeout: 60_000 }, async () => {
  const dora = await signUp(
    { email: "deleting@example.com", password: "correct horse", role: "candidate" },
    undefined,
    { emailVerified: true },
  );
  const { url } = await startCheckout({
    holderId: dora.id,
    audience: "candidate",
    plan: "essential",
    billing: "monthly",
    email: dora.email,
    name: null,
    successUrl: "http://localhost/billing/success",
    cancelUrl: "http://localhost/billing/cancelled",
  });
  const { session, subscription } = fake.completeCheckout(url.split("/").pop()!);
  const event = fake.event("checkout.session.completed", session);
  await receiveWebhook(Buffer.from(event.body), event.signature);

  expect(
    await deleteAccount(
      dora.id,
      { password: "correct horse", confirmation: "deleting@example.com" },
      { sessionToken: null, ip: "127.0.0.1" },
    ),
  ).toBe("deleted");
  expect(await settledJob("billing-plans.cancel-stripe-subscription", { subscriptionId: subscription.id })).toBe(
    "completed",
  );
  expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
});
