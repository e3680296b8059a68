// POST /billing/request: "Request this plan" where this server takes no payment online. The request
// is recorded and the operator emailed once (billing-plans' requestPlan); the answer is a redirect
// to /account, which says what happens next, so it works the same with JavaScript off. Only the
// plan's manager may ask (a candidate for themself, an employer company's owners): anyone else 404.
// Past the account's plan requests for the hour: 429 with Retry-After and nothing recorded.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BillingError, requestPlan, upgradeUrl } from "#modules/billing-plans/index.server.ts";
import { requireUser } from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { PlanRefusal } from "#app/components/plan-refusal.tsx";

export { headers } from "#app/quotas.server.ts";
export const meta: MetaFunction = () => [{ title: "Plan request · Hirewise" }, { name: "robots", content: "noindex" }];

export function loader() {
  return redirect("/pricing");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const buyer = await planBuyerFor(user);
  if (!buyer.mayManage) throw new Response("Not found", { status: 404 });
  const form = await readForm(request);
  try {
    await requestPlan({
      holderId: buyer.holderId,
      requestedBy: user.id,
      audience: buyer.audience,
      plan: String(form.get("plan") ?? ""),
      billing: String(form.get("billing") ?? "monthly"),
    });
    return redirect("/account?plan=requested#plan", 303);
  } catch (error) {
    if (error instanceof QuotaExceededError) {
      return data(
        { message: error.message, back: upgradeUrl(buyer.audience) },
        { status: 429, headers: retryAfter(error) },
      );
    }
    if (!(error instanceof BillingError)) throw error;
    if (error.code === "already-subscribed") return redirect("/account#plan", 303);
    throw new Response("Not found", { status: 404 });
  }
}

export default function PlanRequestRefused() {
  return <PlanRefusal title="Your request was not sent" refused={useActionData<typeof action>()} />;
}
