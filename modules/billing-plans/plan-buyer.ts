// Who pays for whose plan, for the pages that sell and manage plans (/pricing, /account, /billing/*).
// A candidate's plan is their own; an employer's is their company's, held by its plan holder (the
// account that created it, while still a member). Owners (manage-billing) buy, change or cancel it
// and see its card and invoices; the holder always manages their own subscription. A company whose
// holder left is on its trial until an owner buys a plan through checkout and so becomes holder.
import type { Audience } from "./catalog.ts";
import type { PlanSource } from "./subscriptions.ts";

/** An employer's company as the team side reads it (hiring's `companyBilling`). */
export interface CompanyBilling {
  companyId: string;
  companyName: string;
  /** The company's plan holder and the plan it is on; null when the company can't be read. */
  holder: { holderId: string | null; source: PlanSource } | null;
  /** The person's team role lets them manage the company's billing. */
  managesBilling: boolean;
}

export interface PlanBuyer {
  audience: Audience;
  /** The account whose subscription checkout and the portal work on (the holder, or the owner who would become it). */
  holderId: string;
  /** Whose plan the company is on now: the holder, or the company's own trial. */
  plan: PlanSource;
  /** May this person start checkout or a plan request, change or cancel it, and see the card and invoices? */
  mayManage: boolean;
  /** For an employer: the company (the customer's name in Stripe). */
  companyName: string | null;
  companyId: string | null;
}

/** The plan `accountId` buys or manages: their own (a candidate, `company` null), or their company's. */
export function planBuyer(accountId: string, company: CompanyBilling | null): PlanBuyer {
  if (!company)
    return {
      audience: "candidate",
      holderId: accountId,
      plan: accountId,
      mayManage: true,
      companyName: null,
      companyId: null,
    };
  const holderId = company.holder?.holderId ?? accountId;
  return {
    audience: "employer",
    holderId,
    plan: company.holder?.source ?? accountId,
    mayManage: company.managesBilling || company.holder?.holderId === accountId,
    companyName: company.companyName,
    companyId: company.companyId,
  };
}
