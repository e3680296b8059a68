// The plan a signed-in person buys or manages on the pages that sell plans; the rule is billing-plans'.
import type { Account } from "#modules/identity/index.server.ts";
import { companyBilling } from "#modules/hiring/index.server.ts";
import { planBuyer, type PlanBuyer } from "#modules/billing-plans/index.server.ts";

export type { PlanBuyer };

export async function planBuyerFor(user: Account): Promise<PlanBuyer> {
  return planBuyer(user.id, user.role === "employer" ? await companyBilling(user.id) : null);
}
