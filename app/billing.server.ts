// Who pays for whose plan, for the pages that sell and manage plans (/pricing, /account, /billing/*).
// A candidate's plan is their own; an employer's is their company's, held by its plan holder (the
// account that created it), and only the company's owners may buy, change or cancel it.
import type { Account } from "#modules/identity/index.server.ts";
import { may, memberFor, planHolderOf } from "#modules/hiring/index.server.ts";
import type { Audience } from "#modules/billing-plans/index.server.ts";

export interface PlanBuyer {
  audience: Audience;
  /** The account whose subscription is the plan. */
  holderId: string;
  /** May this person start checkout, change or cancel it? */
  mayManage: boolean;
  /** For an employer: the company (the customer's name in Stripe). */
  companyName: string | null;
}

export async function planBuyerFor(user: Account): Promise<PlanBuyer> {
  if (user.role !== "employer") return { audience: "candidate", holderId: user.id, mayManage: true, companyName: null };
  const member = await memberFor(user.id);
  const holderId = (await planHolderOf(member.companyId)) ?? user.id;
  return { audience: "employer", holderId, mayManage: may(member, "manage-team"), companyName: member.companyName };
}
