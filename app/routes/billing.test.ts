// The billing routes through their own loaders and actions, with real sessions, a real database
// and the fake Stripe server: who may start checkout or open the portal, what each refusal says,
// and the account page's view of a paid plan.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import { receiveWebhook, setStripeSettings, syncCatalog } from "#modules/billing-plans/index.server.ts";
import { action as checkout } from "./billing.checkout.tsx";
import { action as portal } from "./billing.portal.tsx";
import { loader as success } from "./billing.success.tsx";
import { loader as account } from "./account/route.tsx";

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

const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(account: Account): Promise<string> {
  const response = await signInResponse(account, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** Runs an action as the page's form posts it; a thrown Response or data() comes back as a Response. */
async function post(
  run: (a: never) => unknown,
  path: string,
  cookie: string,
  fields: Record<string, string>,
): Promise<Response> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    const result = await run(args(request) as never);
    if (result instanceof Response) return result;
    const { data, init } = result as { data: unknown; init?: { status?: number } };
    return Response.json(data, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let n = 0;
const owner = () =>
  signUp(
    { email: `route-owner${++n}@example.com`, password: "correct horse", role: "employer", company_name: "Acme" },
    undefined,
    { emailVerified: true },
  );

describe("POST /billing/checkout", () => {
  it("redirects the owner to Checkout (303 to the fake's page); a recruiter of the company gets 404", async () => {
    const erin = await owner();
    const answer = await post(checkout, "/billing/checkout", await cookieFor(erin), {
      plan: "startup",
      billing: "annual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/checkout/pay/cs_test_`));
    const recruiter = await inviteAndJoin(erin, `route-recruiter${n}@example.com`, "recruiter");
    expect(
      (await post(checkout, "/billing/checkout", await cookieFor(recruiter), { plan: "startup", billing: "annual" }))
        .status,
    ).toBe(404);
  });

  it("answers 404 for a plan the catalog does not sell, and a clear message when Stripe is down or not set up", async () => {
    const cookie = await cookieFor(await owner());
    expect((await post(checkout, "/billing/checkout", cookie, { plan: "platinum", billing: "monthly" })).status).toBe(
      404,
    );
    expect((await post(checkout, "/billing/checkout", cookie, { plan: "enterprise", billing: "monthly" })).status).toBe(
      404,
    );
    fake.failWith = 500;
    const down = await post(checkout, "/billing/checkout", cookie, { plan: "startup", billing: "monthly" });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      message: expect.stringContaining("Nothing was charged and your plan is unchanged"),
    });
    fake.failWith = null;
    setStripeSettings(null);
    const offline = await post(checkout, "/billing/checkout", cookie, { plan: "startup", billing: "monthly" });
    expect(offline.status).toBe(409);
    // The customer is pointed to the request, never to an operator's command.
    expect(await offline.json()).toMatchObject({ message: expect.stringContaining("Request this plan") });
  });

  it("candidates buy their own plans", async () => {
    const cara = await signUp({ email: "route-cara@example.com", password: "correct horse", role: "candidate" });
    const answer = await post(checkout, "/billing/checkout", await cookieFor(cara), {
      plan: "essential",
      billing: "monthly",
    });
    expect(answer.headers.get("Location")).toMatch(/\/checkout\/pay\//);
    expect(
      (await post(checkout, "/billing/checkout", await cookieFor(cara), { plan: "startup", billing: "monthly" }))
        .status,
    ).toBe(404);
  });
});

describe("after Checkout, and managing", () => {
  it("says the plan is confirmed only once Stripe's event arrived; then /account shows the card, next charge and invoices, and the portal opens on its flow", async () => {
    const erin = await owner();
    const cookie = await cookieFor(erin);
    const location = (
      await post(checkout, "/billing/checkout", cookie, { plan: "startup", billing: "monthly" })
    ).headers.get("Location")!;
    const page = () =>
      success(
        args(new Request("http://localhost/billing/success?session_id=x", { headers: { Cookie: cookie } })) as never,
      );
    expect(await page()).toMatchObject({ confirmed: false });
    // No paid plan yet: nothing to manage in the portal.
    expect((await post(portal, "/billing/portal", cookie, { flow: "cancel" })).status).toBe(409);

    const { session } = fake.completeCheckout(location.split("/").pop()!);
    const event = fake.event("checkout.session.completed", session);
    await receiveWebhook(Buffer.from(event.body), event.signature);
    expect(await page()).toMatchObject({ confirmed: true, planName: "Startup", billing: "monthly" });

    const data = await account(args(new Request("http://localhost/account", { headers: { Cookie: cookie } })) as never);
    expect(data).toMatchObject({
      planName: "Startup",
      mayManagePlan: true,
      stripe: { subscribed: true, card: { brand: "Visa", last4: "4242" }, paymentFailed: false },
    });
    // Still in the carried-over trial: the first charge is at its end, at the plan's price.
    expect(data.stripe.nextCharge).toMatch(/^First charge on .+ \(\$59\.99\)$/);
    expect(data.stripe.invoices).toEqual([
      expect.objectContaining({ amount: "$0.00", status: "paid", url: expect.stringContaining("/invoices/hosted/") }),
    ]);

    const cancel = await post(portal, "/billing/portal", cookie, { flow: "cancel" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/portal/`));
    expect(fake.hits.at(-1)!.params).toMatchObject({
      flow_data: { type: "subscription_cancel", subscription_cancel: { subscription: session.subscription } },
      return_url: expect.stringMatching(/\/account#plan$/),
    });
    expect((await post(portal, "/billing/portal", cookie, { flow: "delete-everything" })).status).toBe(404);
  });
});
