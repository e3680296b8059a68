import { Migration } from "@mikro-orm/migrations";

// Notes and ratings on applications (modules/applications/notes.ts, ratings.ts, decision 051): the
// company's members write them, candidates never read them. A note or rating keeps its author until
// the author deletes their account; then it stays the company's, by "Former member" (author null).
// One rating per member and application; the unique index holds it when two posts race.
export class Migration20261125110000_application_notes extends Migration {
  override name = "Migration20261125110000_application_notes";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "application_notes" ("id" uuid not null, "application_id" uuid not null, "author_id" uuid null, "body" text not null, "created_at" timestamptz not null, "edited_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "application_notes_application_id_created_at_index" on "application_notes" ("application_id", "created_at");`,
    );
    this.addSql(`create index "application_notes_author_id_index" on "application_notes" ("author_id");`);
    this.addSql(
      `alter table "application_notes" add constraint "application_notes_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "application_notes" add constraint "application_notes_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "application_notes" add constraint "application_notes_body_check" check (char_length("body") between 1 and 5000);`,
    );

    this.addSql(
      `create table "application_ratings" ("id" uuid not null, "application_id" uuid not null, "rater_id" uuid null, "stars" smallint not null, "reason" varchar(300) not null default '', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "application_ratings_application_id_rater_id_unique" on "application_ratings" ("application_id", "rater_id");`,
    );
    this.addSql(`create index "application_ratings_rater_id_index" on "application_ratings" ("rater_id");`);
    this.addSql(
      `alter table "application_ratings" add constraint "application_ratings_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "application_ratings" add constraint "application_ratings_rater_id_foreign" foreign key ("rater_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "application_ratings" add constraint "application_ratings_stars_check" check ("stars" between 1 and 5);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "application_ratings" cascade;`);
    this.addSql(`drop table if exists "application_notes" cascade;`);
  }
}
