// / — the landing page: hero, marketplace figures, features, a pricing teaser and a call to action.
// Static, server-rendered markup; the only data (plans) comes from the catalog through the loader.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { candidateTrialOffer, TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { bestAnnualSaving, planCards } from "#app/pricing.ts";
import { planCatalog } from "#app/plan-cards.server.ts";
import { siteFigures } from "#app/site-figures.server.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { BoltIcon, DocumentIcon, GaugeIcon, SparklesIcon } from "#app/components/marketing/icons.tsx";
import { PricingTeaser } from "#app/components/marketing/pricing-teaser.tsx";
import { ScorecardPreview } from "#app/components/marketing/scorecard-preview.tsx";
import { StatsStrip } from "#app/components/marketing/stats.tsx";
import { useSignedInRole, useWayIn } from "#app/components/marketing/way-in.ts";
import { Notice } from "#app/components/forms.tsx";
import { ButtonLink, Container, Eyebrow, FeatureSection, TextLink } from "#app/components/marketing/ui.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const plans = planCards(planCatalog());
  // Where /account/delete lands once the account is gone.
  const deleted = new URL(request.url).searchParams.get("account") === "deleted";
  return {
    origin: siteOrigin(),
    plans,
    trialDays: TRIAL_DAYS,
    bestSaving: bestAnnualSaving(plans),
    deleted,
    figures: await siteFigures(),
    candidateOffer: candidateTrialOffer(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Hirewise · Hire on skills, not keywords",
    fullTitle: true,
    description:
      "Hirewise writes your job post and screening questions with AI, scores every applicant on technical skill, communication and collaboration (as their answers show it), and hands you a ranked shortlist. Try it free, no credit card required.",
    path: "/",
    origin: data?.origin,
  });

const FEATURES = [
  {
    icon: <SparklesIcon />,
    title: "AI matching",
    body: "Hirewise reads the role and every application together, so the people whose skills fit rise to the top, not the ones who stuffed the most keywords into a resume.",
  },
  {
    icon: <GaugeIcon />,
    title: "AI scoring",
    body: "Each application is scored for technical skill, communication and collaboration (as their answers show it), with an overall match percentage, and the answers behind every score are one click away.",
  },
  {
    icon: <BoltIcon />,
    title: "Faster hiring",
    body: "AI drafts the job description and ten screening questions in seconds. Review a ranked list instead of a pile of resumes, with your team, from first answer to offer.",
  },
  {
    icon: <DocumentIcon />,
    title: "CV maker",
    body: "Job seekers build a clean, well-structured CV inside Hirewise and attach it to any application, so every profile you open is easy to read.",
  },
];

export default function Landing() {
  const { plans, trialDays, bestSaving, deleted, figures, candidateOffer } = useLoaderData<typeof loader>();
  const wayIn = useWayIn();
  const signedIn = useSignedInRole() !== null;
  return (
    <>
      {deleted ? (
        <Container className="pt-6">
          <Notice>Your account is deleted.</Notice>
        </Container>
      ) : null}
      <section aria-labelledby="hero-title" className="bg-hero">
        <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div className="text-center lg:text-left">
            <Eyebrow>AI-assisted hiring marketplace</Eyebrow>
            <h1
              id="hero-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance text-strong sm:text-5xl lg:text-6xl"
            >
              Hire on skills, not keywords
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-soft lg:mx-0">
              Hirewise writes your job post and screening questions, scores every applicant on technical skill,
              communication and collaboration as their answers show it, and hands you a ranked shortlist. You spend your
              time talking to the right people.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
              <ButtonLink to={wayIn.to}>{wayIn.short}</ButtonLink>
              <ButtonLink to="/pricing" variant="secondary">
                See pricing
              </ButtonLink>
            </div>
            {signedIn ? null : (
              <>
                <p className="mt-4 text-sm text-muted">
                  {trialDays}-day free trial · No credit card required · $0 setup
                </p>
                <p className="mt-6 text-soft">
                  Looking for your next role? <TextLink to="/jobs">Browse open jobs</TextLink> or{" "}
                  <TextLink to="/auth?mode=signup&role=candidate">create a job seeker account</TextLink>:{" "}
                  {candidateOffer}.
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
        eyebrow="Why Hirewise"
        title="Everything you need to hire on evidence"
        description="Screening questions written for the role, answers scored the same way for every applicant, and a shortlist you can defend."
        items={FEATURES}
        columns={4}
        footer={<TextLink to="/how-it-works">See how the AI question process works</TextLink>}
      />

      <PricingTeaser
        employer={plans.employer}
        candidate={plans.candidate}
        trialDays={trialDays}
        bestSaving={bestSaving}
      />

      <CtaBand
        id="cta"
        title="Make your next hire the right one"
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/pricing", label: "Compare plans" }}
      >
        <p>
          Post your first job in minutes. AI writes the questions, scores the answers and shows you who to call first.
        </p>
      </CtaBand>
    </>
  );
}
