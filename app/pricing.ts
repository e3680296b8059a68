// The pricing page's view: reading ?audience= and ?billing= (so a shared link opens the same view,
// with or without JavaScript), the links it builds, and plan cards as plain data for the UI.
// Plan data comes only from the billing-plans catalog. This file is also bundled for the browser,
// so it imports the module's types only: route loaders pass the catalog in (`planCards(catalog)`)
// and hand plain data to the page, and the module (with its ORM entities) stays on the server.
import type { Audience, Billing, Plan } from "#modules/billing-plans/index.server.ts";

/** What the plan cards need from the billing-plans module; loaders pass its exports. */
export interface PlanCatalog {
  plansFor(audience: Audience): Plan[];
  formatPrice(cents: number): string;
  annualSavingPercent(plan: Plan): number;
  planFeatures(plan: Plan): string[];
  SALES_EMAIL: string;
}

/** The audience as it appears in the URL. */
export type AudienceParam = "job-seekers" | "employers";
export type BillingParam = Billing;

export interface PricingQuery {
  audience: AudienceParam;
  billing: BillingParam;
}

export const DEFAULT_PRICING_QUERY: PricingQuery = { audience: "job-seekers", billing: "monthly" };

/** Reads the pricing view from a query string; missing or unknown values fall back to the defaults. */
export function parsePricingQuery(params: URLSearchParams): PricingQuery {
  const audience = params.get("audience");
  const billing = params.get("billing");
  return {
    audience: audience === "employers" || audience === "job-seekers" ? audience : DEFAULT_PRICING_QUERY.audience,
    billing: billing === "annual" || billing === "monthly" ? billing : DEFAULT_PRICING_QUERY.billing,
  };
}

/** The shareable address of one pricing view, e.g. /pricing?audience=employers&billing=annual. */
export function pricingHref(query: PricingQuery): string {
  return `/pricing?${new URLSearchParams({ audience: query.audience, billing: query.billing })}`;
}

export function catalogAudience(audience: AudienceParam): Audience {
  return audience === "employers" ? "employer" : "candidate";
}

/** Sign-up for a plan: /auth?mode=signup&role=employer&plan=startup ("Free Trial" → plan=free%20trial). */
export function signupHref(audience: Audience, planName: string): string {
  return `/auth?mode=signup&role=${audience}&plan=${encodeURIComponent(planName.toLowerCase())}`;
}

/** A mail to sales about a plan, with the subject filled in. */
export function salesMailto(planName: string, email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Hirewise ${planName} plan enquiry`)}`;
}

/** One plan card as plain, serializable data. */
export interface PlanCard {
  id: string;
  audience: Audience;
  name: string;
  tagline: string;
  kind: "trial" | "paid" | "custom";
  mostPopular: boolean;
  features: string[];
  trialDays: number | null;
  /** Formatted prices ("$59.99"); null for custom pricing. */
  monthlyPrice: string | null;
  annualPrice: string | null;
  /** The annual price spread over twelve months ("$50.00"). */
  annualPerMonth: string | null;
  /** Rounded percentage saved by paying yearly; 0 when there is nothing to save. */
  annualSaving: number;
  /** Where the plan's button goes: sign-up, or a mail to sales. */
  href: string;
  cta: string;
  /**
   * For a signed-in account (set by app/plan-cards.server.ts): "checkout" posts to /billing/checkout;
   * "request" posts to /billing/request (no online payment here); "requested", "current",
   * "owners-only" and "note" show `note` instead of a button.
   */
  purchase?: "checkout" | "request" | "requested" | "current" | "owners-only" | "note";
  note?: string;
}

export function planCard(plan: Plan, catalog: PlanCatalog): PlanCard {
  const { formatPrice, annualSavingPercent, planFeatures } = catalog;
  const kind: PlanCard["kind"] =
    plan.contactSales || plan.monthlyCents === null ? "custom" : plan.monthlyCents === 0 ? "trial" : "paid";
  return {
    id: plan.id,
    audience: plan.audience,
    name: plan.name,
    tagline: plan.tagline,
    kind,
    mostPopular: plan.mostPopular,
    features: planFeatures(plan),
    trialDays: plan.trialDays,
    monthlyPrice: plan.monthlyCents === null ? null : formatPrice(plan.monthlyCents),
    annualPrice: plan.annualCents === null ? null : formatPrice(plan.annualCents),
    annualPerMonth: plan.annualCents ? formatPrice(Math.round(plan.annualCents / 12)) : null,
    annualSaving: annualSavingPercent(plan),
    href: plan.contactSales ? salesMailto(plan.name, catalog.SALES_EMAIL) : signupHref(plan.audience, plan.name),
    cta: plan.contactSales ? "Contact sales" : kind === "trial" ? "Start free trial" : `Choose ${plan.name}`,
  };
}

/** Every plan of both audiences, as cards: what the pricing page and the landing teaser render. */
export function planCards(catalog: PlanCatalog): Record<Audience, PlanCard[]> {
  return {
    candidate: catalog.plansFor("candidate").map((p) => planCard(p, catalog)),
    employer: catalog.plansFor("employer").map((p) => planCard(p, catalog)),
  };
}

/** The largest annual saving among paid plans: the billing toggle's "Save 17%" badge. */
export function bestAnnualSaving(cards: Record<Audience, PlanCard[]>): number {
  return Math.max(
    0,
    ...Object.values(cards)
      .flat()
      .map((c) => c.annualSaving),
  );
}
