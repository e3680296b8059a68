// Who pays for whose plan, for the pages that sell and manage plans (/pricing, /account, /billing/*).
// A candidate's plan is their own; an employer's is their company's, held by its plan holder (the
// account that created it, while still a member). Owners (manage-billing) buy, change or cancel it
// and see its card and invoices; the holder always manages their own subscription. A company whose
// holder left is on its trial until an owner buys a plan through checkout and so becomes holder.
import type { Account } from "#modules/identity/index.server.ts";
import { companyPlanSource, may, memberFor } from "#modules/hiring/index.server.ts";
import type { Audience, PlanSource } from "#modules/billing-plans/index.server.ts";

export interface PlanBuyer {
  audience: Audience;
  /** The account whose subscription checkout and the portal work on (the holder, or the owner who would become it). */
  holderId: string;
  /** Whose plan the company is on now: the holder, or the company's own trial. */
  plan: PlanSource;
  /** May this person start checkout, change or cancel it, and see the card and invoices? */
  mayManage: boolean;
  /** For an employer: the company (the customer's name in Stripe). */
  companyName: string | null;
  companyId: string | null;
}

export async function planBuyerFor(user: Account): Promise<PlanBuyer> {
  if (user.role !== "employer")
    return {
      audience: "candidate",
      holderId: user.id,
      plan: user.id,
      mayManage: true,
      companyName: null,
      companyId: null,
    };
  const member = await memberFor(user.id);
  const plan = await companyPlanSource(member.companyId);
  const holderId = plan?.holderId ?? user.id;
  return {
    audience: "employer",
    holderId,
    plan: plan?.source ?? user.id,
    mayManage: may(member, "manage-billing") || plan?.holderId === user.id,
    companyName: member.companyName,
    companyId: member.companyId,
  };
}
