// /billing/cancelled: where Stripe Checkout sends someone who turned back. Nothing was charged.
import { textLink } from "#app/components/ui/styles.ts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireUser } from "#modules/identity/index.server.ts";
import { Card } from "#app/components/job-bits.tsx";

export const meta: MetaFunction = () => [
  { title: "Checkout cancelled · Hirewise" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function CheckoutCancelled() {
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold">Checkout cancelled</h1>
        <p className="mt-3 text-label">You left the payment page. Nothing was charged and your plan is unchanged.</p>
        <p className="mt-6 flex flex-wrap gap-4">
          <Link to="/pricing" className={textLink}>
            Back to plans
          </Link>
          <Link to="/account#plan" className={textLink}>
            Your account
          </Link>
        </p>
      </Card>
    </section>
  );
}
