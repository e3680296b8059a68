// /about — why Hirewise exists: mission, vision, the story behind it and the values it is built on.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { ClockIcon, CompassIcon, EyeIcon, TargetIcon, UserCheckIcon } from "#app/components/marketing/icons.tsx";
import {
  Container,
  FeatureSection,
  IconTile,
  PageHero,
  SectionHeading,
  TextLink,
} from "#app/components/marketing/ui.tsx";

// Icons by block; their words are catalogue keys (about.*).
const PURPOSE = [
  { icon: <TargetIcon />, key: "mission" },
  { icon: <CompassIcon />, key: "vision" },
] as const;

const VALUES = [
  { icon: <TargetIcon />, key: "skills" },
  { icon: <UserCheckIcon />, key: "people" },
  { icon: <ClockIcon />, key: "time" },
  { icon: <EyeIcon />, key: "honest" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = translator(await pageLanguage(request, context), "about");
  return { origin: siteOrigin(), title: t("title"), description: t("description") };
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  seoMeta({
    title: data?.title ?? "About",
    description: data?.description ?? "",
    path: "/about",
    origin: data?.origin,
    translated: { search: location.search },
  });

export default function About() {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("heading")}>
        <p>{t("lead")}</p>
      </PageHero>

      <section aria-label={t("purposeLabel")} className="py-16 sm:py-20">
        <Container className="grid gap-6 md:grid-cols-2">
          {PURPOSE.map((item) => (
            <div key={item.key} className="rounded-2xl border border-subtle bg-surface p-8 shadow-sm">
              <IconTile>{item.icon}</IconTile>
              <h2 className="mt-5 text-2xl font-bold tracking-tight text-strong">{t(`${item.key}Title`)}</h2>
              <p className="mt-3 text-lg text-body">{t(`${item.key}Body`)}</p>
            </div>
          ))}
        </Container>
      </section>

      <section aria-labelledby="story-title" className="bg-band-soft py-16 sm:py-24">
        <Container width="narrow">
          <SectionHeading id="story-title" eyebrow={t("storyEyebrow")} title={t("storyTitle")} align="left" />
          <div className="mt-8 grid gap-5 text-lg text-soft">
            <p>{t("story1")}</p>
            <p>{t("story2")}</p>
            <p>{t("story3")}</p>
          </div>
        </Container>
      </section>

      <FeatureSection
        id="values-title"
        className="pt-16 sm:pt-24"
        eyebrow={t("valuesEyebrow")}
        title={t("valuesTitle")}
        description={t("valuesDescription")}
        items={VALUES.map((v) => ({ icon: v.icon, title: t(`${v.key}Title`), body: t(`${v.key}Body`) }))}
        columns={4}
        footer={
          <>
            {t("curious")} <TextLink to="/how-it-works">{t("readHow")}</TextLink>
          </>
        }
      />

      <CtaBand
        id="about-cta"
        title={t("ctaTitle")}
        primary={{ to: "/auth?mode=signup&role=employer", label: t("ctaTrial") }}
        secondary={{ to: "/how-it-works", label: t("ctaHow") }}
      >
        <p>
          {t("ctaBody")}{" "}
          <Link to="/auth?mode=signup&role=candidate" className="font-semibold text-white underline underline-offset-4">
            {t("ctaSeeker")}
          </Link>
          .
        </p>
      </CtaBand>
    </>
  );
}
