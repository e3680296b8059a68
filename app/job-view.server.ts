// An active job as the pages show it (labels, salary text, dates), and as search engines read it
// (schema.org JobPosting). Server-only: the browser gets the plain data these return.
import {
  EMPLOYMENT_TYPE_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  companyDisplayName,
  formatSalary,
  labelOf,
  LOCATION_TYPE_LABELS,
  type ActiveJob,
} from "#modules/hiring/index.server.ts";
import { formatDate, formatMoney } from "#lib/dates.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "#locales/index.ts";

/**
 * A job's labels, dates and pay in `language` (decision 090): the vocabulary's words from the
 * catalogue, dates and money through Intl. English keeps the vocabulary's own words and formats.
 */
export function jobWords(language: Language = DEFAULT_LANGUAGE) {
  const t = translator(language, "jobs");
  const locale = INTL_LOCALES[language];
  const english = language === DEFAULT_LANGUAGE;
  return {
    language,
    t,
    date: (value: Date | string | number) => formatDate(value, locale),
    employmentType: (code: string | null) =>
      code ? t(`vocab.employmentType.${code}`, labelOf(EMPLOYMENT_TYPE_LABELS, code)) : "",
    locationType: (code: string | null) =>
      code ? t(`vocab.locationType.${code}`, labelOf(LOCATION_TYPE_LABELS, code)) : "",
    experienceLevel: (code: string | null) =>
      code ? t(`vocab.experienceLevel.${code}`, labelOf(EXPERIENCE_LEVEL_LABELS, code)) : "",
    salary(min: number | null, max: number | null, currency: string): string | null {
      if (english) return formatSalary(min, max, currency);
      const money = (n: number) => formatMoney(n, currency, locale);
      if (min !== null && max !== null)
        return min === max ? money(min) : t("salaryRange", { min: money(min), max: money(max) });
      if (min !== null) return t("salaryFrom", { amount: money(min) });
      if (max !== null) return t("salaryUpTo", { amount: money(max) });
      return null;
    },
  };
}
export type JobWords = ReturnType<typeof jobWords>;

export interface JobView {
  id: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  posted: string;
  description: string;
  requirements: string;
  benefits: string[];
  skills: string[];
  employmentType: string;
  locationType: string;
  experienceLevel: string | null;
  salary: string | null;
  category: string | null;
  questionCount: number;
  /** A listing imported from a job-search provider: no employer here, applications on the company's site. */
  imported: { provider: string; applyLink: string | null } | null;
}

// How pages name the provider a job was imported from (jobs keep the provider's id as `source`).
const PROVIDER_NAMES: Record<string, string> = { sample: "Sample listings", jsearch: "JSearch" };

export const providerName = (source: string) =>
  PROVIDER_NAMES[source] ?? source.charAt(0).toUpperCase() + source.slice(1);

export function jobView(job: ActiveJob, words: JobWords = jobWords()): JobView {
  return {
    id: job.id,
    title: job.title,
    companyName: companyDisplayName(job.companyName),
    companyLogo: job.companyLogo,
    location: job.location,
    posted: words.date(job.publishedAt ?? job.createdAt),
    description: job.description,
    requirements: job.requirements,
    benefits: job.benefits,
    skills: job.skills,
    employmentType: words.employmentType(job.employmentType ?? "FULLTIME") || "Full-time",
    locationType: words.locationType(job.locationType),
    experienceLevel: job.experienceLevel ? words.experienceLevel(job.experienceLevel) : null,
    salary: words.salary(job.salaryMin, job.salaryMax, job.salaryCurrency),
    category: job.category,
    questionCount: job.questionCount,
    imported: job.source === "board" ? null : { provider: providerName(job.source), applyLink: job.applyLink },
  };
}

// schema.org employment types for ours.
const SCHEMA_EMPLOYMENT: Record<string, string> = {
  FULLTIME: "FULL_TIME",
  PARTTIME: "PART_TIME",
  CONTRACT: "CONTRACTOR",
  FREELANCE: "CONTRACTOR",
};

/** How long an imported listing (no closing date of its own) is valid for search engines. */
const VALID_DAYS = 60;

/** JobPosting structured data for an active job (Google's required and recommended fields). */
export function jobPostingJsonLd(job: ActiveJob, origin: string): Record<string, unknown> {
  const posted = new Date(job.publishedAt ?? job.createdAt);
  const parts = job.location
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const remote = job.locationType === "remote";
  const data: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: htmlParagraphs(
      [job.description, job.requirements && `Requirements: ${job.requirements}`].filter(Boolean).join("\n\n"),
    ),
    identifier: { "@type": "PropertyValue", name: job.companyName, value: job.id },
    datePosted: posted.toISOString(),
    validThrough: job.closesAt ?? new Date(posted.getTime() + VALID_DAYS * 86_400_000).toISOString(),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType ?? "FULLTIME"] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: job.companyName,
      ...(job.companyLogo ? { logo: new URL(job.companyLogo, origin).toString() } : {}),
    },
    directApply: true,
    url: new URL(`/jobs/${job.id}`, origin).toString(),
  };
  if (remote) {
    data.jobLocationType = "TELECOMMUTE";
    if (parts.length) data.applicantLocationRequirements = { "@type": "Country", name: parts.at(-1) };
  } else {
    data.jobLocation = {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: parts[0] ?? job.location,
        ...(parts.length > 2 ? { addressRegion: parts[1] } : {}),
        addressCountry: parts.at(-1) ?? job.location,
      },
    };
  }
  if (job.salaryMin !== null || job.salaryMax !== null) {
    data.baseSalary = {
      "@type": "MonetaryAmount",
      currency: job.salaryCurrency,
      value: {
        "@type": "QuantitativeValue",
        ...(job.salaryMin !== null ? { minValue: job.salaryMin } : {}),
        ...(job.salaryMax !== null ? { maxValue: job.salaryMax } : {}),
        unitText: "YEAR",
      },
    };
  }
  return data;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function htmlParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** JSON for a <script type="application/ld+json">, safe inside HTML (no "</script>" breakout). */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
