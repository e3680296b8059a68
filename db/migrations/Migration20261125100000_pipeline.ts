import { Migration } from "@mikro-orm/migrations";

// The pipeline past Shortlisted (modules/applications/pipeline.ts, decision 050): applications may
// be at Interview, Offer or Hired; a status change keeps the employer's optional message to the
// candidate, which its email carries.
export class Migration20261125100000_pipeline extends Migration {
  override name = "Migration20261125100000_pipeline";

  override up(): void | Promise<void> {
    this.addSql(`alter table "applications" drop constraint "applications_status_check";`);
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'reviewed', 'shortlisted', 'rejected', 'interview', 'offer', 'hired', 'withdrawn', 'applied_external'));`,
    );
    this.addSql(`alter table "application_status_changes" add column "message" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "application_status_changes" drop column "message";`);
    // Stages the older code does not know go back to the nearest it does.
    this.addSql(
      `update "applications" set "status" = 'shortlisted' where "status" in ('interview', 'offer', 'hired');`,
    );
    this.addSql(`alter table "applications" drop constraint "applications_status_check";`);
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'reviewed', 'shortlisted', 'rejected', 'withdrawn', 'applied_external'));`,
    );
  }
}
