// One plan on the pricing page, drawn from the catalog's data as the loader prepared it.
import { useTranslation } from "react-i18next";
import type { BillingParam, PlanCard } from "#app/pricing.ts";
import { CheckIcon } from "./icons.tsx";
import { ButtonLink, buttonClass } from "./ui.tsx";

/** `compact`: the card sits in a four-column row, so the price type steps down a size on wide screens. */
export function PlanCardView({
  plan,
  billing,
  compact = false,
}: {
  plan: PlanCard;
  billing: BillingParam;
  compact?: boolean;
}) {
  const priceClass = `text-4xl font-bold tracking-tight text-strong ${compact ? "xl:text-3xl" : ""}`;
  const headingId = `plan-${plan.audience}-${plan.id}`;
  const { t } = useTranslation("pricing");
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-surface p-6 shadow-sm ${
        plan.mostPopular ? "border-brand-solid ring-1 ring-brand-solid" : "border-subtle"
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-semibold text-strong">
          {plan.name}
        </h3>
        {plan.mostPopular ? (
          <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
            {t("card.mostPopular")}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-muted">{plan.tagline}</p>

      <PlanPrice plan={plan} billing={billing} priceClass={priceClass} />

      <PlanAction plan={plan} billing={billing} />

      <ul className="mt-6 grid gap-3 border-t border-subtle pt-6 text-sm text-soft">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-mark" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** What the card's button does: sign up, buy through Stripe Checkout, request the plan, or say why not. */
function PlanAction({ plan, billing }: { plan: PlanCard; billing: BillingParam }) {
  const variant = plan.mostPopular ? "primary" : "secondary";
  const { t } = useTranslation("pricing");
  if (plan.purchase === "checkout" || plan.purchase === "request") {
    // A plain POST answered with a redirect (to Checkout, or to the account page that says what
    // happens next): the same with JavaScript off.
    return (
      <form
        method="post"
        action={plan.purchase === "checkout" ? "/billing/checkout" : "/billing/request"}
        className="mt-6"
      >
        <input type="hidden" name="plan" value={plan.id} />
        <input type="hidden" name="billing" value={billing} />
        <button type="submit" className={buttonClass(variant, "w-full")}>
          {plan.purchase === "checkout" ? plan.cta : t("card.request")}
        </button>
      </form>
    );
  }
  if (plan.purchase) {
    return (
      <p
        className={`mt-6 rounded-lg border px-4 py-3 text-sm ${
          plan.purchase === "current" || plan.purchase === "requested"
            ? "border-brand-line bg-brand-tint font-medium text-brand-strong"
            : "border-line bg-tint text-label"
        }`}
      >
        {plan.note}
      </p>
    );
  }
  return (
    <ButtonLink to={plan.href} variant={variant} className="mt-6 w-full">
      {plan.cta}
    </ButtonLink>
  );
}

function PlanPrice({ plan, billing, priceClass }: { plan: PlanCard; billing: BillingParam; priceClass: string }) {
  const { t } = useTranslation("pricing");
  if (plan.kind === "custom") {
    return (
      <div className="mt-6">
        <div className="flex items-baseline gap-1">
          <span className={priceClass}>{t("card.custom")}</span>
        </div>
        <p className="mt-2 text-sm md:min-h-10 text-muted">{t("card.customBody")}</p>
      </div>
    );
  }
  if (plan.kind === "trial") {
    return (
      <div className="mt-6">
        <p className="flex items-baseline gap-1">
          <span className={priceClass}>$0</span>
          <span className="text-muted">{plan.trialDays ? t("card.forDays", { days: plan.trialDays }) : null}</span>
        </p>
        <p className="mt-2 text-sm md:min-h-10 text-muted">{t("card.noCard")}</p>
      </div>
    );
  }
  const annual = billing === "annual";
  return (
    <div className="mt-6">
      <p className="flex flex-wrap items-baseline gap-x-1">
        <span className={priceClass}>{annual ? plan.annualPrice : plan.monthlyPrice}</span>
        <span className="text-muted">{annual ? t("card.perYear") : t("card.perMonth")}</span>
      </p>
      <p className="mt-2 text-sm md:min-h-10 text-muted">
        {annual ? (
          <>
            {t("card.billedYearly", { price: plan.annualPerMonth })}{" "}
            {plan.annualSaving > 0 ? <SavingBadge percent={plan.annualSaving} suffix="vsMonthly" /> : null}
          </>
        ) : (
          <>
            {t("card.orYearly", { price: plan.annualPrice })}{" "}
            {plan.annualSaving > 0 ? <SavingBadge percent={plan.annualSaving} suffix="yearly" /> : null}
          </>
        )}
      </p>
    </div>
  );
}

/** "Save 17%", or with `suffix` "Save 17% vs. monthly" / "Save 17% yearly". */
export function SavingBadge({ percent, suffix }: { percent: number; suffix?: "vsMonthly" | "yearly" }) {
  const { t } = useTranslation("pricing");
  const key = suffix === "vsMonthly" ? "card.saveVsMonthly" : suffix === "yearly" ? "card.saveYearly" : "card.save";
  return (
    <span className="inline-block rounded-full bg-ok-wash px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ok-ink">
      {t(key, { percent })}
    </span>
  );
}
