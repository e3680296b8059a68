import { Migration } from "@mikro-orm/migrations";

// A company's message templates (modules/applications/templates.ts, decision 072): text with
// placeholders, used for messages on an application and for the rejection email. They belong to
// the company and go with it.
export class Migration20261202150000_message_templates extends Migration {
  override name = "Migration20261202150000_message_templates";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "message_templates" ("id" uuid not null, "company_id" uuid not null, "name" text not null, "body" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "message_templates_company_id_name_index" on "message_templates" ("company_id", "name");`,
    );
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_name_check" check (char_length("name") between 1 and 100);`,
    );
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_body_check" check (char_length("body") between 1 and 5000);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "message_templates" cascade;`);
  }
}
