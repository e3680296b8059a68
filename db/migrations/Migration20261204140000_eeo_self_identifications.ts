import { Migration } from "@mikro-orm/migrations";

// Voluntary self-identification for US jobs (issue 35 item 2, decision 088): one row per
// application, apart from it, going with it; and the apply draft's (or a visitor's held
// application's) answers until submit.
export class Migration20261204140000_eeo_self_identifications extends Migration {
  override name = "Migration20261204140000_eeo_self_identifications";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "eeo_self_identifications" ("application_id" uuid not null, "gender" varchar(40) not null, "race_ethnicity" varchar(40) not null, "veteran_status" varchar(40) not null, "disability_status" varchar(40) not null, "created_at" timestamptz not null, primary key ("application_id"));`,
    );
    this.addSql(
      `alter table "eeo_self_identifications" add constraint "eeo_self_identifications_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "eeo_self_identifications" add constraint "eeo_self_identifications_gender_check" check ("gender" in ('male', 'female', 'declined'));`,
    );
    this.addSql(
      `alter table "eeo_self_identifications" add constraint "eeo_self_identifications_race_ethnicity_check" check ("race_ethnicity" in ('hispanic_latino', 'white', 'black', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more', 'declined'));`,
    );
    this.addSql(
      `alter table "eeo_self_identifications" add constraint "eeo_self_identifications_veteran_status_check" check ("veteran_status" in ('protected', 'not_protected', 'declined'));`,
    );
    this.addSql(
      `alter table "eeo_self_identifications" add constraint "eeo_self_identifications_disability_status_check" check ("disability_status" in ('yes', 'no', 'declined'));`,
    );
    this.addSql(`alter table "application_drafts" add column "eeo" jsonb null;`);
    this.addSql(`alter table "held_applications" add column "eeo" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "held_applications" drop column "eeo";`);
    this.addSql(`alter table "application_drafts" drop column "eeo";`);
    this.addSql(`drop table if exists "eeo_self_identifications" cascade;`);
  }
}
