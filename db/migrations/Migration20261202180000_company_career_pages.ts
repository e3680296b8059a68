import { Migration } from "@mikro-orm/migrations";

// Career pages (modules/hiring/career-page.ts, decision 077): every company gets a slug, its page's
// address, made from its name as modules/hiring/company-slugs.ts makes them (frozen copy below),
// unique with -2, -3… in order of creation; an about text and a website; and company_slugs, the
// slugs a company had before, which redirect to its page.
const RESERVED = new Set(
  "about account admin api apply assets auth billing candidate companies company dashboard edit embed employer feeds files help hirewise jobs login new pricing search settings signin signup sitemap static support team www".split(
    " ",
  ),
);

function slugFromName(name: string): string {
  let slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  if (slug.length < 3) slug = slug ? `${slug}-company` : "our-company";
  if (RESERVED.has(slug)) slug = `${slug}-company`;
  return slug;
}

export class Migration20261202180000_company_career_pages extends Migration {
  override name = "Migration20261202180000_company_career_pages";

  override async up(): Promise<void> {
    await this.execute(
      `alter table "companies" add column "slug" varchar(60) null, add column "about" text null, add column "website" varchar(300) null;`,
    );
    const rows = (await this.execute(`select "id", "name" from "companies" order by "created_at", "id"`)) as {
      id: string;
      name: string;
    }[];
    const taken = new Set<string>();
    const slugs = rows.map((row) => {
      const base = slugFromName(row.name);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 60 - `-${n}`.length).replace(/-+$/, "")}-${n}`;
      taken.add(slug);
      return { id: row.id, slug };
    });
    for (let i = 0; i < slugs.length; i += 5000) {
      await this.execute(
        `update "companies" c set "slug" = s."slug" from json_to_recordset(?::json) as s("id" uuid, "slug" text) where c."id" = s."id"`,
        [JSON.stringify(slugs.slice(i, i + 5000))],
      );
    }
    await this.execute(`alter table "companies" alter column "slug" set not null;`);
    await this.execute(`alter table "companies" add constraint "companies_slug_unique" unique ("slug");`);
    await this.execute(
      `create table "company_slugs" ("slug" varchar(60) not null, "company_id" uuid not null, "retired_at" timestamptz not null, primary key ("slug"));`,
    );
    await this.execute(`create index "company_slugs_company_id_index" on "company_slugs" ("company_id");`);
    await this.execute(
      `alter table "company_slugs" add constraint "company_slugs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    await this.execute(
      `alter table "companies" add constraint "companies_about_check" check (char_length("about") <= 1000);`,
    );
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "company_slugs" cascade;`);
    await this.execute(`alter table "companies" drop column "slug", drop column "about", drop column "website";`);
  }
}
