import { Migration } from "@mikro-orm/migrations";

// Candidate data that expires by policy (issue 35 item 3, decision 089): a company keeps the
// applications of candidates it did not hire for 6, 12 or 24 months after the job closed
// (companies.retention_months, 12 by default); a job records when it closed or was archived
// (jobs.closed_at; the jobs already closed take their last update as the nearest known time); an
// application the candidate asked to keep in the talent pool carries its later date (kept_until).
export class Migration20261204150000_candidate_retention extends Migration {
  override name = "Migration20261204150000_candidate_retention";

  override up(): void | Promise<void> {
    this.addSql(`alter table "companies" add column "retention_months" smallint not null default 12;`);
    this.addSql(
      `alter table "companies" add constraint "companies_retention_months_check" check ("retention_months" in (6, 12, 24));`,
    );
    this.addSql(`alter table "jobs" add column "closed_at" timestamptz null;`);
    this.addSql(`update "jobs" set "closed_at" = "updated_at" where "status" in ('closed', 'archived');`);
    this.addSql(`create index "jobs_closed_at_index" on "jobs" ("closed_at") where "closed_at" is not null;`);
    this.addSql(`alter table "applications" add column "kept_until" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "applications" drop column if exists "kept_until";`);
    this.addSql(`drop index if exists "jobs_closed_at_index";`);
    this.addSql(`alter table "jobs" drop column if exists "closed_at";`);
    this.addSql(`alter table "companies" drop constraint if exists "companies_retention_months_check";`);
    this.addSql(`alter table "companies" drop column if exists "retention_months";`);
  }
}
