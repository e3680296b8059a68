// What a CV shows, taken from the profile: plain strings, ready to lay out. The PDF (in its child
// process) and the HTML preview both render this, so they say the same thing.
import type { Profile } from "./profiles.ts";
import type { LanguageLevel } from "./schemas.ts";

export const CV_TEMPLATES = ["classic", "compact"] as const;
export type CvTemplate = (typeof CV_TEMPLATES)[number];
export const isCvTemplate = (value: unknown): value is CvTemplate => CV_TEMPLATES.includes(value as CvTemplate);

/** The CV's own words in its language (the caller reads them from the catalogue). */
export interface CvWords {
  /** The document's language ("en", "de"). */
  lang: string;
  /** The Intl locale its months are written in. */
  locale: string;
  cv: string;
  summary: string;
  profile: string;
  experience: string;
  education: string;
  skills: string;
  languages: string;
  present: string;
  /** "{{name}} — page {{page}} of {{total}}". */
  page: string;
  levels: Record<LanguageLevel, string>;
  templates: Record<CvTemplate, string>;
}

export interface CvData {
  words: CvWords;
  name: string;
  email: string;
  headline: string;
  location: string;
  summary: string;
  skills: string[];
  experience: { title: string; company: string; period: string; bullets: string[] }[];
  education: { school: string; degree: string; period: string }[];
  links: { label: string; url: string }[];
  languages: { name: string; level: string }[];
}

/** "2021-03" as "Mar 2021" (in `locale`; "März 2021" in de-DE). */
export function monthLabel(value: string, locale = "en-US"): string {
  const [year, month] = value.split("-").map(Number);
  if (!year || !month || month > 12) return value;
  return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

const period = (start: string, end: string) => [start, end].filter(Boolean).join(" – ");

/** The CV's content for the person named `name` (their account's name, or their email). */
export function cvData(profile: Profile, person: { name: string; email: string }, words: CvWords): CvData {
  const month = (value: string) => monthLabel(value, words.locale);
  return {
    words,
    name: person.name,
    email: person.email,
    headline: profile.headline,
    location: profile.location,
    summary: profile.summary,
    skills: profile.skills,
    experience: profile.experience.map((e) => ({
      title: e.title,
      company: e.company,
      period: period(month(e.start), e.current ? words.present : month(e.end)),
      bullets: e.bullets,
    })),
    education: profile.education.map((e) => ({ school: e.school, degree: e.degree, period: period(e.start, e.end) })),
    links: profile.links.map((l) => ({ label: l.label, url: l.url })),
    languages: profile.languages.map((l) => ({ name: l.name, level: words.levels[l.level] ?? l.level })),
  };
}

/** A link as printed: its label and address, or the address without the scheme. */
export const linkText = (link: { label: string; url: string }) => {
  const bare = link.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return link.label ? `${link.label}: ${bare}` : bare;
};

/** The CV file's name, in the characters a stored file name keeps: "Łukasz Żółć - CV - Classic.pdf". */
export const cvFileName = (cv: CvData, template: CvTemplate) =>
  `${cv.name.trim() ? `${cv.name.trim()} - ` : ""}${cv.words.cv} - ${cv.words.templates[template]}.pdf`;
