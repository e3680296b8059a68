// A company's career-page address, /companies/{slug}: made from the name when the company is made,
// changed by owners. Slugs are unique across current and retired ones (company_slugs), so an old
// address always leads to the company that had it (301); assigning one takes a transaction-wide
// advisory lock, so two companies named alike at once get different slugs.
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";

export const SLUG_MIN = 3;
export const SLUG_MAX = 60;

/** Words a company can't have as its address: paths of ours, or names that would mislead. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "about",
  "account",
  "admin",
  "api",
  "apply",
  "assets",
  "auth",
  "billing",
  "candidate",
  "companies",
  "company",
  "dashboard",
  "edit",
  "embed",
  "employer",
  "feeds",
  "files",
  "help",
  "hirewise",
  "jobs",
  "login",
  "new",
  "pricing",
  "search",
  "settings",
  "signin",
  "signup",
  "sitemap",
  "static",
  "support",
  "team",
  "www",
]);

const SHAPE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why `slug` can't be a company's address (null: it can), its uniqueness aside. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return `Please use ${SLUG_MIN} to ${SLUG_MAX} characters.`;
  if (!SHAPE.test(slug))
    return "Please use only lowercase letters, digits and hyphens, starting and ending with a letter or digit.";
  if (slug.includes("--")) return "Please don't put two hyphens together.";
  if (RESERVED_SLUGS.has(slug)) return "That address is reserved. Please choose another.";
  return null;
}

/** The address a name suggests: letters without accents, digits, hyphens between words; always valid in shape. */
export function slugFromName(name: string): string {
  let slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  if (slug.length < SLUG_MIN) slug = slug ? `${slug}-company` : "our-company";
  if (RESERVED_SLUGS.has(slug)) slug = `${slug}-company`;
  return slug;
}

/** Slugs in use, current or retired, equal to `base` or `base-{n}`. */
async function slugsLike(tx: EntityManager, base: string): Promise<Set<string>> {
  const rows = await tx.execute<{ slug: string }[]>(
    `select slug from companies where slug = ? or slug like ? union select slug from company_slugs where slug = ? or slug like ?`,
    [base, `${base}-%`, base, `${base}-%`],
  );
  return new Set(rows.map((r) => r.slug));
}

/** Serialises slug assignments until the open transaction ends. */
export async function lockSlugs(tx: EntityManager): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext('hirewise.company_slugs'))`);
}

/** The first free of `base`, `base-2`, `base-3`… (cut so it stays within SLUG_MAX). Call inside a transaction. */
export async function freeSlug(tx: EntityManager, base: string): Promise<string> {
  await lockSlugs(tx);
  const taken = await slugsLike(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    // A cut base is another base: check it on its own.
    if (!taken.has(candidate) && (candidate.startsWith(`${base}-`) || !(await slugsLike(tx, candidate)).has(candidate)))
      return candidate;
  }
}

export type SlugLookup = { companyId: string; slug: string; current: boolean } | null;

/**
 * The company an address names: `current` when `slug` is its address as it is now; otherwise
 * `slug` is the address to send the visitor to (a retired slug, or the same in other letter case).
 */
export async function lookUpSlug(slug: string): Promise<SlugLookup> {
  const wanted = slug.toLowerCase();
  if (wanted.length > SLUG_MAX || !SHAPE.test(wanted)) return null;
  const rows = await em().execute<{ id: string; slug: string }[]>(
    `select id, slug from companies where slug = ?
     union all
     select c.id, c.slug from company_slugs s join companies c on c.id = s.company_id where s.slug = ?
     limit 1`,
    [wanted, wanted],
  );
  const row = rows[0];
  if (!row) return null;
  return { companyId: row.id, slug: row.slug, current: row.slug === slug };
}
