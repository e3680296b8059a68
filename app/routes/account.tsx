// /account: the signed-in account's plan, trial and usage against its plan's limits. Read-only:
// plan changes are made by our team, so there is nothing to submit and no script is needed.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#modules/identity/index.ts";
import { getSubscription, planUsage, SALES_EMAIL, upgradeUrl } from "#modules/billing-plans/index.ts";
import { formatDate } from "#lib/dates.ts";

export const meta: MetaFunction = () => [{ title: "Account · Hirewise" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sub = await getSubscription(user.id, user.role);
  const free = sub.plan.monthlyCents === 0;
  return {
    email: user.email,
    role: user.role,
    planName: sub.plan.name,
    billing: sub.plan.contactSales ? "Custom terms" : free ? "Free, no billing" : sub.billing === "annual" ? "Annual" : "Monthly",
    trial: sub.trialEndsAt
      ? sub.trialOver
        ? `Your free trial ended on ${formatDate(sub.trialEndsAt)}.`
        : `${sub.trialDaysLeft} ${sub.trialDaysLeft === 1 ? "day" : "days"} left in your free trial (ends ${formatDate(sub.trialEndsAt)}).`
      : null,
    trialOver: sub.trialOver,
    // Jobs and applications don't exist yet; their modules will pass real counts here.
    usage: planUsage(sub.plan, { activeJobs: 0, applicationsReceived: 0, applicationsSent: 0 }),
    pricingUrl: upgradeUrl(sub.audience),
    salesEmail: SALES_EMAIL,
  };
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Signed in as {data.email} ({data.role === "employer" ? "employer" : "job seeker"}).
        </p>
      </div>

      <section
        aria-labelledby="plan-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="plan-heading" className="text-lg font-semibold">
          Your plan
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Plan</dt>
            <dd className="font-semibold">{data.planName}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Billing period</dt>
            <dd className="font-semibold">{data.billing}</dd>
          </div>
        </dl>
        {data.trial ? (
          <p
            className={`rounded-lg border px-4 py-3 text-sm ${
              data.trialOver
                ? "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
                : "border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-slate-800 dark:text-brand-100"
            }`}
          >
            {data.trial}
            {data.trialOver ? " Upgrade your plan to keep using every feature." : null}
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="usage-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="usage-heading" className="text-lg font-semibold">
          Usage
        </h2>
        <dl className="grid gap-3">
          {data.usage.map((line) => (
            <div key={line.key} className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-3 last:border-0 last:pb-0 dark:border-slate-800">
              <dt className="text-slate-700 dark:text-slate-200">{line.label}</dt>
              <dd className="font-semibold tabular-nums">{line.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="change-heading" className="grid gap-3">
        <h2 id="change-heading" className="text-lg font-semibold">
          Change your plan
        </h2>
        <p className="text-slate-600 dark:text-slate-400">
          Plan changes are made by our team and take effect immediately. Email{" "}
          <a href={`mailto:${data.salesEmail}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            {data.salesEmail}
          </a>{" "}
          to upgrade or switch your billing period.
        </p>
        <Link
          to={data.pricingUrl}
          className="inline-flex w-fit items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Compare plans
        </Link>
      </section>
    </section>
  );
}
