// The catalog in Stripe: one product per paid plan and one price per billing period, found by
// lookup key (`employer_startup_monthly`), never by ids pasted into configuration. `syncCatalog`
// makes Stripe match catalog.ts and can run any number of times: a price whose amount changed gets
// a new price that takes the lookup key over, and the old one is archived (Stripe prices are
// immutable; existing subscribers keep theirs until they change plan).
import type Stripe from "stripe";
import { findPlan, PLANS, type Audience, type Billing, type Plan } from "./catalog.ts";
import { stripe } from "./stripe-client.ts";

const INTERVAL: Record<Billing, "month" | "year"> = { monthly: "month", annual: "year" };

/** Plans bought online: priced, not custom (Enterprise is "Contact sales"), not the trial. */
export function sellsOnline(plan: Plan): boolean {
  return !plan.contactSales && plan.monthlyCents !== null && plan.monthlyCents > 0 && plan.annualCents !== null;
}

export function lookupKey(plan: Plan, billing: Billing): string {
  return `${plan.audience}_${plan.id.replace(/-/g, "_")}_${billing}`;
}

export function productId(plan: Plan): string {
  return `hirewise_${plan.audience}_${plan.id.replace(/-/g, "_")}`;
}

/** The plan and period a lookup key names, or undefined for a key that is not ours. */
export function planOfLookupKey(key: string | null | undefined): { plan: Plan; billing: Billing } | undefined {
  const match = /^(candidate|employer)_([a-z_]+)_(monthly|annual)$/.exec(key ?? "");
  if (!match) return undefined;
  const plan = findPlan(match[1] as Audience, match[2]!.replace(/_/g, "-"));
  return plan && sellsOnline(plan) ? { plan, billing: match[3] as Billing } : undefined;
}

export interface SyncLine {
  lookupKey: string;
  action: "created" | "replaced" | "unchanged";
  priceId: string;
}

export async function syncCatalog(): Promise<SyncLine[]> {
  const client = stripe();
  const lines: SyncLine[] = [];
  for (const plan of PLANS.filter(sellsOnline)) {
    await upsertProduct(client, plan);
    for (const billing of ["monthly", "annual"] as const) lines.push(await upsertPrice(client, plan, billing));
  }
  return lines;
}

async function upsertProduct(client: Stripe, plan: Plan): Promise<void> {
  const fields = {
    name: `Hirewise ${plan.name} (${plan.audience})`,
    description: plan.tagline,
    metadata: { audience: plan.audience, plan: plan.id },
  };
  try {
    await client.products.retrieve(productId(plan));
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    await client.products.create({ id: productId(plan), ...fields });
    return;
  }
  await client.products.update(productId(plan), { ...fields, active: true });
}

async function upsertPrice(client: Stripe, plan: Plan, billing: Billing): Promise<SyncLine> {
  const key = lookupKey(plan, billing);
  const cents = billing === "annual" ? plan.annualCents! : plan.monthlyCents!;
  const existing = (await client.prices.list({ lookup_keys: [key], limit: 1 })).data[0];
  if (
    existing &&
    existing.active &&
    existing.unit_amount === cents &&
    existing.currency === "usd" &&
    existing.recurring?.interval === INTERVAL[billing]
  ) {
    return { lookupKey: key, action: "unchanged", priceId: existing.id };
  }
  const created = await client.prices.create({
    product: productId(plan),
    currency: "usd",
    unit_amount: cents,
    recurring: { interval: INTERVAL[billing] },
    lookup_key: key,
    transfer_lookup_key: true,
    metadata: { audience: plan.audience, plan: plan.id, billing },
  });
  if (existing) await client.prices.update(existing.id, { active: false });
  return { lookupKey: key, action: existing ? "replaced" : "created", priceId: created.id };
}

/** The active price for a plan and period, by lookup key; undefined when billing:sync has not made it. */
export async function priceFor(plan: Plan, billing: Billing): Promise<Stripe.Price | undefined> {
  const found = await stripe().prices.list({ lookup_keys: [lookupKey(plan, billing)], active: true, limit: 1 });
  return found.data[0];
}
