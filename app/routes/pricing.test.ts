// /pricing's plan buttons for a signed-in account: bought here when this server takes payments,
// otherwise requested; the account's own plan is marked current, and nobody signed in is offered a
// free trial.
import { afterEach, describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import { setStripeSettings } from "#modules/billing-plans/index.server.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import { loader } from "./pricing.tsx";

useTestRuntime();
afterEach(() => setStripeSettings(undefined));

const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(account: Account): Promise<string> {
  const response = await signInResponse(account, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

const pricing = async (cookie?: string) =>
  loader(
    args(
      new Request("http://localhost/pricing?audience=employers", { headers: cookie ? { Cookie: cookie } : {} }),
    ) as never,
  );

const purchases = (cards: { id: string; purchase?: string }[]) =>
  Object.fromEntries(cards.map((c) => [c.id, c.purchase ?? null]));

describe("pricing without Stripe", () => {
  it("offers Request this plan on the signed-in account's paid plans, marks its plan current and offers no trial", async () => {
    setStripeSettings(null);
    const erin = await signUp({
      email: "pricing-offline@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    const data = await pricing(await cookieFor(erin));
    expect(data.online).toBe(false);
    expect(purchases(data.plans.employer)).toEqual({
      "free-trial": "current",
      startup: "request",
      business: "request",
      enterprise: null,
    });
    // The other role's plans are for accounts of that role: no sign-up link, no "Start free trial".
    expect(purchases(data.plans.candidate)).toEqual({ "free-trial": "note", essential: "note", professional: "note" });
    expect(JSON.stringify(data.plans)).not.toMatch(/plans:set|npm run/);
  });

  it("leaves every button a sign-up link for visitors", async () => {
    setStripeSettings(null);
    const data = await pricing();
    expect(data.plans.employer.every((c) => c.purchase === undefined)).toBe(true);
  });
});

describe("pricing with Stripe", () => {
  it("sends owners to checkout and tells other members who may", async () => {
    setStripeSettings({ secretKey: "sk_test_pricing" });
    const owner = await signUp({
      email: "pricing-owner@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    expect(purchases((await pricing(await cookieFor(owner))).plans.employer)).toMatchObject({
      startup: "checkout",
      business: "checkout",
    });
    const recruiter = await inviteAndJoin(owner, "pricing-recruiter@example.com", "recruiter");
    expect(purchases((await pricing(await cookieFor(recruiter))).plans.employer)).toMatchObject({
      startup: "owners-only",
    });
  });
});
