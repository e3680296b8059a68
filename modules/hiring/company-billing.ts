// What billing-plans needs to know about an employer's company to say who buys its plan.
import type { CompanyBilling } from "../billing-plans/index.server.ts";
import { companyPlanSource, may, memberFor } from "./team.ts";

export async function companyBilling(userId: string): Promise<CompanyBilling> {
  const member = await memberFor(userId);
  return {
    companyId: member.companyId,
    companyName: member.companyName,
    holder: await companyPlanSource(member.companyId),
    managesBilling: may(member, "manage-billing"),
  };
}
