// The career pages' migration on companies that exist already: every one gets its name's slug, the
// older company keeps the plain one and the later ones a suffix, names without letters or with a
// reserved word get a valid slug, and the slugs are unique.
import { expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { Migration20261202180000_company_career_pages as CareerPages } from "../../db/migrations/Migration20261202180000_company_career_pages.ts";

useTestRuntime();

it("backfills a unique slug for each existing company, oldest first", async () => {
  const driver = em().getDriver();
  const migration = new CareerPages(driver, em().config);
  await migration.down();
  await em().execute(`delete from companies`);
  const names = ["Acme Corp", "ACME corp!", "acme-corp", "Jobs", "東京", "B".repeat(80), "B".repeat(80)];
  const ids = names.map(() => randomUUID());
  for (const [i, name] of names.entries())
    await em().execute(`insert into companies (id, name, created_at) values (?, ?, ?)`, [
      ids[i],
      name,
      new Date(Date.UTC(2026, 0, 1 + i)),
    ]);
  await migration.up();
  const rows = await em().execute<{ id: string; slug: string }[]>(`select id, slug from companies`);
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  expect(ids.map((id) => slugOf.get(id))).toEqual([
    "acme-corp",
    "acme-corp-2",
    "acme-corp-3",
    "jobs-company",
    "our-company",
    "b".repeat(60),
    `${"b".repeat(58)}-2`,
  ]);
  // The table of old slugs is there, and a duplicate slug is refused by the database.
  expect(await em().execute(`select count(*)::int as n from company_slugs`)).toEqual([{ n: 0 }]);
  await expect(
    em().execute(`insert into companies (id, name, slug, created_at) values (?, 'X', 'acme-corp', now())`, [
      randomUUID(),
    ]),
  ).rejects.toThrow(/companies_slug_unique/);
});
