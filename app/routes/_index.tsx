// / — the landing page: hero, marketplace figures, features, a pricing teaser and a call to action.
// Static, server-rendered markup; the only data (plans) comes from the catalog through the loader.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { candidateTrialOffer, TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { bestAnnualSaving, planCards } from "#app/pricing.ts";
import { planCatalog, translatedPlanCards } from "#app/plan-cards.server.ts";
import { siteFigures } from "#app/site-figures.server.ts";
import { seoMeta } from "#app/seo.ts";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { translateMessage, translator } from "#locales/index.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { BoltIcon, DocumentIcon, GaugeIcon, SparklesIcon } from "#app/components/marketing/icons.tsx";
import { PricingTeaser } from "#app/components/marketing/pricing-teaser.tsx";
import { ScorecardPreview } from "#app/components/marketing/scorecard-preview.tsx";
import { StatsStrip } from "#app/components/marketing/stats.tsx";
import { useSignedInRole, useWayIn } from "#app/components/marketing/way-in.ts";
import { Notice } from "#app/components/forms.tsx";
import { ButtonLink, Container, Eyebrow, FeatureSection, TextLink } from "#app/components/marketing/ui.tsx";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Where /account/delete lands once the account is gone.
  const deleted = new URL(request.url).searchParams.get("account") === "deleted";
  const language = await pageLanguage(request, context);
  const plans = translatedPlanCards(planCards(planCatalog()), language);
  const t = translator(language, "home");
  return {
    origin: siteOrigin(),
    title: t("title"),
    description: t("description"),
    plans,
    trialDays: TRIAL_DAYS,
    bestSaving: bestAnnualSaving(plans),
    deleted,
    // The figures' labels in the page's language (catalogue keys home.stats.*).
    figures: (await siteFigures()).map((f) => ({ ...f, label: t(`stats.${f.key}`, f.label) })),
    candidateOffer: translateMessage(language, candidateTrialOffer()),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  seoMeta({
    title: data?.title ?? "Hirewise",
    fullTitle: true,
    description: data?.description ?? "",
    path: "/",
    origin: data?.origin,
    translated: { search: location.search },
  });

// Icons by feature; their words are catalogue keys (home.features.*).
const FEATURES = [
  { icon: <SparklesIcon />, key: "matching" },
  { icon: <GaugeIcon />, key: "scoring" },
  { icon: <BoltIcon />, key: "faster" },
  { icon: <DocumentIcon />, key: "cv" },
] as const;

export default function Landing() {
  const { plans, trialDays, bestSaving, deleted, figures, candidateOffer } = useLoaderData<typeof loader>();
  const wayIn = useWayIn();
  const signedIn = useSignedInRole() !== null;
  const { t } = useTranslation("home");
  const features = FEATURES.map(({ icon, key }) => ({
    icon,
    title: t(`features.${key}Title`),
    body: t(`features.${key}Body`),
  }));
  return (
    <>
      {deleted ? (
        <Container className="pt-6">
          <Notice>{t("deleted")}</Notice>
        </Container>
      ) : null}
      <section aria-labelledby="hero-title" className="bg-hero">
        <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div className="text-center lg:text-left">
            <Eyebrow>{t("eyebrow")}</Eyebrow>
            <h1
              id="hero-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance text-strong sm:text-5xl lg:text-6xl"
            >
              {t("heading")}
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-soft lg:mx-0">{t("lead")}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
              <ButtonLink to={wayIn.to}>{wayIn.short}</ButtonLink>
              <ButtonLink to="/pricing" variant="secondary">
                {t("seePricing")}
              </ButtonLink>
            </div>
            {signedIn ? null : (
              <>
                <p className="mt-4 text-sm text-muted">{t("trialLine", { days: trialDays })}</p>
                <p className="mt-6 text-soft">
                  {t("lookingPrefix")} <TextLink to="/jobs">{t("browseOpenJobs")}</TextLink> {t("or")}{" "}
                  <TextLink to="/auth?mode=signup&role=candidate">{t("createSeeker")}</TextLink>: {candidateOffer}.
                </p>
              </>
            )}
          </div>
          <ScorecardPreview />
        </Container>
      </section>

      <StatsStrip stats={figures} />

      <FeatureSection
        id="features"
        eyebrow={t("features.eyebrow")}
        title={t("features.title")}
        description={t("features.description")}
        items={features}
        columns={4}
        footer={<TextLink to="/how-it-works">{t("features.howLink")}</TextLink>}
      />

      <PricingTeaser
        employer={plans.employer}
        candidate={plans.candidate}
        trialDays={trialDays}
        bestSaving={bestSaving}
      />

      <CtaBand
        id="cta"
        title={t("cta.title")}
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/pricing", label: t("cta.compare") }}
      >
        <p>{t("cta.body")}</p>
      </CtaBand>
    </>
  );
}
