import { Migration } from "@mikro-orm/migrations";

// Interviews a company offers on an application and the candidate books (modules/interviews,
// decision 074): the times offered, the members who interview, and the iCalendar SEQUENCE of the
// last invitation sent. One live interview (offered or booked) per application.
export class Migration20261202190000_interviews extends Migration {
  override name = "Migration20261202190000_interviews";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "interviews" ("id" uuid not null, "application_id" uuid not null, "job_id" uuid not null, "company_id" uuid not null, "candidate_id" uuid null, "status" text not null, "length_minutes" int not null, "location" text null, "video_url" text null, "time_zone" text not null, "offered_by" uuid null, "booked_slot_id" uuid null, "sequence" int not null default 0, "version" int not null default 0, "reminded_sequence" int null, "cancelled_at" timestamptz null, "cancelled_by" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_status_check" check ("status" in ('offered', 'booked', 'cancelled'));`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_cancelled_by_check" check ("cancelled_by" is null or "cancelled_by" in ('company', 'candidate'));`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_length_check" check ("length_minutes" between 15 and 480);`,
    );
    this.addSql(
      `create unique index "interviews_one_live_per_application" on "interviews" ("application_id") where "status" <> 'cancelled';`,
    );
    this.addSql(`create index "interviews_company_id_status_index" on "interviews" ("company_id", "status");`);
    this.addSql(`create index "interviews_candidate_id_index" on "interviews" ("candidate_id");`);
    this.addSql(
      `alter table "interviews" add constraint "interviews_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_candidate_id_foreign" foreign key ("candidate_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_offered_by_foreign" foreign key ("offered_by") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "interview_slots" ("id" uuid not null, "interview_id" uuid not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "interview_slots_interview_id_starts_at_index" on "interview_slots" ("interview_id", "starts_at");`,
    );
    this.addSql(`create index "interview_slots_starts_at_index" on "interview_slots" ("starts_at");`);
    this.addSql(
      `alter table "interview_slots" add constraint "interview_slots_interview_id_foreign" foreign key ("interview_id") references "interviews" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "interviews" add constraint "interviews_booked_slot_id_foreign" foreign key ("booked_slot_id") references "interview_slots" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "interview_interviewers" ("interview_id" uuid not null, "user_id" uuid not null, primary key ("interview_id", "user_id"));`,
    );
    this.addSql(`create index "interview_interviewers_user_id_index" on "interview_interviewers" ("user_id");`);
    this.addSql(
      `alter table "interview_interviewers" add constraint "interview_interviewers_interview_id_foreign" foreign key ("interview_id") references "interviews" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "interview_interviewers" add constraint "interview_interviewers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "interview_interviewers" cascade;`);
    this.addSql(`alter table "interviews" drop constraint if exists "interviews_booked_slot_id_foreign";`);
    this.addSql(`drop table if exists "interview_slots" cascade;`);
    this.addSql(`drop table if exists "interviews" cascade;`);
  }
}
