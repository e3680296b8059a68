// /how-it-works — the AI question process in four steps, the benefits, the figures, and the way in.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
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

export async function loader() {
  return {
    origin: siteOrigin(),
    trialDays: TRIAL_DAYS,
    figures: await siteFigures(),
    candidateOffer: candidateTrialOffer(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "How it works",
    description:
      "Post a job, let AI write the description and screening questions, collect answers and resumes, and get every applicant scored on technical skill, communication and collaboration (as their answers show it).",
    path: "/how-it-works",
    origin: data?.origin,
  });

const STEPS: { icon: ReactNode; title: string; body: string; points: string[] }[] = [
  {
    icon: <BriefcaseIcon />,
    title: "Post a job",
    body: "Describe the role in a short three-step wizard: the basics, the screening questions, then a final review before you publish.",
    points: [
      "Title, company, location and on-site, remote or hybrid",
      "Employment type, category and salary range",
      "The requirements and benefits that matter to you",
    ],
  },
  {
    icon: <SparklesIcon />,
    title: "AI writes the description and screening questions",
    body: "From your requirements, Hirewise drafts a complete job description and ten screening questions written for this role, not pulled from a generic list.",
    points: [
      "Summary, responsibilities, qualifications and benefits",
      "Open answers, multiple choice and 1 to 5 self-ratings",
      "Edit, remove or add your own before you publish",
    ],
  },
  {
    icon: <UploadIcon />,
    title: "Candidates answer and upload a resume",
    body: "Job seekers find your role, answer every question and attach a PDF resume. They know how many questions there are before they start.",
    points: [
      "One simple application, on phone or desktop",
      "Resume upload is optional but recommended",
      "Candidates track their status after they apply",
    ],
  },
  {
    icon: <GaugeIcon />,
    title: "AI scores, you shortlist",
    body: "Every application is scored the same way, so you can start with the strongest answers and spend your time on the right conversations.",
    points: [
      "Technical, communication and collaboration scores, from the answers",
      "An overall match percentage for each applicant",
      "Move applicants to Interview, Offer and Hired (rejections ask first); the candidate sees each step",
    ],
  },
];

const BENEFITS = [
  {
    icon: <ClockIcon />,
    title: "Hours back every week",
    body: "Stop reading hundreds of near-identical resumes. Start with the applicants whose answers show they can do the job.",
  },
  {
    icon: <ScaleIcon />,
    title: "Fair and consistent",
    body: "Everyone answers the same questions and is scored against the same criteria, so decisions rest on evidence, not on resume formatting.",
  },
  {
    icon: <TargetIcon />,
    title: "Signal beyond the resume",
    body: "Questions about real problems show how someone debugs, designs and explains: the practical experience keywords never reveal.",
  },
  {
    icon: <UserCheckIcon />,
    title: "You make the call",
    body: "AI drafts and scores; people decide. Every question can be edited and every shortlist decision is yours.",
  },
  {
    icon: <BoltIcon />,
    title: "Live in minutes",
    body: "AI writes the first draft of the post and the questions, so a new role can go live the same afternoon you open it.",
  },
  {
    icon: <HeartIcon />,
    title: "A better candidate experience",
    body: "Clear questions up front, one straightforward application and status updates from submitted to shortlisted. No more silence.",
  },
];

export default function HowItWorks() {
  const { trialDays, figures, candidateOffer } = useLoaderData<typeof loader>();
  const wayIn = useWayIn();
  const signedIn = useSignedInRole() !== null;
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="From job post to shortlist in four steps"
        actions={
          <>
            <ButtonLink to={wayIn.to}>{wayIn.short}</ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              See pricing
            </ButtonLink>
          </>
        }
      >
        <p>
          Hirewise replaces the resume pile with questions written for the role, and scores every applicant&rsquo;s
          answers the same way. Here is what happens from the moment you post a job.
        </p>
      </PageHero>

      <section aria-labelledby="steps-title" className="py-16 sm:py-24">
        <Container>
          <SectionHeading
            id="steps-title"
            eyebrow="The AI question process"
            title="Screening that starts with the job, not the resume"
          />
          <ol className="mx-auto mt-12 grid max-w-4xl gap-6">
            {STEPS.map((step, i) => (
              <li key={step.title} className={`grid gap-5 sm:grid-cols-[auto_1fr] sm:p-8 ${cardClass}`}>
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
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-body">{step.body}</p>
                  <ul className="mt-4 grid gap-2 text-sm text-soft">
                    {step.points.map((p) => (
                      <li key={p} className="flex gap-2">
                        <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-mark" />
                        {p}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <StatsStrip label="Hirewise by the numbers" stats={figures} />

      <FeatureSection
        id="benefits-title"
        className="pt-16 sm:pt-24"
        eyebrow="Benefits"
        title="Why teams screen with Hirewise"
        description="Less time sorting applications, more confidence in who you call back."
        items={BENEFITS}
        columns={3}
        footer={
          signedIn ? undefined : (
            <>
              Looking for a job instead?{" "}
              <TextLink to="/auth?mode=signup&role=candidate">Create a job seeker account</TextLink>: {candidateOffer}.
            </>
          )
        }
      />

      <CtaBand
        id="how-cta"
        title={signedIn ? "Ready when you are" : "Post your first job free"}
        primary={{ to: wayIn.to, label: wayIn.label }}
        secondary={{ to: "/pricing", label: "Compare plans" }}
      >
        <p>
          {signedIn ? "" : `${trialDays}-day free trial, no credit card required. `}Your screening questions are ready
          in seconds.
        </p>
      </CtaBand>
    </>
  );
}
