// The billing commands as operators run them, against the fake Stripe server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import { startFakeStripe, type FakeStripe } from "../tests/support/fake-stripe.ts";

const runtime = useTestRuntime();
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

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
    const keys = [...fake.prices.values()].map((p) => `${p.lookup_key}=${p.unit_amount}/${p.recurring.interval}`).sort();
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
    expect(result).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: Stripe is not configured on this server/) });
  });
});
