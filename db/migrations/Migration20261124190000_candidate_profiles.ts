import { Migration } from "@mikro-orm/migrations";

// Candidates' profiles (modules/profiles, decision 042): one row per candidate, the lists as JSON
// arrays in the candidate's order. Deleting the account deletes its profile.
export class Migration20261124190000_candidate_profiles extends Migration {
  override name = "Migration20261124190000_candidate_profiles";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "candidate_profiles" ("candidate_id" uuid not null, "headline" varchar(200) not null default '', "location" varchar(200) not null default '', "summary" text not null default '', "skills" jsonb not null default '[]', "experience" jsonb not null default '[]', "education" jsonb not null default '[]', "links" jsonb not null default '[]', "languages" jsonb not null default '[]', "updated_at" timestamptz not null, primary key ("candidate_id"));`,
    );
    this.addSql(
      `alter table "candidate_profiles" add constraint "candidate_profiles_candidate_id_foreign" foreign key ("candidate_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "candidate_profiles" cascade;`);
  }
}
