import { Migration } from "@mikro-orm/migrations";

// Jobs close on a date (modules/hiring/job-expiry.ts, decision 078): the instant a job stops taking
// applications. Jobs live today get 60 days counted from now, so nothing closes the day this lands.
// Companies may insist on a salary range in every job they publish (pay transparency).
export class Migration20261202200000_job_closing_dates extends Migration {
  override name = "Migration20261202200000_job_closing_dates";

  override up(): void | Promise<void> {
    this.addSql(`alter table "jobs" add column "closes_at" timestamptz null;`);
    this.addSql(`update "jobs" set "closes_at" = now() + interval '60 days' where "status" = 'active';`);
    this.addSql(`create index "jobs_active_closes_at_index" on "jobs" ("closes_at") where "status" = 'active';`);
    this.addSql(`alter table "companies" add column "require_salary_range" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "companies" drop column "require_salary_range";`);
    this.addSql(`drop index "jobs_active_closes_at_index";`);
    this.addSql(`alter table "jobs" drop column "closes_at";`);
  }
}
