// /about — why Hirewise exists: mission, vision, the story behind it and the values it is built on.
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
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

const PURPOSE = [
  {
    icon: <TargetIcon />,
    title: "Our mission",
    body: "Help every employer hire on evidence, and every candidate be judged on their skills: not on keywords, pedigree or how well a resume happens to be formatted.",
  },
  {
    icon: <CompassIcon />,
    title: "Our vision",
    body: "A job market where applying means showing what you can do, every applicant hears back, and the best person for the role is the one who gets it.",
  },
];

export async function loader() {
  return { origin: siteOrigin() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "About",
    description:
      "Hirewise helps employers hire on evidence and candidates be judged on their skills. Our mission, our vision, the values we build on and how it started.",
    path: "/about",
    origin: data?.origin,
  });

const VALUES = [
  {
    icon: <TargetIcon />,
    title: "Skills over signals",
    body: "We judge applications on what people can do. Job titles, school names and keyword density are not evidence of skill.",
  },
  {
    icon: <UserCheckIcon />,
    title: "People decide",
    body: "AI drafts, suggests and scores. A person always makes the hiring decision, with the answers behind every score in view.",
  },
  {
    icon: <ClockIcon />,
    title: "Respect everyone's time",
    body: "Short, relevant questions for candidates, a ranked shortlist for employers, and clear status updates so nobody is left waiting.",
  },
  {
    icon: <EyeIcon />,
    title: "Honest by default",
    body: "Plain pricing with no setup fees, a free trial without a credit card, and a refund when we don't earn our keep.",
  },
];

export default function About() {
  return (
    <>
      <PageHero eyebrow="About Hirewise" title="Hiring should reward what people can do">
        <p>
          Hirewise is an AI-assisted hiring marketplace. Employers post roles with screening questions written for the
          job, candidates answer them, and both sides get a faster, fairer decision.
        </p>
      </PageHero>

      <section aria-label="Mission and vision" className="py-16 sm:py-20">
        <Container className="grid gap-6 md:grid-cols-2">
          {PURPOSE.map((item) => (
            <div key={item.title} className="rounded-2xl border border-subtle bg-surface p-8 shadow-sm">
              <IconTile>{item.icon}</IconTile>
              <h2 className="mt-5 text-2xl font-bold tracking-tight text-strong">{item.title}</h2>
              <p className="mt-3 text-lg text-body">{item.body}</p>
            </div>
          ))}
        </Container>
      </section>

      <section aria-labelledby="story-title" className="bg-band-soft py-16 sm:py-24">
        <Container width="narrow">
          <SectionHeading id="story-title" eyebrow="Our story" title="How Hirewise started" align="left" />
          <div className="mt-8 grid gap-5 text-lg text-soft">
            <p>
              Hirewise began with two people on opposite sides of the same problem. One was an engineering manager who
              spent a whole quarter reading more than a thousand resumes for three open roles, and still felt she was
              guessing. The other was a developer who sent out dozens of applications and heard back from almost none,
              including for jobs he was well qualified to do.
            </p>
            <p>
              Comparing notes, they saw the same failure from both ends. Resumes are a poor proxy for skill, keyword
              filters turn away good people, and nobody has time to read everything properly. What had worked for both
              of them was simpler: a handful of well-chosen questions about the actual job, answered honestly.
            </p>
            <p>
              So they built that. Hirewise uses AI for the slow parts, drafting the job post, writing questions for the
              role and scoring the answers consistently, and leaves the decisions with people. Today it helps companies
              of every size screen applicants on real skills, and gives candidates a clear, fair way to show what they
              can do.
            </p>
          </div>
        </Container>
      </section>

      <FeatureSection
        id="values-title"
        className="pt-16 sm:pt-24"
        eyebrow="Our values"
        title="What we build on"
        description="Four principles behind every feature we ship and every decision we make."
        items={VALUES}
        columns={4}
        footer={
          <>
            Curious about the details? <TextLink to="/how-it-works">Read how Hirewise works</TextLink>
          </>
        }
      />

      <CtaBand
        id="about-cta"
        title="Hire for skills, starting today"
        primary={{ to: "/auth?mode=signup&role=employer", label: "Start your free trial" }}
        secondary={{ to: "/how-it-works", label: "See how it works" }}
      >
        <p>
          Post a job, let AI write the questions and review a ranked shortlist. Looking for work?{" "}
          <Link to="/auth?mode=signup&role=candidate" className="font-semibold text-white underline underline-offset-4">
            Join as a job seeker
          </Link>
          .
        </p>
      </CtaBand>
    </>
  );
}
