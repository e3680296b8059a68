import { Migration } from "@mikro-orm/migrations";

// The applicants list pages by keyset (modules/applications/applicant-list.ts, decision 052):
// newest first over (created_at, id) within a job, optionally of one status. These two indexes
// serve both orders from any cursor, and the counts per stage from the index alone; the first
// replaces applications_job_index (job_id, created_at desc), which it covers.
export class Migration20261125120000_applicant_list_indexes extends Migration {
  override name = "Migration20261125120000_applicant_list_indexes";

  override up(): void | Promise<void> {
    this.addSql(`create index "applications_job_created_index" on "applications" ("job_id", "created_at", "id");`);
    this.addSql(
      `create index "applications_job_status_created_index" on "applications" ("job_id", "status", "created_at", "id");`,
    );
    this.addSql(`drop index if exists "applications_job_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index if not exists "applications_job_index" on "applications" ("job_id", "created_at" desc);`);
    this.addSql(`drop index if exists "applications_job_status_created_index";`);
    this.addSql(`drop index if exists "applications_job_created_index";`);
  }
}
