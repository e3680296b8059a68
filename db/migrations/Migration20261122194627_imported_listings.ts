import { Migration } from "@mikro-orm/migrations";

// Listings imported from a job-search provider become jobs with no employer: their source and the
// provider's id (unique per provider, so importing twice gives one job) and the provider's apply
// link. They come with what the provider knows, so the completeness rule for jobs past draft
// asks them only for a title and a company.
export class Migration20261122194627_imported_listings extends Migration {
  override name = "Migration20261122194627_imported_listings";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "jobs" add "source" varchar(40) not null default 'board', add "external_id" varchar(200) null, add "apply_link" varchar(1000) null;`,
    );
    this.addSql(
      `create unique index "jobs_source_external_id_unique" on "jobs" ("source", "external_id") where "external_id" is not null;`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_source_check" check (("source" = 'board') = ("external_id" is null));`,
    );
    this.addSql(`alter table "jobs" drop constraint "jobs_published_complete";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_published_complete" check ("status" = 'draft' or ("title" is not null and "company_name" is not null and btrim("company_name") <> '' and ("source" <> 'board' or ("location" is not null and "location_type" is not null and "employment_type" is not null and "category" is not null and "requirements" is not null and "description" is not null))));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "jobs" where "source" <> 'board';`);
    this.addSql(`alter table "jobs" drop constraint "jobs_published_complete";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_published_complete" check ("status" = 'draft' or ("title" is not null and "company_name" is not null and btrim("company_name") <> '' and "location" is not null and "location_type" is not null and "employment_type" is not null and "category" is not null and "requirements" is not null and "description" is not null));`,
    );
    this.addSql(`alter table "jobs" drop constraint "jobs_source_check";`);
    this.addSql(`drop index "jobs_source_external_id_unique";`);
    this.addSql(`alter table "jobs" drop column "source", drop column "external_id", drop column "apply_link";`);
  }
}
