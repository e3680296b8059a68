import { Migration } from "@mikro-orm/migrations";

// Single-use email links (reset, verification, email change), the address verification time and
// the sessions' last activity. Accounts made before verification existed count as verified: they
// signed up when any address was accepted, and asking them all to verify at once would lock
// employers out of publishing without warning.
export class Migration20261124130000_account_tokens extends Migration {
  override name = "Migration20261124130000_account_tokens";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "account_tokens" ("id" varchar(64) not null, "user_id" uuid not null, "purpose" text not null, "email" varchar(254) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_purpose_check" check ("purpose" in ('password-reset', 'email-verification', 'email-change'));`,
    );
    this.addSql(
      `create index "account_tokens_user_id_purpose_created_at_index" on "account_tokens" ("user_id", "purpose", "created_at");`,
    );
    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(`update "users" set "email_verified_at" = "created_at";`);
    this.addSql(`alter table "sessions" add column "last_active_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "account_tokens" cascade;`);
    this.addSql(`alter table "users" drop column "email_verified_at";`);
    this.addSql(`alter table "sessions" drop column "last_active_at";`);
  }
}
