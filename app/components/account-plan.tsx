// /account's plan area: the plan, the trial, usage against the plan's limits, and how to change it
// (online through Stripe when this server takes payments, otherwise by an administrator).
import { Link } from "@remix-run/react";

export interface PlanView {
  planName: string;
  billing: string;
  trial: string | null;
  trialOver: boolean;
  picked: string | null;
  usage: { key: string; label: string; text: string }[];
  pricingUrl: string;
  salesEmail: string;
  onlinePayments: boolean;
}

export function PlanAndUsage({ data }: { data: PlanView }) {
  return (
    <>
      <section
        id="plan"
        aria-labelledby="plan-heading"
        className="grid scroll-mt-6 gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
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
        {data.picked ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {data.picked}
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
        {data.onlinePayments ? null : (
          <p className="text-slate-600 dark:text-slate-400">
            Online payment is not set up on this server. An administrator changes plans with{" "}
            <code className="font-mono text-sm">npm run cli -- plans:set</code>, effective immediately. For Enterprise, email{" "}
            <a href={`mailto:${data.salesEmail}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              {data.salesEmail}
            </a>
            .
          </p>
        )}
        <Link
          to={data.pricingUrl}
          className="inline-flex w-fit items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Compare plans
        </Link>
      </section>
    </>
  );
}
