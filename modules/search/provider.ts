// The external job-search provider behind one interface: the built-in sample listings (default,
// offline) or JSearch over HTTP, chosen by configuration. Callers get plain data, never raw replies.

export const EMPLOYMENT_TYPES = ["FULLTIME", "PARTTIME", "CONTRACT", "FREELANCE", "INTERN"] as const;
export type ListingEmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const DATE_POSTED = ["all", "today", "3days", "week", "month"] as const;
export type DatePosted = (typeof DATE_POSTED)[number];

/** A provider's job, mapped to display fields. */
export interface ProviderListing {
  id: string;
  title: string;
  /** Empty when the provider does not name the employer. */
  company: string;
  /** City, state and country joined by ", " (blanks skipped); "Remote" when only remote is known. */
  location: string;
  city: string | null;
  state: string | null;
  country: string | null;
  isRemote: boolean;
  description: string;
  employmentType: ListingEmploymentType | null;
  /** '{currency}{min} - {currency}{max}', or 'Salary not specified'. */
  salary: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  /** Required skills, or the qualifications when the provider lists no skills. */
  requirements: string[];
  benefits: string[];
  /** http(s) only. */
  applyLink: string | null;
  /** ISO 8601, or null when the provider gives no usable date. */
  postedDate: string | null;
  /** "Nov 21, 2026", or 'Recently posted'. */
  postedLabel: string;
  /** http(s) only. */
  logo: string | null;
}

export interface SalaryEstimate {
  jobTitle: string;
  location: string;
  minSalary: number | null;
  maxSalary: number | null;
  medianSalary: number | null;
  currency: string | null;
  /** YEAR, MONTH, HOUR… as the provider says. */
  period: string | null;
  /** Same format as a listing's salary text. */
  salary: string;
  /** Where the figure comes from (the provider's publisher, or "Sample listings"). */
  source: string | null;
}

export interface SearchParams {
  query: string;
  location?: string;
  /** 1-based. */
  page?: number;
  /** Pages of about 10 listings each, from `page` on. */
  numPages?: number;
  datePosted?: DatePosted;
}

export interface JobProvider {
  /** Display name, e.g. "JSearch" or "Sample listings". */
  name: string;
  search(params: SearchParams): Promise<ProviderListing[]>;
  details(jobId: string): Promise<ProviderListing | null>;
  estimatedSalary(params: { jobTitle: string; location?: string }): Promise<SalaryEstimate | null>;
}

// "quota": the site's provider calls for the minute are used up (lib/quotas.ts); nothing was sent.
export type ProviderErrorCode = "http" | "timeout" | "network" | "malformed" | "unavailable" | "config" | "quota";

/** A failed provider call. `message` is safe to log and to show (it never holds the key). */
export class ProviderError extends Error {
  code: ProviderErrorCode;
  status: number | null;
  requestId: string | null;
  constructor(
    message: string,
    code: ProviderErrorCode,
    extra: { status?: number; requestId?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "ProviderError";
    this.code = code;
    this.status = extra.status ?? null;
    this.requestId = extra.requestId ?? null;
  }
}

/** The search parameters with defaults and bounds applied (shared by every provider). */
export function normaliseSearch(params: SearchParams): Required<SearchParams> {
  const clean = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  const int = (n: number | undefined, max: number) => (Number.isInteger(n) ? Math.min(Math.max(n!, 1), max) : 1);
  return {
    query: clean(params.query),
    location: clean(params.location),
    page: int(params.page, 100),
    // Each page spends quota on the paid provider; the screen asks for 2.
    numPages: int(params.numPages, 10),
    datePosted: (DATE_POSTED as readonly string[]).includes(params.datePosted ?? "") ? params.datePosted! : "all",
  };
}
