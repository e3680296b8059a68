// /pricing — plans for job seekers and employers, monthly or annual, and the FAQ.
// The two toggles are links (?audience=…&billing=…), so they work with JavaScript off and a shared
// link opens the same view. With JavaScript they switch at once from the data already loaded and
// rewrite the address in place: no request, no reload, no new history entry.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { EVERY_PLAN_INCLUDES, onlinePayments, salesEmail, TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { currentUser } from "#modules/identity/index.server.ts";
import { planCardsFor } from "#app/plan-cards.server.ts";
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

export async function loader({ request }: LoaderFunctionArgs) {
  // Signed in: the paid plans of the account's own role are bought (or requested) here, not by signing up again.
  const user = await currentUser(request);
  const plans = await planCardsFor(user);
  const sales = salesEmail();
  return {
    online: onlinePayments(),
    signedIn: user !== null,
    everyPlan: EVERY_PLAN_INCLUDES,
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

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Pricing",
    description:
      "Hirewise plans for employers and job seekers, billed monthly or yearly. Free trial with no credit card, $0 setup, and a 30-day money-back guarantee on paid plans.",
    path: "/pricing",
    origin: data?.origin,
  });

const AUDIENCES = [
  { value: "job-seekers", label: "Job seekers" },
  { value: "employers", label: "Employers" },
] as const;

const BILLINGS = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
] as const;

export default function PricingPage() {
  const data = useLoaderData<typeof loader>();
  // A new navigation to /pricing (another link, back/forward) starts from what its URL says.
  const { key } = useLocation();
  const wayIn = useWayIn();
  return (
    <>
      <PageHero eyebrow="Pricing" title="Simple pricing for employers and job seekers">
        <p>
          {data.signedIn
            ? "No credit card for the trial"
            : `Start with a ${data.trialDays}-day free trial. No credit card`}
          , no setup fee, and a 30-day money-back guarantee on every paid plan.
        </p>
        {data.applyLimit ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-base text-warn-fg"
          >
            You have used every application your plan includes. Choose a plan below to keep applying; nothing you
            started is lost.
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
        title="Not sure which plan fits?"
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/how-it-works", label: "See how Hirewise works" }}
      >
        <p>
          Every account starts on the free trial.{" "}
          {data.online
            ? "Upgrade when you are ready; changes apply immediately."
            : "Change plans when you are ready; changes apply as soon as they are set up."}
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
  const shown = plans[catalogAudience(view.audience)];
  const audienceLabel = view.audience === "employers" ? "employers" : "job seekers";

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
          Plans for {audienceLabel}
        </h2>
        <div className="flex flex-col items-center justify-center gap-4 sm:flex-row sm:gap-6">
          <Segmented label="Show plans for">
            {AUDIENCES.map((a) => (
              <SegmentLink
                key={a.value}
                current={view.audience === a.value}
                {...linkTo({ ...view, audience: a.value })}
              >
                {a.label}
              </SegmentLink>
            ))}
          </Segmented>
          <Segmented label="Billing period">
            {BILLINGS.map((b) => (
              <SegmentLink key={b.value} current={view.billing === b.value} {...linkTo({ ...view, billing: b.value })}>
                {b.label}
                {b.value === "annual" && bestSaving > 0 ? <SavingBadge percent={bestSaving} /> : null}
              </SegmentLink>
            ))}
          </Segmented>
        </div>
        <p aria-live="polite" className="sr-only">
          Showing plans for {audienceLabel}, billed {view.billing === "annual" ? "yearly" : "monthly"}.
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
          <span className="font-semibold text-strong">Every {audienceLabel.replace(/s$/, "")} plan includes: </span>
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
  const items = [
    { icon: <ClockIcon className="size-5" />, text: `${trialDays}-day free trial` },
    { icon: <CardIcon className="size-5" />, text: "No credit card required" },
    { icon: <ShieldIcon className="size-5" />, text: "30-day money-back guarantee" },
    { icon: <RefreshIcon className="size-5" />, text: "$0 setup, change plans anytime" },
  ];
  return (
    <Container>
      <ul
        aria-label="Included with every plan"
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
  const items: { q: string; a: ReactNode }[] = [
    {
      q: `How does the ${trialDays}-day free trial work?`,
      a: online
        ? `Every new account starts on the Free Trial plan and can use Hirewise for ${trialDays} days at no cost. When the trial ends, choose a paid plan to keep going. Nothing is charged automatically, because we never asked for a card.`
        : `Every new account starts on the Free Trial plan and can use Hirewise for ${trialDays} days at no cost. When you need more, pick a paid plan on this page and request it: we will contact you to arrange payment. Nothing is charged automatically.`,
    },
    {
      q: "Do I need a credit card to start?",
      a: online
        ? "No. You only enter payment details when you decide to move to a paid plan."
        : "No. Nobody asks for a card here: a paid plan is requested from this page, and we arrange payment with you directly.",
    },
    {
      q: "Are there any setup fees?",
      a: "No. Setup costs $0. You pay the plan price shown here and nothing else.",
    },
    {
      q: "What if Hirewise isn't right for me?",
      a: "Every paid plan comes with a 30-day money-back guarantee. If you are not happy within 30 days of paying, tell us and we will refund you in full.",
    },
    {
      q: "Can I change plans later?",
      a: online
        ? "Yes. Upgrade, downgrade or switch between monthly and annual billing at any time from your account. Plan changes take effect immediately."
        : "Yes. Request another plan or billing period from this page; the change takes effect as soon as we have set it up.",
    },
    {
      q: "How much do I save with annual billing?",
      a: `Paying yearly costs up to ${bestSaving}% less than twelve monthly payments. Each plan card shows its own saving when you pick Annual.`,
    },
    {
      q: "Who is Enterprise for?",
      a: (
        <>
          Companies hiring at volume, or with their own procurement and invoicing process. Email{" "}
          <a href={sales.href} className="font-semibold text-brand underline underline-offset-4">
            {sales.email}
          </a>{" "}
          and we will put together terms that fit.
        </>
      ),
    },
    {
      q: "Can job seekers and employers share an account?",
      a: "Each account is either an employer or a job seeker, and each side has its own plans. If you do both, create one account for each.",
    },
  ];
  return (
    <section aria-labelledby="faq-title" className="pt-16 sm:pt-24">
      <Container>
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-strong sm:text-4xl">
          Frequently asked questions
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
