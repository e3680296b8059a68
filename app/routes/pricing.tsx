// /pricing — plans for job seekers and employers, monthly or annual, and the FAQ.
// The two toggles are links (?audience=…&billing=…), so they work with JavaScript off and a shared
// link opens the same view. With JavaScript they switch at once from the data already loaded and
// rewrite the address in place: no request, no reload, no new history entry.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { translateMessage, translator } from "#locales/index.ts";
import { EVERY_PLAN_INCLUDES, onlinePayments, salesEmail, TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { currentUser } from "#modules/identity/index.server.ts";
import { planCardsFor, translatedPlanCards } from "#app/plan-cards.server.ts";
import {
  bestAnnualSaving,
  catalogAudience,
  parsePricingQuery,
  pricingHref,
  salesMailto,
  type PlanCard,
  type PricingQuery,
} from "#app/pricing.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { CardIcon, ClockIcon, RefreshIcon, ShieldIcon } from "#app/components/marketing/icons.tsx";
import { PlanCardView, SavingBadge } from "#app/components/marketing/plan-card.tsx";
import { useWayIn } from "#app/components/marketing/way-in.ts";
import { Container, PageHero } from "#app/components/marketing/ui.tsx";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Signed in: the paid plans of the account's own role are bought (or requested) here, not by signing up again.
  const user = await currentUser(request);
  const language = await pageLanguage(request, context);
  const t = translator(language, "pricing");
  const plans = translatedPlanCards(await planCardsFor(user), language);
  const sales = salesEmail();
  const say = (line: string) => translateMessage(language, line);
  return {
    title: t("title"),
    description: t("description"),
    online: onlinePayments(),
    signedIn: user !== null,
    everyPlan: { candidate: EVERY_PLAN_INCLUDES.candidate.map(say), employer: EVERY_PLAN_INCLUDES.employer.map(say) },
    origin: siteOrigin(),
    query: parsePricingQuery(new URL(request.url).searchParams),
    plans,
    bestSaving: bestAnnualSaving(plans),
    trialDays: TRIAL_DAYS,
    sales: { email: sales, href: salesMailto("Enterprise", sales) },
    // Sent here by Apply Now at the plan's application limit (issue 17): say why.
    applyLimit: new URL(request.url).searchParams.get("limit") === "applications",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  seoMeta({
    title: data?.title ?? "Pricing",
    description: data?.description ?? "",
    path: "/pricing",
    origin: data?.origin,
    translated: { search: location.search },
  });

const AUDIENCES = ["job-seekers", "employers"] as const;
const BILLINGS = ["monthly", "annual"] as const;

export default function PricingPage() {
  const data = useLoaderData<typeof loader>();
  // A new navigation to /pricing (another link, back/forward) starts from what its URL says.
  const { key } = useLocation();
  const wayIn = useWayIn();
  const { t } = useTranslation("pricing");
  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("heading")}>
        <p>
          {data.signedIn ? t("leadSignedIn") : t("leadVisitor", { days: data.trialDays })}
          {t("leadRest")}
        </p>
        {data.applyLimit ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-base text-warn-fg"
          >
            {t("applyLimit")}
          </p>
        ) : null}
      </PageHero>
      <PlanSwitcher
        key={key}
        initial={data.query}
        plans={data.plans}
        bestSaving={data.bestSaving}
        everyPlan={data.everyPlan}
      />
      <Included trialDays={data.trialDays} />
      <Faq trialDays={data.trialDays} bestSaving={data.bestSaving} sales={data.sales} online={data.online} />
      <CtaBand
        id="pricing-cta"
        title={t("ctaTitle")}
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/how-it-works", label: t("ctaHow") }}
      >
        <p>
          {t("ctaStart")} {data.online ? t("ctaOnline") : t("ctaOffline")}
        </p>
      </CtaBand>
    </>
  );
}

function PlanSwitcher({
  initial,
  plans,
  bestSaving,
  everyPlan,
}: {
  initial: PricingQuery;
  plans: Record<"candidate" | "employer", PlanCard[]>;
  bestSaving: number;
  everyPlan: Record<"candidate" | "employer", readonly string[]>;
}) {
  const [view, setView] = useState(initial);
  const { t } = useTranslation("pricing");
  const shown = plans[catalogAudience(view.audience)];
  const audience = view.audience === "employers" ? "employers" : "job-seekers";

  // Plain links for everyone; with JavaScript an ordinary click switches in place.
  const linkTo = (next: PricingQuery) => ({
    href: pricingHref(next),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setView(next);
      window.history.replaceState(window.history.state, "", pricingHref(next));
    },
  });

  return (
    <section aria-labelledby="plans-title" className="py-12 sm:py-16">
      <Container>
        <h2 id="plans-title" className="sr-only">
          {t(`plansFor.${audience}`)}
        </h2>
        <div className="flex flex-col items-center justify-center gap-4 sm:flex-row sm:gap-6">
          <Segmented label={t("showPlansFor")}>
            {AUDIENCES.map((a) => (
              <SegmentLink key={a} current={view.audience === a} {...linkTo({ ...view, audience: a })}>
                {t(`audiences.${a}`)}
              </SegmentLink>
            ))}
          </Segmented>
          <Segmented label={t("billingPeriod")}>
            {BILLINGS.map((b) => (
              <SegmentLink key={b} current={view.billing === b} {...linkTo({ ...view, billing: b })}>
                {t(`billings.${b}`)}
                {b === "annual" && bestSaving > 0 ? <SavingBadge percent={bestSaving} /> : null}
              </SegmentLink>
            ))}
          </Segmented>
        </div>
        <p aria-live="polite" className="sr-only">
          {t(`showing.${audience}.${view.billing === "annual" ? "annual" : "monthly"}`)}
        </p>

        <div
          className={`mx-auto mt-10 grid gap-6 ${
            shown.length >= 4 ? "max-w-6xl md:grid-cols-2 xl:grid-cols-4" : "max-w-5xl md:grid-cols-3"
          }`}
        >
          {shown.map((plan) => (
            <PlanCardView
              key={`${plan.audience}-${plan.id}`}
              plan={plan}
              billing={view.billing}
              compact={shown.length >= 4}
            />
          ))}
        </div>
        <p className="mx-auto mt-8 max-w-4xl text-center text-soft">
          <span className="font-semibold text-strong">{t(`everyPlan.${audience}`)}</span>
          {everyPlan[catalogAudience(view.audience)].join(" · ")}
        </p>
      </Container>
    </section>
  );
}

function Segmented({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-xl bg-shade p-1">
      {children}
    </div>
  );
}

function SegmentLink({
  current,
  href,
  onClick,
  children,
}: {
  current: boolean;
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={onClick}
      aria-current={current ? "true" : undefined}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ${
        current ? "bg-page text-strong shadow" : "text-soft hover:text-strong"
      }`}
    >
      {children}
    </a>
  );
}

function Included({ trialDays }: { trialDays: number }) {
  const { t } = useTranslation("pricing");
  const items = [
    { icon: <ClockIcon className="size-5" />, text: t("included.trial", { days: trialDays }) },
    { icon: <CardIcon className="size-5" />, text: t("included.noCard") },
    { icon: <ShieldIcon className="size-5" />, text: t("included.guarantee") },
    { icon: <RefreshIcon className="size-5" />, text: t("included.setup") },
  ];
  return (
    <Container>
      <ul
        aria-label={t("included.label")}
        className="grid gap-4 rounded-2xl border border-subtle bg-band p-6 text-sm font-medium text-soft sm:grid-cols-2 lg:grid-cols-4"
      >
        {items.map((i) => (
          <li key={i.text} className="flex items-center gap-3">
            <span className="text-brand">{i.icon}</span>
            {i.text}
          </li>
        ))}
      </ul>
    </Container>
  );
}

function Faq({
  trialDays,
  bestSaving,
  sales,
  online,
}: {
  trialDays: number;
  bestSaving: number;
  sales: { email: string; href: string };
  /** False: this server takes no payments, so no answer may promise a payment step. */
  online: boolean;
}) {
  const { t } = useTranslation("pricing");
  const items: { q: string; a: ReactNode }[] = [
    {
      q: t("faq.trialQ", { days: trialDays }),
      a: t(online ? "faq.trialOnline" : "faq.trialOffline", { days: trialDays }),
    },
    { q: t("faq.cardQ"), a: t(online ? "faq.cardOnline" : "faq.cardOffline") },
    { q: t("faq.setupQ"), a: t("faq.setupA") },
    { q: t("faq.refundQ"), a: t("faq.refundA") },
    { q: t("faq.changeQ"), a: t(online ? "faq.changeOnline" : "faq.changeOffline") },
    { q: t("faq.annualQ"), a: t("faq.annualA", { percent: bestSaving }) },
    {
      q: t("faq.enterpriseQ"),
      a: (
        <>
          {t("faq.enterpriseBefore")}
          <a href={sales.href} className="font-semibold text-brand underline underline-offset-4">
            {sales.email}
          </a>
          {t("faq.enterpriseAfter")}
        </>
      ),
    },
    { q: t("faq.shareQ"), a: t("faq.shareA") },
  ];
  return (
    <section aria-labelledby="faq-title" className="pt-16 sm:pt-24">
      <Container>
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-strong sm:text-4xl">
          {t("faqTitle")}
        </h2>
        <dl className="mx-auto mt-12 grid max-w-5xl gap-x-10 gap-y-10 md:grid-cols-2">
          {items.map((item) => (
            <div key={item.q}>
              <dt className="text-lg font-semibold text-strong">{item.q}</dt>
              <dd className="mt-2 text-body">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
