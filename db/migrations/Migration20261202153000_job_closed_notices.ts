import { Migration } from "@mikro-orm/migrations";

// When an undecided applicant was told that the job closed (modules/applications/job-closed.ts,
// decision 073): My Applications says "Job closed on {date}". Null when never told, or reopened since.
export class Migration20261202153000_job_closed_notices extends Migration {
  override name = "Migration20261202153000_job_closed_notices";

  override up(): void | Promise<void> {
    this.addSql(`alter table "applications" add column "job_closed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "applications" drop column "job_closed_at";`);
  }
}
