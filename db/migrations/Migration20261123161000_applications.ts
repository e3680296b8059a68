import { Migration } from "@mikro-orm/migrations";

// Applications, their answers and status history, resumes, and the apply wizard's drafts.
export class Migration20261123161000_applications extends Migration {
  override name = "Migration20261123161000_applications";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "resumes" ("id" uuid not null, "candidate_id" uuid not null references "users" ("id") on delete cascade, "storage_key" varchar(300) not null, "original_name" varchar(200) not null, "size_bytes" int not null, "sha256" char(64) not null, "text_status" text not null default 'pending', "text" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create unique index "resumes_storage_key_unique" on "resumes" ("storage_key");`);
    this.addSql(`create index "resumes_candidate_id_index" on "resumes" ("candidate_id", "created_at" desc);`);
    this.addSql(
      `alter table "resumes" add constraint "resumes_text_status_check" check ("text_status" in ('pending', 'ready', 'unreadable'));`,
    );
    this.addSql(
      `alter table "resumes" add constraint "resumes_size_check" check ("size_bytes" > 0 and "size_bytes" <= 10485760);`,
    );

    this.addSql(
      `create table "applications" ("id" uuid not null, "job_id" uuid not null references "jobs" ("id") on delete cascade, "candidate_id" uuid not null references "users" ("id") on delete cascade, "employer_id" uuid null, "status" text not null default 'submitted', "resume_id" uuid null references "resumes" ("id") on delete set null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    // One application per candidate and job, whatever races.
    this.addSql(
      `create unique index "applications_job_candidate_unique" on "applications" ("job_id", "candidate_id");`,
    );
    this.addSql(`create index "applications_candidate_index" on "applications" ("candidate_id", "created_at" desc);`);
    this.addSql(`create index "applications_job_index" on "applications" ("job_id", "created_at" desc);`);
    this.addSql(`create index "applications_employer_index" on "applications" ("employer_id", "status");`);
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'reviewed', 'shortlisted', 'rejected'));`,
    );

    this.addSql(
      `create table "application_answers" ("id" uuid not null, "application_id" uuid not null references "applications" ("id") on delete cascade, "question_id" uuid null, "question_text" text not null, "question_type" text not null, "category" text not null, "options" jsonb null, "answer" text not null, "rating" smallint null, "order_index" int not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "application_answers_application_index" on "application_answers" ("application_id", "order_index");`,
    );
    this.addSql(
      `alter table "application_answers" add constraint "application_answers_rating_check" check ("rating" is null or "rating" between 1 and 5);`,
    );

    this.addSql(
      `create table "application_status_changes" ("id" serial primary key, "application_id" uuid not null references "applications" ("id") on delete cascade, "from_status" text null, "to_status" text not null, "changed_by" uuid null, "changed_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "application_status_changes_application_index" on "application_status_changes" ("application_id", "changed_at");`,
    );

    this.addSql(
      `create table "application_drafts" ("candidate_id" uuid not null references "users" ("id") on delete cascade, "job_id" uuid not null references "jobs" ("id") on delete cascade, "answers" jsonb not null default '{}', "resume_id" uuid null references "resumes" ("id") on delete set null, "updated_at" timestamptz not null, primary key ("candidate_id", "job_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "application_drafts" cascade;`);
    this.addSql(`drop table if exists "application_status_changes" cascade;`);
    this.addSql(`drop table if exists "application_answers" cascade;`);
    this.addSql(`drop table if exists "applications" cascade;`);
    this.addSql(`drop table if exists "resumes" cascade;`);
  }
}
