import { Migration } from "@mikro-orm/migrations";

// Saved jobs and job alerts (modules/saved, decision 045): a candidate's saved jobs (provider
// listings are imported first, so every saved job is a row in jobs); saved searches with a
// frequency, claimed by the alert run with an atomic UPDATE; and provider listings as first seen by
// the alert run.
export class Migration20261124200000_saved_jobs_and_alerts extends Migration {
  override name = "Migration20261124200000_saved_jobs_and_alerts";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "saved_jobs" ("candidate_id" uuid not null, "job_id" uuid not null, "saved_at" timestamptz not null, primary key ("candidate_id", "job_id"));`,
    );
    this.addSql(
      `create index "saved_jobs_candidate_saved_at_index" on "saved_jobs" ("candidate_id", "saved_at" desc);`,
    );
    this.addSql(`create index "saved_jobs_job_id_index" on "saved_jobs" ("job_id");`);
    this.addSql(
      `alter table "saved_jobs" add constraint "saved_jobs_candidate_id_foreign" foreign key ("candidate_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "saved_jobs" add constraint "saved_jobs_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "job_alerts" ("id" uuid not null, "candidate_id" uuid not null, "q" varchar(200) not null default '', "location" varchar(100) not null default '', "location_type" varchar(20) not null default '', "employment_type" varchar(20) not null default '', "category" varchar(60) not null default '', "min_salary" int null, "search_key" varchar(600) not null, "frequency" text not null, "paused_at" timestamptz null, "seen_until" timestamptz not null, "next_run_at" timestamptz not null, "claimed_by" varchar(100) null, "claimed_period" varchar(20) null, "claim_since" timestamptz null, "last_sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "job_alerts" add constraint "job_alerts_frequency_check" check ("frequency" in ('daily', 'weekly'));`,
    );
    this.addSql(
      `create index "job_alerts_candidate_id_created_at_index" on "job_alerts" ("candidate_id", "created_at");`,
    );
    this.addSql(`create index "job_alerts_due_index" on "job_alerts" ("next_run_at") where "paused_at" is null;`);
    this.addSql(
      `create index "job_alerts_claimed_by_index" on "job_alerts" ("claimed_by") where "claimed_by" is not null;`,
    );
    this.addSql(
      `alter table "job_alerts" add constraint "job_alerts_candidate_id_foreign" foreign key ("candidate_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "alert_listings_seen" ("source" varchar(40) not null, "listing_id" varchar(300) not null, "first_seen_at" timestamptz not null, primary key ("source", "listing_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "saved_jobs" cascade;`);
    this.addSql(`drop table if exists "job_alerts" cascade;`);
    this.addSql(`drop table if exists "alert_listings_seen" cascade;`);
  }
}
