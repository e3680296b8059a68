// Raw provider jobs (JSearch's shape; the sample listings use it too) to ProviderListing.
// The provider's fields drift between versions (stack notes §3a), so every field is optional and a
// field of the wrong type is dropped rather than failing the item; only an item with no id or
// title is skipped, and a bad item never fails the whole reply.
import { z } from "zod";
import { formatDate } from "../../lib/dates.ts";
import { logger, type Logger } from "../../lib/logger.ts";
import { EMPLOYMENT_TYPES, type ListingEmploymentType, type ProviderListing, type SalaryEstimate } from "./provider.ts";

const text = z.string().trim().nullish().catch(null);
const id = z
  .union([z.string().trim(), z.number().transform(String)])
  .nullish()
  .catch(null);
const num = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .refine((n) => Number.isFinite(n) && n >= 0)
  .nullish()
  .catch(null);
const texts = z
  .array(z.unknown())
  .transform((items) => items.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim()))
  .nullish()
  .catch(null);

const RawJob = z.object({
  job_id: id,
  job_title: text,
  employer_name: text,
  employer_logo: text,
  job_city: text,
  job_state: text,
  job_country: text,
  job_location: text,
  job_description: text,
  job_is_remote: z.boolean().nullish().catch(null),
  job_employment_type: z.unknown(),
  job_employment_types: z.unknown(),
  job_min_salary: num,
  job_max_salary: num,
  job_salary_currency: text,
  job_salary_period: text,
  job_required_skills: texts,
  job_benefits: texts,
  job_highlights: z.object({ Qualifications: texts, Benefits: texts }).nullish().catch(null),
  job_apply_link: text,
  apply_options: z
    .array(z.object({ apply_link: text }).catch({ apply_link: null }))
    .nullish()
    .catch(null),
  job_posted_at_datetime_utc: text,
  job_posted_at_timestamp: num,
});
export type RawJob = z.input<typeof RawJob>;

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", CAD: "CA$", AUD: "A$", INR: "₹", JPY: "¥" };
const amount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** '$100,000 - $150,000'; equal bounds give '$100,000'; one bound gives 'From …' or 'Up to …'; none gives 'Salary not specified'. */
export function formatSalary(min: number | null, max: number | null, currency: string | null): string {
  const code = currency?.toUpperCase() ?? "";
  const symbol = SYMBOLS[code] ?? (code ? `${code} ` : "");
  const money = (n: number) => `${symbol}${amount.format(n)}`;
  if (min !== null && max !== null && min !== max) return `${money(Math.min(min, max))} - ${money(Math.max(min, max))}`;
  if (min !== null && min === max) return money(min);
  if (min !== null) return `From ${money(min)}`;
  if (max !== null) return `Up to ${money(max)}`;
  return "Salary not specified";
}

/** "FULLTIME", "Full-time", "CONTRACTOR", ["PARTTIME", …] → one of EMPLOYMENT_TYPES, or null. */
export function normaliseEmploymentType(value: unknown): ListingEmploymentType | null {
  const tokens = (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === "string")
    .flatMap((v) => v.split(/,|;|\/|\band\b/i));
  for (const token of tokens) {
    const word = token.toUpperCase().replace(/[^A-Z]/g, "");
    const type = ALIASES[word] ?? (EMPLOYMENT_TYPES as readonly string[]).find((t) => t === word);
    if (type) return type as ListingEmploymentType;
  }
  return null;
}
const ALIASES: Record<string, ListingEmploymentType> = {
  CONTRACTOR: "CONTRACT",
  TEMPORARY: "CONTRACT",
  FREELANCER: "FREELANCE",
  INTERNSHIP: "INTERN",
};

/** The URL when it is http(s); anything else (javascript:, data:, relative) is dropped. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// JSearch's older benefits are codes ("health_insurance"); show them as words.
const benefitLabel = (b: string) => (/^[a-z_]+$/.test(b) ? (b[0]!.toUpperCase() + b.slice(1)).replace(/_/g, " ") : b);

function isoDate(utc: string | null | undefined, seconds: number | null | undefined): string | null {
  const date = utc ? new Date(utc) : seconds ? new Date(seconds * 1000) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** One raw job, or null (logged) when it is not an object or has no id or title. */
export function mapListing(raw: unknown, log: Logger = logger): ProviderListing | null {
  const parsed = RawJob.safeParse(raw);
  if (!parsed.success || !parsed.data.job_id || !parsed.data.job_title) {
    log.warn(
      {
        jobId: parsed.data?.job_id ?? null,
        issue: parsed.success ? "no id or title" : parsed.error.issues[0]?.message,
      },
      "search: skipped a provider listing",
    );
    return null;
  }
  const j = parsed.data;
  const [city, state, country] = [j.job_city || null, j.job_state || null, j.job_country || null];
  const isRemote = j.job_is_remote === true;
  const place = [city, state, country].filter(Boolean).join(", ");
  const salaryMin = j.job_min_salary ?? null;
  const salaryMax = j.job_max_salary ?? null;
  const salaryCurrency = j.job_salary_currency?.toUpperCase() || null;
  const postedDate = isoDate(j.job_posted_at_datetime_utc, j.job_posted_at_timestamp);
  return {
    id: j.job_id!,
    title: j.job_title!,
    company: j.employer_name ?? "",
    location: place || j.job_location || (isRemote ? "Remote" : ""),
    city,
    state,
    country,
    isRemote,
    description: j.job_description ?? "",
    employmentType: normaliseEmploymentType(j.job_employment_type) ?? normaliseEmploymentType(j.job_employment_types),
    salary: formatSalary(salaryMin, salaryMax, salaryCurrency),
    salaryMin,
    salaryMax,
    salaryCurrency,
    salaryPeriod: j.job_salary_period || null,
    requirements: j.job_required_skills?.length ? j.job_required_skills : (j.job_highlights?.Qualifications ?? []),
    benefits: (j.job_benefits?.length ? j.job_benefits : (j.job_highlights?.Benefits ?? [])).map(benefitLabel),
    applyLink: safeUrl(j.job_apply_link) ?? j.apply_options?.map((o) => safeUrl(o.apply_link)).find(Boolean) ?? null,
    postedDate,
    postedLabel: postedDate ? formatDate(postedDate) : "Recently posted",
    logo: safeUrl(j.employer_logo),
  };
}

/** Every mappable item of a reply's data array, in order. */
export function mapListings(items: readonly unknown[], log: Logger = logger): ProviderListing[] {
  return items.map((item) => mapListing(item, log)).filter((l): l is ProviderListing => l !== null);
}

const RawSalary = z.object({
  location: text,
  job_title: text,
  publisher_name: text,
  min_salary: num,
  max_salary: num,
  median_salary: num,
  // Newer replies split base pay from additional pay; the base is the comparable figure.
  min_base_salary: num,
  max_base_salary: num,
  median_base_salary: num,
  salary_period: text,
  salary_currency: text,
});

/** The first estimate in an /estimated-salary data array that has a figure, or null. */
export function mapSalaryEstimate(
  items: readonly unknown[],
  asked: { jobTitle: string; location?: string },
): SalaryEstimate | null {
  for (const item of items) {
    const parsed = RawSalary.safeParse(item);
    if (!parsed.success) continue;
    const s = parsed.data;
    const min = s.min_salary ?? s.min_base_salary ?? null;
    const max = s.max_salary ?? s.max_base_salary ?? null;
    const median = s.median_salary ?? s.median_base_salary ?? null;
    if (min === null && max === null && median === null) continue;
    const currency = s.salary_currency?.toUpperCase() || null;
    return {
      jobTitle: s.job_title || asked.jobTitle,
      location: s.location || asked.location || "",
      minSalary: min,
      maxSalary: max,
      medianSalary: median,
      currency,
      period: s.salary_period || null,
      salary: formatSalary(min ?? median, max ?? median, currency),
      source: s.publisher_name || null,
    };
  }
  return null;
}
