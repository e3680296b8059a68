// /account's plan area: the plan, the trial, usage against the plan's limits, and how to change it
// (online through Stripe when this server takes payments, otherwise by a request we follow up).
import { textLink } from "#app/components/ui/styles.ts";
import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import type { BillingOverview } from "#modules/billing-plans/index.server.ts";
import { cardClass } from "#app/components/ui/card.tsx";

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
  stripe: BillingOverview;
  mayManagePlan: boolean;
  upgradeTo: { id: string; name: string } | null;
  alreadySubscribed: boolean;
  /** Plans requested and not set up yet (no online payment here), each with what happens next. */
  requests: { planId: string; text: string }[];
  /** Arrived from "Request this plan". */
  justRequested: boolean;
}

const button = "inline-flex min-h-11 w-fit items-center justify-center rounded-lg px-4 py-2.5 font-semibold shadow-sm";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-edge bg-surface text-strong hover:bg-tint`;

/** A button that posts to Stripe's customer portal on one flow (a redirect, so JavaScript is optional). */
function PortalButton({ flow, label, primary: isPrimary = false }: { flow: string; label: string; primary?: boolean }) {
  return (
    <form method="post" action="/billing/portal">
      <input type="hidden" name="flow" value={flow} />
      <button type="submit" className={isPrimary ? primary : secondary}>
        {label}
      </button>
    </form>
  );
}

export function PlanAndUsage({ data }: { data: PlanView }) {
  const { t } = useTranslation("accountPage");
  return (
    <>
      <section id="plan" aria-labelledby="plan-heading" className={`grid scroll-mt-6 gap-4 ${cardClass}`}>
        <h2 id="plan-heading" className="text-lg font-semibold">
          {t("plan.title")}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">{t("plan.plan")}</dt>
            <dd className="font-semibold">{data.planName}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("plan.billing")}</dt>
            <dd className="font-semibold">{data.billing}</dd>
          </div>
        </dl>
        {data.stripe.subscribed ? <StripeDetails data={data} /> : null}
        {data.stripe.lapseNotice && !data.stripe.subscribed ? (
          <p role="status" className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg">
            {data.stripe.lapseNotice}
          </p>
        ) : null}
        {data.trial ? (
          <p
            className={`rounded-lg border px-4 py-3 text-sm ${
              data.trialOver
                ? "border-warn-line bg-warn-tint text-warn-fg"
                : "border-brand-line bg-brand-tint text-brand-strong"
            }`}
          >
            {data.trial}
            {data.trialOver ? t("plan.trialUpgrade") : null}
          </p>
        ) : null}
        {data.picked ? <p className="text-sm text-label">{data.picked}</p> : null}
      </section>

      <section aria-labelledby="usage-heading" className={`grid gap-4 ${cardClass}`}>
        <h2 id="usage-heading" className="text-lg font-semibold">
          {t("plan.usage")}
        </h2>
        <dl className="grid gap-3">
          {data.usage.map((line) => (
            <div
              key={line.key}
              className="flex items-baseline justify-between gap-4 border-b border-hairline pb-3 last:border-0 last:pb-0"
            >
              <dt className="text-label">{line.label}</dt>
              <dd className="font-semibold tabular-nums">{line.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="change-heading" className="grid gap-3">
        <h2 id="change-heading" className="text-lg font-semibold">
          {t("plan.change")}
        </h2>
        {data.alreadySubscribed ? (
          <p role="status" className="text-label">
            {t("plan.alreadySubscribed")}
          </p>
        ) : null}
        {data.onlinePayments && !data.mayManagePlan ? <p className="text-muted">{t("plan.ownersOnly")}</p> : null}
        {data.onlinePayments && data.mayManagePlan && !data.stripe.subscribed ? (
          <div className="flex flex-wrap gap-3">
            {data.upgradeTo ? (
              <form method="post" action="/billing/checkout">
                <input type="hidden" name="plan" value={data.upgradeTo.id} />
                <input type="hidden" name="billing" value="monthly" />
                <button type="submit" className={primary}>
                  {t("plan.upgradeTo", { plan: data.upgradeTo.name })}
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
        {data.onlinePayments && data.mayManagePlan && data.stripe.subscribed ? (
          <div className="flex flex-wrap gap-3">
            <PortalButton flow="change" label={t("plan.changePlan")} primary />
            {data.stripe.cancelAtPeriodEnd ? null : <PortalButton flow="cancel" label={t("plan.cancelPlan")} />}
            <PortalButton flow="home" label={t("plan.billingDetails")} />
          </div>
        ) : null}
        {data.onlinePayments ? (
          <p className="text-muted">
            <Trans
              t={t}
              i18nKey="plan.stripe"
              values={{ email: data.salesEmail }}
              components={{ addr: <a href={`mailto:${data.salesEmail}`} className={textLink} /> }}
            />
          </p>
        ) : (
          <OfflineChange data={data} />
        )}
        <Link
          to={data.pricingUrl}
          className={
            data.stripe.subscribed || (data.upgradeTo && (data.onlinePayments || data.mayManagePlan))
              ? secondary
              : primary
          }
        >
          {t("plan.compare")}
        </Link>
      </section>
    </>
  );
}

/**
 * No online payment here: a plan is requested (POST /billing/request) and we arrange payment with
 * the customer. Says what was asked for and what happens next; never how operators change plans.
 */
function OfflineChange({ data }: { data: PlanView }) {
  const wanted = data.upgradeTo && !data.requests.some((r) => r.planId === data.upgradeTo!.id) ? data.upgradeTo : null;
  const { t } = useTranslation("accountPage");
  return (
    <>
      {data.requests.map((r) => (
        <p
          key={r.planId}
          role={data.justRequested ? "status" : undefined}
          className="rounded-lg border border-brand-line bg-brand-tint px-4 py-3 text-sm text-brand-strong"
        >
          {r.text}
        </p>
      ))}
      {!data.mayManagePlan ? <p className="text-muted">{t("plan.ownersOnly")}</p> : null}
      {data.mayManagePlan && wanted ? (
        <form method="post" action="/billing/request">
          <input type="hidden" name="plan" value={wanted.id} />
          <input type="hidden" name="billing" value="monthly" />
          <button type="submit" className={primary}>
            {t("plan.request", { plan: wanted.name })}
          </button>
        </form>
      ) : null}
      <p className="text-muted">
        <Trans
          t={t}
          i18nKey="plan.offline"
          values={{ email: data.salesEmail }}
          components={{ addr: <a href={`mailto:${data.salesEmail}`} className={textLink} /> }}
        />
      </p>
    </>
  );
}

/** The paid plan as Stripe has it: status, next charge, card, a failed payment, the invoices. */
function StripeDetails({ data }: { data: PlanView }) {
  const { stripe } = data;
  return (
    <>
      {stripe.paymentFailed ? (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-danger-line bg-danger-tint px-4 py-3 text-sm text-danger-fg"
        >
          <p>
            Your last payment failed. Stripe will try again; update your card so your plan continues. If every retry
            fails, your account goes back to the free trial's limits (nothing is deleted).
          </p>
          {data.mayManagePlan ? (
            <PortalButton flow="payment" label="Update card" primary />
          ) : (
            <p>Ask your company's owner to update the card.</p>
          )}
        </div>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2">
        {stripe.nextCharge ? (
          <div>
            <dt className="text-sm text-muted">{stripe.cancelAtPeriodEnd ? "Cancelled" : "Next charge"}</dt>
            <dd className="font-semibold">{stripe.nextCharge}</dd>
          </div>
        ) : null}
        {stripe.card ? (
          <div>
            <dt className="text-sm text-muted">Card</dt>
            <dd className="font-semibold">
              {stripe.card.brand} ending {stripe.card.last4}
            </dd>
          </div>
        ) : null}
      </dl>
      {stripe.stripeUnavailable ? (
        <p className="text-sm text-muted">
          Stripe did not answer just now, so the card and invoices are not shown. Reload in a moment.
        </p>
      ) : null}
      {stripe.invoices.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Invoices</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Invoice</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stripe.invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-hairline">
                  <td className="py-2 pr-4 whitespace-nowrap">{invoice.date}</td>
                  <td className="py-2 pr-4 tabular-nums">{invoice.amount}</td>
                  <td className="py-2 pr-4 capitalize">{invoice.status}</td>
                  <td className="py-2">
                    {invoice.url ? (
                      <a href={invoice.url} className={textLink}>
                        View invoice<span className="sr-only"> of {invoice.date}</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
