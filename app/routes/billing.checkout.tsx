// POST /billing/checkout: a plan button (on /pricing or /account) asks to buy `plan` for `billing`.
// The answer is a redirect to Stripe Checkout, so it works the same with JavaScript off. Only the
// plan's manager may (a candidate for themself, an employer company's owners): anyone else gets
// 404. A plan the catalog does not sell: 404. Stripe unreachable or not set up: this page says so,
// and nothing changed. A GET has nothing to buy and goes to /pricing.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BillingError, startCheckout, upgradeUrl } from "#modules/billing-plans/index.server.ts";
import { requireUser } from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { logger } from "#lib/logger.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { PlanRefusal } from "#app/components/plan-refusal.tsx";

export const meta: MetaFunction = () => [{ title: "Checkout · Hirewise" }, { name: "robots", content: "noindex" }];

const STATUS: Record<BillingError["code"], number> = {
  "not-configured": 409,
  "unknown-plan": 404,
  "not-for-sale": 503,
  unavailable: 503,
  "already-subscribed": 409,
  "no-customer": 409,
  "refund-refused": 409,
};

export function loader() {
  return redirect("/pricing");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const buyer = await planBuyerFor(user);
  if (!buyer.mayManage) throw new Response("Not found", { status: 404 });
  const form = await readForm(request);
  try {
    const { url } = await startCheckout({
      holderId: buyer.holderId,
      audience: buyer.audience,
      plan: String(form.get("plan") ?? ""),
      billing: String(form.get("billing") ?? "monthly"),
      companyId: buyer.companyId,
      email: user.email,
      name: buyer.companyName ?? user.fullName,
      successUrl: `${siteOrigin()}/billing/success`,
      cancelUrl: `${siteOrigin()}/billing/cancelled`,
    });
    return redirect(url, 303);
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    if (error.code === "unknown-plan") throw new Response("Not found", { status: 404 });
    if (error.code === "already-subscribed") return redirect("/account?billing=already#plan", 303);
    if (error.cause) logger.warn({ err: error.cause, reqId: context.requestId }, "checkout could not start");
    return data({ message: error.message, back: upgradeUrl(buyer.audience) }, { status: STATUS[error.code] });
  }
}

export default function CheckoutRefused() {
  return <PlanRefusal title="Checkout could not start" refused={useActionData<typeof action>()} />;
}
