import { Migration } from "@mikro-orm/migrations";

// Applying before making an account (decision 080): a visitor's wizard between steps (keyed by a
// random key in their browser's cookie, only its hash kept), then the application held with the
// name and email until the emailed link is opened. At most one held per address and job.
export class Migration20261203110000_held_applications extends Migration {
  override name = "Migration20261203110000_held_applications";

  override up(): void | Promise<void> {
    this.addSql(`create table "held_applications" (
      "id" uuid not null,
      "job_id" uuid not null,
      "browser_key_hash" varchar(64) not null,
      "answers" jsonb not null default '{}',
      "resume_key" varchar(300) null,
      "resume_name" varchar(200) null,
      "resume_size" int null,
      "resume_sha256" varchar(64) null,
      "resume_text" text null,
      "full_name" varchar(200) null,
      "email" varchar(320) null,
      "token_hash" varchar(64) null,
      "held_at" timestamptz null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "held_applications_pkey" primary key ("id"));`);
    this.addSql(
      `create unique index "held_applications_browser_job_unique" on "held_applications" ("browser_key_hash", "job_id");`,
    );
    this.addSql(
      `create unique index "held_applications_email_job_unique" on "held_applications" ("email", "job_id") where "held_at" is not null;`,
    );
    this.addSql(
      `create unique index "held_applications_token_hash_unique" on "held_applications" ("token_hash") where "token_hash" is not null;`,
    );
    this.addSql(`create index "held_applications_expires_at_index" on "held_applications" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "held_applications" cascade;`);
  }
}
