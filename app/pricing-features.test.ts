// The pricing cards promise exactly what billing-plans enforces: every line on a card is one the
// module's limits check, with the same number, and nothing the product doesn't limit by plan (the
// CV maker, AI scoring, team review) appears as if one plan had it and another not.
import { describe, expect, it } from "vitest";
import {
  getSubscription,
  includesAnswerFeedback,
  mayApply,
  mayPublishJob,
  mayReceiveApplication,
  PLANS,
  type Plan,
} from "#modules/billing-plans/index.server.ts";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { signUpOnPlan } from "../tests/support/accounts.ts";
import { planCards } from "./pricing.ts";
import { planCatalog } from "./plan-cards.server.ts";

useTestRuntime();

// The only lines a card may carry, each naming a rule limits.ts or the trial enforces.
const ENFORCED = [
  /^(\d+)-day free trial$/,
  /^Apply to (\d+) jobs?$/,
  /^Unlimited applications$/,
  /^AI feedback on your answers before you apply$/,
  /^(?:Up to )?(\d+) active jobs?$/,
  /^Unlimited active jobs$/,
  /^Up to (\d+) applications?$/,
];

const number = (features: string[], pattern: RegExp) => {
  const line = features.find((f) => pattern.test(f));
  return line === undefined ? undefined : Number(pattern.exec(line)![1]);
};

const cards = planCards(planCatalog());
const cardOf = (plan: Plan) => cards[plan.audience].find((c) => c.id === plan.id)!;
let seq = 0;

describe("plan cards against the limits", () => {
  it("list only lines the module enforces", () => {
    for (const plan of PLANS) {
      for (const line of cardOf(plan).features)
        expect(
          ENFORCED.some((p) => p.test(line)),
          `${plan.audience} ${plan.name}: "${line}"`,
        ).toBe(true);
    }
  });

  it.each(PLANS.map((p) => [`${p.audience} ${p.name}`, p] as const))(
    "%s: each number on the card is the limit the account meets",
    async (_label, plan) => {
      const features = cardOf(plan).features;
      const account = await signUpOnPlan({
        email: `features-${++seq}@example.com`,
        password: "correct horse battery",
        role: plan.audience,
        ...(plan.audience === "employer" ? { company_name: "Acme" } : {}),
        plan: plan.id,
      });
      const sub = await getSubscription(account.id, plan.audience);
      expect(number(features, ENFORCED[0]!) ?? null).toBe(sub.trialEndsAt ? sub.trialDaysLeft : null);

      // The card's number n: the nth is allowed, the one after it refused; "Unlimited": never refused.
      const boundary = async (
        check: (id: string, count: number) => Promise<{ allowed: boolean }>,
        limit: number | undefined,
        unlimited: boolean,
      ) => {
        if (limit !== undefined) {
          expect((await check(account.id, limit - 1)).allowed).toBe(true);
          expect((await check(account.id, limit)).allowed).toBe(false);
        } else {
          expect(unlimited).toBe(true);
          expect((await check(account.id, 100_000)).allowed).toBe(true);
        }
      };
      if (plan.audience === "candidate") {
        await boundary(mayApply, number(features, ENFORCED[1]!), features.includes("Unlimited applications"));
        expect(await includesAnswerFeedback(account.id)).toBe(
          features.includes("AI feedback on your answers before you apply"),
        );
      } else {
        await boundary(mayPublishJob, number(features, ENFORCED[4]!), features.includes("Unlimited active jobs"));
        await boundary(
          mayReceiveApplication,
          number(features, ENFORCED[6]!),
          features.includes("Unlimited applications"),
        );
      }
    },
  );

  it("prices thousands with a separator", () => {
    const business = cards.employer.find((c) => c.id === "business")!;
    expect([business.monthlyPrice, business.annualPrice]).toEqual(["$149.99", "$1,499.99"]);
  });
});
