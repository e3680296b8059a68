import { describe, expect, it } from "vitest";
import {
  annualSavingPercent,
  formatPrice,
  planFeatures,
  PLANS,
  plansFor,
  SALES_EMAIL,
} from "#modules/billing-plans/index.server.ts";
import {
  bestAnnualSaving,
  catalogAudience,
  parsePricingQuery,
  planCard,
  planCards,
  pricingHref,
  salesMailto,
  signupHref,
} from "./pricing.ts";

const catalog = { plansFor, formatPrice, annualSavingPercent, planFeatures, SALES_EMAIL };
const q = (search: string) => parsePricingQuery(new URLSearchParams(search));

describe("parsePricingQuery", () => {
  it("defaults to job seekers, billed monthly", () => {
    expect(q("")).toEqual({ audience: "job-seekers", billing: "monthly" });
  });

  it("reads both parameters", () => {
    expect(q("audience=employers&billing=annual")).toEqual({ audience: "employers", billing: "annual" });
    expect(q("billing=annual")).toEqual({ audience: "job-seekers", billing: "annual" });
  });

  it("falls back to the default for unknown values, one parameter at a time", () => {
    expect(q("audience=EMPLOYERS&billing=weekly")).toEqual({ audience: "job-seekers", billing: "monthly" });
    expect(q("audience=employers&billing=")).toEqual({ audience: "employers", billing: "monthly" });
    expect(q("audience=candidate&billing=annual")).toEqual({ audience: "job-seekers", billing: "annual" });
  });

  it("round-trips through pricingHref", () => {
    const href = pricingHref({ audience: "employers", billing: "annual" });
    expect(href).toBe("/pricing?audience=employers&billing=annual");
    expect(q(href.split("?")[1])).toEqual({ audience: "employers", billing: "annual" });
  });

  it("maps the URL audience to the catalog's", () => {
    expect(catalogAudience("employers")).toBe("employer");
    expect(catalogAudience("job-seekers")).toBe("candidate");
  });
});

describe("plan links", () => {
  it("signs up with the role and the lowercased plan name", () => {
    expect(signupHref("employer", "Startup")).toBe("/auth?mode=signup&role=employer&plan=startup");
    expect(signupHref("candidate", "Free Trial")).toBe("/auth?mode=signup&role=candidate&plan=free%20trial");
    const url = new URL(signupHref("candidate", "Free Trial"), "http://x");
    expect(url.searchParams.get("plan")).toBe("free trial");
  });

  it("mails sales with an encoded subject", () => {
    expect(salesMailto("Enterprise", SALES_EMAIL)).toBe(
      `mailto:${SALES_EMAIL}?subject=Hirewise%20Enterprise%20plan%20enquiry`,
    );
  });
});

describe("planCard", () => {
  const plan = (audience: string, id: string) => PLANS.find((p) => p.audience === audience && p.id === id)!;

  it("formats prices and the annual saving of a paid plan", () => {
    const card = planCard(plan("employer", "startup"), catalog);
    expect(card).toMatchObject({
      kind: "paid",
      monthlyPrice: "$59.99",
      annualPrice: "$599.99",
      annualPerMonth: "$50.00",
      annualSaving: 17,
      mostPopular: true,
      href: "/auth?mode=signup&role=employer&plan=startup",
      cta: "Choose Startup",
    });
  });

  it("treats the free trial and enterprise plans apart", () => {
    expect(planCard(plan("candidate", "free-trial"), catalog)).toMatchObject({
      kind: "trial",
      monthlyPrice: "$0.00",
      annualSaving: 0,
      trialDays: 14,
      href: "/auth?mode=signup&role=candidate&plan=free%20trial",
      cta: "Start free trial",
    });
    expect(planCard(plan("employer", "enterprise"), catalog)).toMatchObject({
      kind: "custom",
      monthlyPrice: null,
      annualPrice: null,
      annualSaving: 0,
      href: expect.stringMatching(/^mailto:/),
      cta: "Contact sales",
    });
  });

  it("lists every catalog plan, per audience, as JSON-safe data", () => {
    const cards = planCards(catalog);
    expect(cards.candidate.map((c) => c.name)).toEqual(["Free Trial", "Essential", "Professional"]);
    expect(cards.employer.map((c) => c.name)).toEqual(["Free Trial", "Startup", "Business", "Enterprise"]);
    expect(JSON.parse(JSON.stringify(cards))).toEqual(cards);
    expect(bestAnnualSaving(cards)).toBe(17);
  });
});
