import { Migration } from "@mikro-orm/migrations";

// A company's default scorecard (issue 34 item 1): the attributes a job's scorecard starts from
// until someone changes or rates it. Owners replace the whole list; without rows the built-in set
// applies (modules/hiring/scorecard-vocabulary.ts).
export class Migration20261204130000_company_scorecard_defaults extends Migration {
  override name = "Migration20261204130000_company_scorecard_defaults";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "company_scorecard_defaults" ("company_id" uuid not null, "position" smallint not null, "name" varchar(80) not null, "guidance" varchar(200) not null default '', "group_key" varchar(20) not null, primary key ("company_id", "position"));`,
    );
    this.addSql(
      `alter table "company_scorecard_defaults" add constraint "company_scorecard_defaults_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "company_scorecard_defaults" add constraint "company_scorecard_defaults_group_key_check" check ("group_key" in ('skills', 'experience', 'collaboration', 'motivation'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "company_scorecard_defaults" cascade;`);
  }
}
