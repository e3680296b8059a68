import { Migration } from "@mikro-orm/migrations";

// Scorecard reminders (issue 34 item 4, decision 085): an owner or recruiter reminds a member who
// has not submitted their scorecard on an application; one row per reminder sent, so one per member
// and application in 24 hours is decided by reading the latest. The list's average recommendation
// reads submitted scorecards by application: a partial index keeps that to the submitted rows.
export class Migration20261204100000_scorecard_reminders extends Migration {
  override name = "Migration20261204100000_scorecard_reminders";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "scorecard_reminders" ("id" uuid not null, "application_id" uuid not null, "member_id" uuid not null, "sent_by" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "scorecard_reminders_application_id_member_id_created_at_index" on "scorecard_reminders" ("application_id", "member_id", "created_at");`,
    );
    this.addSql(`create index "scorecard_reminders_member_id_index" on "scorecard_reminders" ("member_id");`);
    this.addSql(`create index "scorecard_reminders_sent_by_index" on "scorecard_reminders" ("sent_by");`);
    this.addSql(
      `alter table "scorecard_reminders" add constraint "scorecard_reminders_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "scorecard_reminders" add constraint "scorecard_reminders_member_id_foreign" foreign key ("member_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "scorecard_reminders" add constraint "scorecard_reminders_sent_by_foreign" foreign key ("sent_by") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "scorecards_submitted_application_id_index" on "scorecards" ("application_id") include ("recommendation", "author_id") where "submitted_at" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "scorecards_submitted_application_id_index";`);
    this.addSql(`drop table if exists "scorecard_reminders" cascade;`);
  }
}
