// A company's public face: its career page (/companies/{slug}) with its open jobs, the same jobs for
// other sites (JSON, the embed), the companies the sitemap lists, and the page's settings, which
// owners change on the team page. Every change here is a board change, so cached copies go.
import { z } from "zod";
import { now } from "../../lib/clock.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { findAccount } from "../identity/index.server.ts";
import { boardChanged } from "./board-events.ts";
import { lockSlugs, lookUpSlug, slugProblem } from "./company-slugs.ts";
import { Company } from "./entities.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { listedJob, type ListedJob, type ListedJobRow } from "./job-summary.ts";
import { may, type Member } from "./team.ts";

/** A career page lists at most this many open jobs (the newest); so do its JSON and embed. */
export const CAREER_PAGE_JOBS = 200;
export const ABOUT_MAX = 1_000;
export const WEBSITE_MAX = 300;

export interface CareerPage {
  slug: string;
  name: string;
  about: string | null;
  website: string | null;
  logo: string | null;
  jobs: ListedJob[];
}

/** What an address leads to: the page, the address it moved to (301), or nothing (404). */
export type CareerPageAnswer = { page: CareerPage } | { movedTo: string } | null;

export async function careerPage(slug: string): Promise<CareerPageAnswer> {
  const found = await lookUpSlug(slug);
  if (!found) return null;
  if (!found.current) return { movedTo: found.slug };
  const company = await em().findOne(Company, { id: found.companyId });
  if (!company) return null;
  const jobs = await em().execute<ListedJobRow[]>(
    `select id, title, company_name, company_logo, location, location_type, employment_type, category,
            salary_min, salary_max, salary_currency, left(description, 300) as description_preview, published_at
       from jobs where company_id = ? and status = 'active'
      order by published_at desc nulls last, id limit ?`,
    [company.id, CAREER_PAGE_JOBS],
  );
  return {
    page: {
      slug: company.slug,
      name: company.name,
      about: company.about ?? null,
      website: company.website ?? null,
      logo: await companyLogo(company, jobs),
      jobs: jobs.map(listedJob),
    },
  };
}

/** Logos belong to employer accounts and go onto their jobs (logo.ts): the plan holder's, else an open job's. */
async function companyLogo(company: Company, jobs: ListedJobRow[]): Promise<string | null> {
  const holder = company.billingUserId ? await findAccount(company.billingUserId) : null;
  return holder?.companyLogo ?? jobs.find((j) => j.company_logo)?.company_logo ?? null;
}

/** Companies with at least one open job, for the sitemap: their slug and their newest job's date. */
export async function companiesHiring(limit: number): Promise<{ slug: string; lastmod: string }[]> {
  const rows = await em().execute<{ slug: string; lastmod: Date }[]>(
    `select c.slug, max(coalesce(j.published_at, j.created_at)) as lastmod
       from companies c join jobs j on j.company_id = c.id and j.status = 'active'
      group by c.id, c.slug order by c.slug limit ?`,
    [limit],
  );
  return rows.map((r) => ({ slug: r.slug, lastmod: new Date(r.lastmod).toISOString() }));
}

/** The career page's settings, as the team page shows them to owners. */
export async function careerSettings(member: Member): Promise<{ slug: string; about: string; website: string }> {
  const company = await em().findOneOrFail(Company, { id: member.companyId });
  return { slug: company.slug, about: company.about ?? "", website: company.website ?? "" };
}

const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX, `Please keep the address under ${WEBSITE_MAX} characters.`)
  .refine((value) => value === "" || isWebAddress(value), "Please enter a full address, starting with https://.");

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const SettingsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .superRefine((slug, ctx) => {
      const problem = slugProblem(slug);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  about: z
    .string()
    .trim()
    .max(ABOUT_MAX, `Please keep the text under ${ABOUT_MAX} characters.`)
    .transform((s) => s.replace(/\r\n?/g, "\n")),
  website: websiteSchema,
});

export const SLUG_TAKEN = "That address is taken. Please choose another.";

/**
 * Sets the career page's address, about text and website (owners only; anyone else: not found).
 * A new address keeps the old one redirecting; an address another company has or had is refused
 * beside the field. Throws "invalid" with field messages.
 */
export async function updateCareerPage(
  member: Member,
  input: { slug: unknown; about: unknown; website: unknown },
): Promise<{ slug: string }> {
  if (!may(member, "manage-team")) throw jobNotFound();
  const parsed = SettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= [issue.message];
    throw new HiringError("invalid", "Please check the career page's settings.", { fieldErrors });
  }
  const { slug, about, website } = parsed.data;
  return transaction(async (tx) => {
    await lockSlugs(tx);
    const company = await lockForUpdate(Company, { id: member.companyId });
    if (!company) throw jobNotFound();
    if (slug !== company.slug) {
      const owner = await tx.execute<{ company_id: string }[]>(
        `select id as company_id from companies where slug = ? union all select company_id from company_slugs where slug = ?`,
        [slug, slug],
      );
      if (owner.some((r) => r.company_id !== company.id))
        throw new HiringError("invalid", "Please check the career page's settings.", {
          fieldErrors: { slug: [SLUG_TAKEN] },
        });
      // The address it leaves keeps leading here; one it had before is its own again.
      await tx.execute(`delete from company_slugs where slug = ?`, [slug]);
      await tx.execute(
        `insert into company_slugs (slug, company_id, retired_at) values (?, ?, ?) on conflict (slug) do nothing`,
        [company.slug, company.id, now()],
      );
      company.slug = slug;
    }
    company.about = about || null;
    company.website = website || null;
    await tx.flush();
    await boardChanged();
    return { slug };
  });
}

/** The career page's slug of the company that posted `jobId` (null for an imported listing). */
export async function careerSlugOfJob(jobId: string): Promise<string | null> {
  const rows = await em().execute<{ slug: string }[]>(
    `select c.slug from jobs j join companies c on c.id = j.company_id where j.id = ?`,
    [jobId],
  );
  return rows[0]?.slug ?? null;
}
