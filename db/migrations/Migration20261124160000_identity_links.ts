import { Migration } from "@mikro-orm/migrations";

// Sign-in with OpenID Connect providers: the links between a provider's (issuer, subject) and an
// account, the sign-ins in progress (state, nonce, PKCE verifier; a new person's identity until
// they choose a role), and accounts without a password (made through a provider).
export class Migration20261124160000_identity_links extends Migration {
  override name = "Migration20261124160000_identity_links";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "identity_links" ("id" uuid not null, "user_id" uuid not null, "provider" varchar(30) not null, "issuer" varchar(300) not null, "subject" varchar(255) not null, "email" varchar(254) null, "created_at" timestamptz not null, "last_sign_in_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "identity_links" add constraint "identity_links_issuer_subject_unique" unique ("issuer", "subject");`,
    );
    this.addSql(
      `alter table "identity_links" add constraint "identity_links_user_id_issuer_unique" unique ("user_id", "issuer");`,
    );
    this.addSql(
      `alter table "identity_links" add constraint "identity_links_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "identity_flows" ("id" varchar(64) not null, "kind" text not null, "provider" varchar(30) not null, "user_id" uuid null, "data" jsonb not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "identity_flows_expires_at_index" on "identity_flows" ("expires_at");`);
    this.addSql(
      `alter table "identity_flows" add constraint "identity_flows_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "identity_flows" add constraint "identity_flows_kind_check" check ("kind" in ('authorize', 'onboarding'));`,
    );

    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "identity_links" cascade;`);
    this.addSql(`drop table if exists "identity_flows" cascade;`);
    this.addSql(`delete from "users" where "password_hash" is null;`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }
}
