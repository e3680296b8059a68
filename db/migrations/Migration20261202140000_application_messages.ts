import { Migration } from "@mikro-orm/migrations";

// Messages between a company and a candidate on an application (modules/applications/messages.ts,
// decision 071). A message keeps its author until the author deletes their account (author null);
// the thread goes with the application, and with the candidate's account (account-data.ts).
export class Migration20261202140000_application_messages extends Migration {
  override name = "Migration20261202140000_application_messages";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "application_messages" ("id" uuid not null, "application_id" uuid not null, "author_id" uuid null, "author_side" text not null, "body" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "application_messages_application_id_created_at_index" on "application_messages" ("application_id", "created_at");`,
    );
    this.addSql(`create index "application_messages_author_id_index" on "application_messages" ("author_id");`);
    this.addSql(
      `alter table "application_messages" add constraint "application_messages_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "application_messages" add constraint "application_messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "application_messages" add constraint "application_messages_author_side_check" check ("author_side" in ('company', 'candidate'));`,
    );
    this.addSql(
      `alter table "application_messages" add constraint "application_messages_body_check" check (char_length("body") between 1 and 5000);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "application_messages" cascade;`);
  }
}
