import { Migration } from "@mikro-orm/migrations";

export class Migration20261121144544_initial extends Migration {
  override name = "Migration20261121144544_initial";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_entries" ("id" serial primary key, "user_id" uuid null, "action" varchar(80) not null, "detail" jsonb null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "audit_entries_user_id_index" on "audit_entries" ("user_id");`);

    this.addSql(
      `create table "sign_in_attempts" ("id" serial primary key, "email" varchar(254) not null, "ip" varchar(64) not null, "succeeded" boolean not null, "attempted_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "sign_in_attempts_email_attempted_at_index" on "sign_in_attempts" ("email", "attempted_at");`,
    );
    this.addSql(`create index "sign_in_attempts_ip_attempted_at_index" on "sign_in_attempts" ("ip", "attempted_at");`);

    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "role" text not null default 'candidate', "full_name" varchar(120) null, "company_name" varchar(160) null, "avatar_url" varchar(500) null, "signup_plan" varchar(40) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "ip" varchar(64) null, "user_agent" varchar(300) null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('candidate', 'employer'));`);

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`drop table if exists "audit_entries" cascade;`);
    this.addSql(`drop table if exists "sign_in_attempts" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
  }
}
