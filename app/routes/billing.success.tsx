// /billing/success: where Stripe Checkout sends someone who paid. The plan changes when Stripe
// confirms it by webhook (usually within seconds), not because this page was opened: it says which
// of the two it sees.
import { textLink } from "#app/components/ui/styles.ts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { planOf } from "#modules/billing-plans/index.server.ts";
import { requireUser } from "#modules/identity/index.server.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { Card } from "#app/components/job-bits.tsx";

export const meta: MetaFunction = () => [{ title: "Thank you · Hirewise" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const buyer = await planBuyerFor(user);
  const sub = await planOf(buyer.plan, buyer.audience);
  return { confirmed: sub.plan.monthlyCents !== 0, planName: sub.plan.name, billing: sub.billing };
}

export default function CheckoutSucceeded() {
  const { confirmed, planName, billing } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold">Thank you</h1>
        <p role="status" className="mt-3 text-label">
          {confirmed
            ? `Payment confirmed. You're on ${planName}, billed ${billing === "annual" ? "yearly" : "monthly"}.`
            : "Stripe has your payment details. Your plan changes as soon as Stripe confirms the subscription, usually within a minute: reload this page or open your account to see it."}
        </p>
        <p className="mt-6">
          <Link to="/account#plan" className={textLink}>
            Your account
          </Link>
        </p>
      </Card>
    </section>
  );
}
