// /candidate/profile: the candidate's profile, edited one part at a time (each form a POST with an
// intent, so it all works without JavaScript), with a short checklist of what is missing and the
// way to the CV maker.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { LANGUAGE_LEVELS, SECTIONS, monthLabel, PROFILE_LIMITS } from "#modules/profiles/index.server.ts";
import { profileAction, profileLoader } from "./profile.server.ts";
import { ErrorBox, IntentButton } from "#app/components/forms.tsx";
import { AddEntryForm, EntryForm, SectionCard, useProfileForm } from "./profile-forms.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

export const meta: MetaFunction = () => [{ title: "My Profile · Hirewise" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await profileLoader(request);
  return {
    ...page,
    levels: LANGUAGE_LEVELS,
    max: {
      experience: SECTIONS.experience.max,
      education: SECTIONS.education.max,
      links: SECTIONS.links.max,
      languages: SECTIONS.languages.max,
    },
    skillsMax: PROFILE_LIMITS.skills,
    // Each entry's line, which also names its buttons ("Move Engineer at Acme, Mar 2021 – Present up").
    labels: {
      experience: page.profile.experience.map(
        (e) => `${e.title} at ${e.company}, ${monthLabel(e.start)} – ${e.current ? "Present" : monthLabel(e.end)}`,
      ),
      education: page.profile.education.map((e) => [e.degree, e.school].filter(Boolean).join(", ")),
      links: page.profile.links.map((l) => l.label || l.url),
      languages: page.profile.languages.map((l) => l.name),
    },
  };
}

export const action = ({ request }: ActionFunctionArgs) => profileAction(request);

function Checklist({ items }: { items: { label: string; done: boolean }[] }) {
  const left = items.filter((i) => !i.done).length;
  return (
    <aside
      aria-labelledby="checklist-title"
      className="rounded-2xl border border-subtle bg-surface p-4 shadow-sm sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="checklist-title" className="text-lg font-semibold">
        Your profile
      </h2>
      <p className="mt-1 text-sm text-muted">
        {left === 0 ? "Everything a CV needs is here." : `${left} of ${items.length} still to add.`}
      </p>
      <ul className="mt-3 grid gap-2 text-sm">
        {items.map((item) => (
          <li key={item.label} className="flex items-start gap-2">
            <span
              aria-hidden
              className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-xs font-bold ${
                item.done ? "bg-green-600 text-white" : "border border-field text-transparent"
              }`}
            >
              ✓
            </span>
            <span className={item.done ? "text-soft" : "text-fg"}>
              {item.label}
              <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
            </span>
          </li>
        ))}
      </ul>
      <ButtonLink to="/candidate/profile/cv" size="lg" className="mt-5 w-full">
        Make a CV
      </ButtonLink>
    </aside>
  );
}

function AboutForm({ headline, location, summary }: { headline: string; location: string; summary: string }) {
  const form = useProfileForm("about", { headline, location, summary });
  return (
    <Form method="post" preventScrollReset key={form.key} aria-label="About you" className="grid gap-4">
      <ErrorBox errors={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        {form.text("headline", "Headline", { placeholder: "Senior Frontend Engineer" })}
        {form.text("location", "Location", { placeholder: "Berlin, Germany" })}
      </div>
      {form.area("summary", "Summary", {
        rows: 5,
        hint: "A few sentences about you and the work you want. Up to 2,000 characters.",
      })}
      <div>
        <IntentButton intent="save-about" variant="primary" pendingLabel="Saving…">
          Save
        </IntentButton>
      </div>
    </Form>
  );
}

function SkillsForm({ skills, max }: { skills: string[]; max: number }) {
  const form = useProfileForm("skills", { skills: skills.join(", ") });
  return (
    <Form method="post" preventScrollReset key={form.key} aria-label="Skills" className="grid gap-4">
      {form.area("skills", "Skills", {
        rows: 3,
        placeholder: "TypeScript, React, PostgreSQL",
        hint: `Separated by commas or lines, up to ${max}.`,
      })}
      <div>
        <IntentButton intent="save-skills" variant="primary" pendingLabel="Saving…">
          Save skills
        </IntentButton>
      </div>
    </Form>
  );
}

export default function ProfilePage() {
  const { profile, checklist, saved, levels, max, skillsMax, labels } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">My Profile</h1>
        <p className="mt-2 text-muted">What you write here makes your CV. Each part saves on its own.</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="order-2 grid min-w-0 gap-6 lg:order-1">
          <SectionCard id="about" title="About you" saved={saved === "about"}>
            <AboutForm headline={profile.headline} location={profile.location} summary={profile.summary} />
          </SectionCard>
          <SectionCard id="skills" title="Skills" saved={saved === "skills"}>
            <SkillsForm skills={profile.skills} max={skillsMax} />
          </SectionCard>
          <SectionCard
            id="experience"
            title="Work experience"
            description="Most recent first: the CV lists them in this order."
            saved={saved === "experience"}
          >
            {profile.experience.map((e, i) => (
              <EntryForm
                key={e.id}
                section="experience"
                entry={e}
                index={i}
                count={profile.experience.length}
                label={labels.experience[i]!}
                levels={levels}
              />
            ))}
            <AddEntryForm section="experience" count={profile.experience.length} max={max.experience} levels={levels} />
          </SectionCard>
          <SectionCard id="education" title="Education" saved={saved === "education"}>
            {profile.education.map((e, i) => (
              <EntryForm
                key={e.id}
                section="education"
                entry={e}
                index={i}
                count={profile.education.length}
                label={labels.education[i]!}
                levels={levels}
              />
            ))}
            <AddEntryForm section="education" count={profile.education.length} max={max.education} levels={levels} />
          </SectionCard>
          <SectionCard
            id="links"
            title="Links"
            description="Your portfolio, GitHub, LinkedIn or website."
            saved={saved === "links"}
          >
            {profile.links.map((l, i) => (
              <EntryForm
                key={l.id}
                section="links"
                entry={l}
                index={i}
                count={profile.links.length}
                label={labels.links[i]!}
                levels={levels}
              />
            ))}
            <AddEntryForm section="links" count={profile.links.length} max={max.links} levels={levels} />
          </SectionCard>
          <SectionCard id="languages" title="Languages" saved={saved === "languages"}>
            {profile.languages.map((l, i) => (
              <EntryForm
                key={l.id}
                section="languages"
                entry={l}
                index={i}
                count={profile.languages.length}
                label={labels.languages[i]!}
                levels={levels}
              />
            ))}
            <AddEntryForm section="languages" count={profile.languages.length} max={max.languages} levels={levels} />
          </SectionCard>
        </div>
        <div className="order-1 lg:order-2">
          <Checklist items={checklist} />
        </div>
      </div>
    </section>
  );
}
