import { Migration } from "@mikro-orm/migrations";

// A rejection's private reason and note, and when a change's email goes and whether it was cancelled
// before then (modules/applications/rejections.ts, decision 073). The reasons are copied here, frozen.
export class Migration20261202154000_rejection_reasons extends Migration {
  override name = "Migration20261202154000_rejection_reasons";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "application_status_changes" add column "rejection_reason" varchar(255) null, add column "rejection_note" text null, add column "email_due_at" timestamptz null, add column "email_cancelled_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "application_status_changes" add constraint "application_status_changes_rejection_reason_check" check ("rejection_reason" in ('skills', 'another-candidate', 'position-filled', 'not-reachable', 'other'));`,
    );
    this.addSql(
      `alter table "application_status_changes" add constraint "application_status_changes_rejection_note_check" check (char_length("rejection_note") <= 500);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "application_status_changes" drop column "rejection_reason", drop column "rejection_note", drop column "email_due_at", drop column "email_cancelled_at";`,
    );
  }
}
