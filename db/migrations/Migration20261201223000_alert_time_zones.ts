import { Migration } from "@mikro-orm/migrations";

// Job alert digests go out at 07:00 in the candidate's zone (modules/saved/send-times.ts); the
// alerts saved before keep UTC, as they were sent.
export class Migration20261201223000_alert_time_zones extends Migration {
  override name = "Migration20261201223000_alert_time_zones";

  override async up(): Promise<void> {
    this.addSql(`alter table "job_alerts" add column "time_zone" varchar(64) not null default 'UTC';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "job_alerts" drop column "time_zone";`);
  }
}
