import { Migration } from "@mikro-orm/migrations";

// Two-factor sign-in: the sealed authenticator secret (and one being set up), the last time step a
// code was used for, the recovery codes' SHA-256, and sign-ins waiting for their second step.
export class Migration20261124170000_two_factor extends Migration {
  override name = "Migration20261124170000_two_factor";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "two_factor" ("user_id" uuid not null, "secret" varchar(200) null, "pending_secret" varchar(200) null, "last_step" integer null, "enabled_at" timestamptz null, "check_failures" integer not null default 0, "check_failures_since" timestamptz null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "two_factor" add constraint "two_factor_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "two_factor_recovery_codes" ("id" serial primary key, "user_id" uuid not null, "code_hash" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_code_hash_unique" unique ("user_id", "code_hash");`,
    );
    this.addSql(
      `alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "pending_sign_ins" ("id" varchar(64) not null, "user_id" uuid not null, "redirect_to" varchar(2000) not null, "ip" varchar(64) null, "user_agent" varchar(300) null, "failures" integer not null default 0, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "pending_sign_ins_user_id_index" on "pending_sign_ins" ("user_id");`);
    this.addSql(`create index "pending_sign_ins_expires_at_index" on "pending_sign_ins" ("expires_at");`);
    this.addSql(
      `alter table "pending_sign_ins" add constraint "pending_sign_ins_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "pending_sign_ins" cascade;`);
    this.addSql(`drop table if exists "two_factor_recovery_codes" cascade;`);
    this.addSql(`drop table if exists "two_factor" cascade;`);
  }
}
