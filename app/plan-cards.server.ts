// The plan cards as the viewer may act on them (the pricing page and the landing teaser). Visitors
// get sign-up links. A signed-in account sees its own plan as current, buys its role's paid plans
// through Stripe when this server takes payments or requests them when it doesn't, and is never
// offered a free trial it can't start (it is on a plan already).
import { formatDate } from "#lib/dates.ts";
import {
  annualSavingPercent,
  formatPrice,
  getSubscription,
  onlinePayments,
  openPlanRequests,
  planFeatures,
  plansFor,
  salesEmail,
  type Audience,
} from "#modules/billing-plans/index.server.ts";
import type { Account } from "#modules/identity/index.server.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { planCards, type PlanCard, type PlanCatalog } from "#app/pricing.ts";
import { translateMessage, translator, type Language } from "#locales/index.ts";

export function planCatalog(): PlanCatalog {
  return { plansFor, formatPrice, annualSavingPercent, planFeatures, SALES_EMAIL: salesEmail() };
}

const ACCOUNT_OF: Record<Audience, string> = { candidate: "job seeker", employer: "employer" };

export async function planCardsFor(user: Account | null): Promise<Record<Audience, PlanCard[]>> {
  const plans = planCards(planCatalog());
  if (!user) return plans;
  const buyer = await planBuyerFor(user);
  const other: Audience = buyer.audience === "employer" ? "candidate" : "employer";
  const [sub, requests] = await Promise.all([
    getSubscription(buyer.holderId, buyer.audience),
    openPlanRequests(buyer.holderId),
  ]);
  const online = onlinePayments();
  for (const card of plans[other]) {
    if (card.kind !== "custom") Object.assign(card, { purchase: "note", note: `For ${ACCOUNT_OF[other]} accounts.` });
  }
  for (const card of plans[buyer.audience]) {
    if (card.id === sub.plan.id) Object.assign(card, { purchase: "current", note: "Your current plan." });
    else if (card.kind === "trial") Object.assign(card, { purchase: "note", note: "Where every new account starts." });
    else if (card.kind !== "paid") continue;
    else if (!buyer.mayManage)
      Object.assign(card, { purchase: "owners-only", note: "Only your company's owners can change its plan." });
    else if (online) card.purchase = "checkout";
    else {
      const asked = requests.find((r) => r.planId === card.id);
      if (!asked) card.purchase = "request";
      else
        Object.assign(card, {
          purchase: "requested",
          note: requestedNote(card.name, asked.billing, asked.requestedAt),
        });
    }
  }
  return plans;
}

/** What happens after "Request this plan", said where the button was. */
export function requestedNote(planName: string, billing: string, requestedAt: string): string {
  return `You requested ${planName} (${billing}) on ${formatDate(requestedAt)}. We will contact you to arrange payment; your plan changes as soon as it is set up.`;
}

/** The cards' lines (taglines, features, buttons, notes) in `language`; names and prices stay as they are. */
export function translatedPlanCards(
  cards: Record<Audience, PlanCard[]>,
  language: Language,
): Record<Audience, PlanCard[]> {
  const say = (text: string) => translateMessage(language, text);
  const t = translator(language, "pricing");
  const translate = (card: PlanCard): PlanCard => ({
    ...card,
    tagline: say(card.tagline),
    features: card.features.map(say),
    cta: card.cta === `Choose ${card.name}` ? t("card.choose", { plan: card.name }) : say(card.cta),
    ...(card.note ? { note: say(card.note) } : {}),
  });
  return { candidate: cards.candidate.map(translate), employer: cards.employer.map(translate) };
}
