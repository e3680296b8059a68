// POST /billing/portal: /account's Change plan, Update card and Cancel buttons (`flow`). The answer
// is a redirect to Stripe's customer portal on that flow (so it works with JavaScript off); the
// portal confirms and Stripe's events change the plan here. Only the plan's manager may: anyone
// else 404. Stripe unreachable: this page says so, nothing changed.
import { textLink } from "#app/components/ui/styles.ts";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { BillingError, portalSession, type PortalFlow } from "#modules/billing-plans/index.server.ts";
import { requireUser } from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { logger } from "#lib/logger.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { Card } from "#app/components/job-bits.tsx";

export const meta: MetaFunction = () => [{ title: "Billing · Hirewise" }, { name: "robots", content: "noindex" }];

const FLOWS: readonly PortalFlow[] = ["home", "payment", "change", "cancel"];

export function loader() {
  return redirect("/account#plan");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const buyer = await planBuyerFor(user);
  if (!buyer.mayManage) throw new Response("Not found", { status: 404 });
  const flow = String((await readForm(request)).get("flow") ?? "home") as PortalFlow;
  if (!FLOWS.includes(flow)) throw new Response("Not found", { status: 404 });
  try {
    const { url } = await portalSession(buyer.holderId, `${siteOrigin()}/account#plan`, flow);
    return redirect(url, 303);
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    if (error.cause) logger.warn({ err: error.cause, reqId: context.requestId }, "billing portal could not open");
    return data({ message: error.message }, { status: error.code === "unavailable" ? 503 : 409 });
  }
}

export default function PortalRefused() {
  const refused = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold">Billing could not open</h1>
        <p role="alert" className="mt-3 text-label">
          {refused?.message ?? "Manage your plan from your account page."}
        </p>
        <p className="mt-6">
          <Link to="/account#plan" className={textLink}>
            Back to your account
          </Link>
        </p>
      </Card>
    </section>
  );
}
