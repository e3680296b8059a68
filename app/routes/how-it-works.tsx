// /how-it-works — the AI question process in four steps, the benefits, the figures, and the way in.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { translateMessage, translator } from "#locales/index.ts";
import { candidateTrialOffer, TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { siteFigures } from "#app/site-figures.server.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import {
  BoltIcon,
  BriefcaseIcon,
  ClockIcon,
  GaugeIcon,
  HeartIcon,
  ScaleIcon,
  SparklesIcon,
  TargetIcon,
  UploadIcon,
  UserCheckIcon,
} from "#app/components/marketing/icons.tsx";
import { StatsStrip } from "#app/components/marketing/stats.tsx";
import { useSignedInRole, useWayIn } from "#app/components/marketing/way-in.ts";
import {
  ButtonLink,
  Container,
  FeatureSection,
  IconTile,
  PageHero,
  SectionHeading,
  TextLink,
} from "#app/components/marketing/ui.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await pageLanguage(request, context);
  const t = translator(language, "how");
  const home = translator(language, "home");
  return {
    origin: siteOrigin(),
    title: t("title"),
    description: t("description"),
    trialDays: TRIAL_DAYS,
    figures: (await siteFigures()).map((f) => ({ ...f, label: home(`stats.${f.key}`, f.label) })),
    candidateOffer: translateMessage(language, candidateTrialOffer()),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  seoMeta({
    title: data?.title ?? "How it works",
    description: data?.description ?? "",
    path: "/how-it-works",
    origin: data?.origin,
    translated: { search: location.search },
  });

// Icons by step and benefit; their words are catalogue keys (how.steps.*, how.benefits.*).
const STEPS = [
  { icon: <BriefcaseIcon />, key: "post" },
  { icon: <SparklesIcon />, key: "ai" },
  { icon: <UploadIcon />, key: "apply" },
  { icon: <GaugeIcon />, key: "score" },
] as const;

const BENEFITS = [
  { icon: <ClockIcon />, key: "hours" },
  { icon: <ScaleIcon />, key: "fair" },
  { icon: <TargetIcon />, key: "signal" },
  { icon: <UserCheckIcon />, key: "call" },
  { icon: <BoltIcon />, key: "live" },
  { icon: <HeartIcon />, key: "experience" },
] as const;

export default function HowItWorks() {
  const { trialDays, figures, candidateOffer } = useLoaderData<typeof loader>();
  const wayIn = useWayIn();
  const signedIn = useSignedInRole() !== null;
  const { t } = useTranslation("how");
  return (
    <>
      <PageHero
        eyebrow={t("eyebrow")}
        title={t("heading")}
        actions={
          <>
            <ButtonLink to={wayIn.to}>{wayIn.short}</ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              {t("seePricing")}
            </ButtonLink>
          </>
        }
      >
        <p>{t("lead")}</p>
      </PageHero>

      <section aria-labelledby="steps-title" className="py-16 sm:py-24">
        <Container>
          <SectionHeading id="steps-title" eyebrow={t("stepsEyebrow")} title={t("stepsTitle")} />
          <ol className="mx-auto mt-12 grid max-w-4xl gap-6">
            {STEPS.map((step, i) => (
              <li key={step.key} className={`grid gap-5 sm:grid-cols-[auto_1fr] sm:p-8 ${cardClass}`}>
                <div className="flex items-center gap-4 sm:flex-col sm:items-start">
                  <span
                    aria-hidden="true"
                    className="grid size-11 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <IconTile>{step.icon}</IconTile>
                </div>
                <div>
                  <h3 className="text-xl font-semibold text-strong">
                    <span className="sr-only">{t("stepLabel", { n: i + 1 })}</span>
                    {t(`steps.${step.key}.title`)}
                  </h3>
                  <p className="mt-2 text-body">{t(`steps.${step.key}.body`)}</p>
                  <ul className="mt-4 grid gap-2 text-sm text-soft">
                    {(["p1", "p2", "p3"] as const).map((p) => (
                      <li key={p} className="flex gap-2">
                        <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-mark" />
                        {t(`steps.${step.key}.${p}`)}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <StatsStrip label={t("statsLabel")} stats={figures} />

      <FeatureSection
        id="benefits-title"
        className="pt-16 sm:pt-24"
        eyebrow={t("benefitsEyebrow")}
        title={t("benefitsTitle")}
        description={t("benefitsDescription")}
        items={BENEFITS.map(({ icon, key }) => ({
          icon,
          title: t(`benefits.${key}.title`),
          body: t(`benefits.${key}.body`),
        }))}
        columns={3}
        footer={
          signedIn ? undefined : (
            <>
              {t("seekerPrefix")} <TextLink to="/auth?mode=signup&role=candidate">{t("seekerLink")}</TextLink>:{" "}
              {candidateOffer}.
            </>
          )
        }
      />

      <CtaBand
        id="how-cta"
        title={signedIn ? t("ctaReady") : t("ctaFirst")}
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/pricing", label: t("ctaCompare") }}
      >
        <p>
          {signedIn ? "" : t("ctaTrial", { days: trialDays })}
          {t("ctaBody")}
        </p>
      </CtaBand>
    </>
  );
}
