// A job's body as every page shows it: the description and requirements (the Markdown subset,
// rendered escaped), the skills and the benefits. The public job page, the search's detail panel,
// the employer's Details tab and the wizard's review all use this one. Plain props only.
import { useTranslation } from "react-i18next";
import { RichText } from "#app/components/rich-text.tsx";

export interface JobBodyProps {
  description: string;
  requirements?: string | null;
  skills?: readonly string[];
  benefits?: readonly string[];
  /** h2 on a page of its own, h3 inside a panel. */
  level?: 2 | 3;
  descriptionTitle?: string;
  skillsTitle?: string;
}

export function JobBody({
  description,
  requirements,
  skills = [],
  benefits = [],
  level = 2,
  descriptionTitle,
  skillsTitle,
}: JobBodyProps) {
  const { t } = useTranslation("jobs");
  descriptionTitle ??= t("posting.jobDescription");
  skillsTitle ??= t("posting.requiredSkills");
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      <Heading className="text-lg font-semibold">{descriptionTitle}</Heading>
      <RichText text={description} />
      {requirements ? (
        <>
          <Heading className="mt-6 text-lg font-semibold">{t("posting.requirements")}</Heading>
          <RichText text={requirements} />
        </>
      ) : null}
      {skills.length ? (
        <>
          <Heading className="mt-6 text-lg font-semibold">{skillsTitle}</Heading>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={skillsTitle}>
            {skills.map((skill) => (
              <li key={skill} className="rounded-full bg-brand-tint px-3 py-1 text-sm text-brand-strong">
                {skill}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {benefits.length ? (
        <>
          <Heading className="mt-6 text-lg font-semibold">{t("posting.benefits")}</Heading>
          <ul className="mt-2 list-disc pl-6 text-soft">
            {benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
