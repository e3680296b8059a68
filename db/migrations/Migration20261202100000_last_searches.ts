import { Migration } from "@mikro-orm/migrations";

// Each candidate's last search on /candidate/jobs (the form's fields as a query string), so a
// returning candidate opens the board on it instead of the defaults. One row per candidate.
export class Migration20261202100000_last_searches extends Migration {
  override name = "Migration20261202100000_last_searches";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "last_searches" ("candidate_id" uuid not null primary key, "query" text not null, "searched_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "last_searches" add constraint "last_searches_candidate_id_foreign" foreign key ("candidate_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "last_searches" cascade;`);
  }
}
