// The CV as HTML, laid out like its PDF (modules/profiles/cv-document.ts) in either template: a
// sheet of paper, white in both themes, as the PDF will print.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CvData, CvTemplate } from "#modules/profiles/index.server.ts";

const bare = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");
const linkText = (link: { label: string; url: string }) =>
  link.label ? `${link.label}: ${bare(link.url)}` : bare(link.url);

function Section({ title, compact, children }: { title: string; compact: boolean; children: ReactNode }) {
  return (
    <section className={compact ? "mt-4" : "mt-6"}>
      <h3
        className={
          compact
            ? "text-[0.7rem] font-bold uppercase tracking-widest text-teal-700"
            : "border-b border-slate-300 pb-1 text-base font-bold text-slate-900"
        }
      >
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function CvPreview({ cv, template }: { cv: CvData; template: CvTemplate }) {
  const { t } = useTranslation("cv");
  const compact = template === "compact";
  const contact = [cv.email, cv.location].filter(Boolean);
  const summary = cv.summary ? (
    <Section title={compact ? cv.words.profile : cv.words.summary} compact={compact}>
      {cv.summary.split(/\n{2,}/).map((p, i) => (
        <p key={i} className="mb-1 whitespace-pre-line">
          {p}
        </p>
      ))}
    </Section>
  ) : null;
  const skills = cv.skills.length ? (
    <Section title={cv.words.skills} compact={compact}>
      <p>{cv.skills.join(" · ")}</p>
    </Section>
  ) : null;
  const experience = cv.experience.length ? (
    <Section title={cv.words.experience} compact={compact}>
      <div className="grid gap-3">
        {cv.experience.map((job, i) => (
          <div key={i}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <p className="font-bold text-slate-900">{compact ? `${job.title} · ${job.company}` : job.title}</p>
              <p className="text-slate-500">{job.period}</p>
            </div>
            {compact ? null : <p className="text-slate-600">{job.company}</p>}
            {job.bullets.length ? (
              <ul className="mt-1 list-disc pl-5">
                {job.bullets.map((b, j) => (
                  <li key={j} className="break-words">
                    {b}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </div>
    </Section>
  ) : null;
  const education = cv.education.length ? (
    <Section title={cv.words.education} compact={compact}>
      <div className="grid gap-1">
        {cv.education.map((e, i) => (
          <div key={i} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <p className="font-bold text-slate-900">{[e.degree, e.school].filter(Boolean).join(", ")}</p>
            <p className="text-slate-500">{e.period}</p>
          </div>
        ))}
      </div>
    </Section>
  ) : null;
  const languages = cv.languages.length ? (
    <Section title={cv.words.languages} compact={compact}>
      <p>{cv.languages.map((l) => `${l.name} (${l.level})`).join(" · ")}</p>
    </Section>
  ) : null;

  return (
    <article
      aria-label={t("previewLabel", { template: t(`templates.${template}`).toLowerCase() })}
      className={`mx-auto w-full max-w-3xl break-words rounded-lg bg-white text-slate-800 shadow-md ring-1 ring-line ${
        compact ? "p-5 text-[0.8rem] leading-snug sm:p-8" : "p-6 text-sm leading-relaxed sm:p-10"
      }`}
    >
      <header
        className={
          compact ? "grid gap-2 border-b-2 border-teal-700 pb-2 sm:grid-cols-[1fr_auto] sm:items-end sm:gap-6" : ""
        }
      >
        <div className="min-w-0">
          {cv.name ? (
            <h2 className={`font-bold ${compact ? "text-xl text-teal-700" : "text-2xl text-slate-900"}`}>{cv.name}</h2>
          ) : null}
          {cv.headline ? <p className={`text-slate-600 ${compact ? "" : "text-base"}`}>{cv.headline}</p> : null}
        </div>
        <ul
          className={
            compact
              ? "min-w-0 text-xs text-slate-700 sm:text-right"
              : "mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
          }
        >
          {contact.map((c) => (
            <li key={c}>{c}</li>
          ))}
          {cv.links.map((l) => (
            <li key={l.url} className="text-blue-700">
              {linkText(l)}
            </li>
          ))}
        </ul>
      </header>
      {compact ? (
        <>
          {summary}
          {skills}
          {experience}
          {education}
          {languages}
        </>
      ) : (
        <>
          {summary}
          {experience}
          {education}
          {skills}
          {languages}
        </>
      )}
      {!cv.headline &&
      !cv.summary &&
      !cv.skills.length &&
      !cv.experience.length &&
      !cv.education.length &&
      !cv.languages.length ? (
        <p className="mt-6 text-slate-500">{t("empty")}</p>
      ) : null}
    </article>
  );
}
