import { Migration } from "@mikro-orm/migrations";

// The resume library (issue 17): a default resume per candidate and resumes deleted from the library
// but still held by an employer; applications may be withdrawn by their candidate, or recorded as
// applied on the company's own site (imported listings).
export class Migration20261124210000_resume_library extends Migration {
  override name = "Migration20261124210000_resume_library";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "resumes" add column "is_default" boolean not null default false, add column "deleted_at" timestamptz null;`,
    );
    this.addSql(`create index "applications_resume_index" on "applications" ("resume_id");`);
    this.addSql(`alter table "applications" drop constraint "applications_status_check";`);
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'reviewed', 'shortlisted', 'rejected', 'withdrawn', 'applied_external'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "applications" drop constraint "applications_status_check";`);
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'reviewed', 'shortlisted', 'rejected'));`,
    );
    this.addSql(`drop index if exists "applications_resume_index";`);
    this.addSql(`alter table "resumes" drop column "is_default", drop column "deleted_at";`);
  }
}
