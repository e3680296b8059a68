// What a CV shows, taken from the profile: plain strings, ready to lay out. The PDF (in its child
// process) and the HTML preview both render this, so they say the same thing.
import type { Profile } from "./profiles.ts";
import { LANGUAGE_LEVELS } from "./schemas.ts";

export const CV_TEMPLATES = ["classic", "compact"] as const;
export type CvTemplate = (typeof CV_TEMPLATES)[number];
export const CV_TEMPLATE_LABELS: Record<CvTemplate, string> = { classic: "Classic", compact: "Compact" };
export const isCvTemplate = (value: unknown): value is CvTemplate => CV_TEMPLATES.includes(value as CvTemplate);

export interface CvData {
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2021-03" as "Mar 2021". */
export function monthLabel(value: string): string {
  const [year, month] = value.split("-");
  return year && month ? `${MONTHS[Number(month) - 1] ?? month} ${year}` : value;
}

const period = (start: string, end: string) => [start, end].filter(Boolean).join(" – ");

/** The CV's content for the person named `name` (their account's name, or their email). */
export function cvData(profile: Profile, person: { name: string; email: string }): CvData {
  const levels = new Map<string, string>(LANGUAGE_LEVELS);
  return {
    name: person.name,
    email: person.email,
    headline: profile.headline,
    location: profile.location,
    summary: profile.summary,
    skills: profile.skills,
    experience: profile.experience.map((e) => ({
      title: e.title,
      company: e.company,
      period: period(monthLabel(e.start), e.current ? "Present" : monthLabel(e.end)),
      bullets: e.bullets,
    })),
    education: profile.education.map((e) => ({ school: e.school, degree: e.degree, period: period(e.start, e.end) })),
    links: profile.links.map((l) => ({ label: l.label, url: l.url })),
    languages: profile.languages.map((l) => ({ name: l.name, level: levels.get(l.level) ?? l.level })),
  };
}

/** A link as printed: its label and address, or the address without the scheme. */
export const linkText = (link: { label: string; url: string }) => {
  const bare = link.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return link.label ? `${link.label}: ${bare}` : bare;
};

/** The CV file's name, in the characters a stored file name keeps: "Łukasz Żółć - CV - Classic.pdf". */
export const cvFileName = (name: string, template: CvTemplate) =>
  `${name.trim() ? `${name.trim()} - ` : ""}CV - ${CV_TEMPLATE_LABELS[template]}.pdf`;
