// The landing page's short look at the plans: both audiences side by side, from the catalog.
import { useTranslation } from "react-i18next";
import type { PlanCard } from "#app/pricing.ts";
import { pricingHref } from "#app/pricing.ts";
import { ArrowRightIcon } from "./icons.tsx";
import { Container, SectionHeading, TextLink } from "./ui.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export function PricingTeaser({
  employer,
  candidate,
  trialDays,
  bestSaving,
}: {
  employer: PlanCard[];
  candidate: PlanCard[];
  trialDays: number;
  bestSaving: number;
}) {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="pricing-teaser" className="bg-band-soft py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="pricing-teaser"
          eyebrow={t("pricing.eyebrow")}
          title={t("pricing.title")}
          description={t("pricing.description", { days: trialDays })}
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <TeaserColumn
            id="teaser-employers"
            title={t("pricing.employers")}
            plans={employer}
            link={{
              to: pricingHref({ audience: "employers", billing: "monthly" }),
              label: t("pricing.compareEmployers"),
            }}
          />
          <TeaserColumn
            id="teaser-job-seekers"
            title={t("pricing.seekers")}
            plans={candidate}
            link={{
              to: pricingHref({ audience: "job-seekers", billing: "monthly" }),
              label: t("pricing.compareSeekers"),
            }}
          />
        </div>
        <p className="mt-8 text-center text-body">
          {bestSaving > 0 ? t("pricing.saveYearly", { percent: bestSaving }) : null}
          {t("pricing.guarantee")} <TextLink to="/pricing">{t("pricing.seeFull")}</TextLink>
        </p>
      </Container>
    </section>
  );
}

function TeaserColumn({
  id,
  title,
  plans,
  link,
}: {
  id: string;
  title: string;
  plans: PlanCard[];
  link: { to: string; label: string };
}) {
  const { t } = useTranslation("home");
  return (
    <div className={`flex flex-col sm:p-8 ${cardClass}`}>
      <h3 id={id} className="text-xl font-semibold text-strong">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-4 flex-1 divide-y divide-subtle">
        {plans.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-4 py-3">
            <span className="flex flex-wrap items-center gap-2 font-medium text-strong">
              {p.name}
              {p.mostPopular ? (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-bold dark:bg-brand-900">
                  {t("pricing.mostPopular")}
                </span>
              ) : null}
            </span>
            <span className="text-right text-soft">
              {p.kind === "custom" ? (
                t("pricing.custom")
              ) : p.kind === "trial" ? (
                t("pricing.trialPrice", { days: p.trialDays ?? 0 })
              ) : (
                <>
                  <span className="font-semibold text-strong">{p.monthlyPrice}</span>
                  {t("pricing.perMonth")}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <TextLink to={link.to} className="mt-6 inline-flex items-center gap-1 self-start">
        {link.label}
        <ArrowRightIcon className="size-4" />
      </TextLink>
    </div>
  );
}
