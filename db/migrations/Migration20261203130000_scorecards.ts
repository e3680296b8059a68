import { Migration } from "@mikro-orm/migrations";

// Structured evaluation (issue 34, decision 083). A job's scorecard attributes (hiring's,
// modules/hiring/scorecard-attributes.ts) are never deleted: retiring one keeps it and its ratings.
// Each member who may review an application writes one scorecard on it (applications',
// modules/applications/scorecards.ts): a draft, then submitted; a rating per attribute (null: not
// assessed) on 1 Strong no, 2 No, 3 Yes, 4 Strong yes. A deleted member's scorecards stay the
// company's record (author null), as notes and ratings do (decision 051).
export class Migration20261203130000_scorecards extends Migration {
  override name = "Migration20261203130000_scorecards";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "job_scorecard_attributes" ("id" uuid not null, "job_id" uuid not null, "name" varchar(80) not null, "guidance" varchar(200) not null default '', "group_key" varchar(20) not null, "position" smallint not null, "retired_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "job_scorecard_attributes_job_id_position_index" on "job_scorecard_attributes" ("job_id", "position");`,
    );
    this.addSql(
      `alter table "job_scorecard_attributes" add constraint "job_scorecard_attributes_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "job_scorecard_attributes" add constraint "job_scorecard_attributes_group_key_check" check ("group_key" in ('skills', 'experience', 'collaboration', 'motivation'));`,
    );

    this.addSql(
      `create table "scorecards" ("id" uuid not null, "application_id" uuid not null, "author_id" uuid null, "takeaways" text not null default '', "recommendation" smallint null, "submitted_at" timestamptz null, "edited_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "scorecards_application_id_author_id_unique" on "scorecards" ("application_id", "author_id");`,
    );
    this.addSql(`create index "scorecards_author_id_index" on "scorecards" ("author_id");`);
    this.addSql(
      `alter table "scorecards" add constraint "scorecards_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "scorecards" add constraint "scorecards_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "scorecards" add constraint "scorecards_recommendation_check" check ("recommendation" between 1 and 4);`,
    );
    this.addSql(
      `alter table "scorecards" add constraint "scorecards_takeaways_check" check (char_length("takeaways") <= 5000);`,
    );

    this.addSql(
      `create table "scorecard_ratings" ("scorecard_id" uuid not null, "attribute_id" uuid not null, "rating" smallint null, primary key ("scorecard_id", "attribute_id"));`,
    );
    this.addSql(`create index "scorecard_ratings_attribute_id_index" on "scorecard_ratings" ("attribute_id");`);
    this.addSql(
      `alter table "scorecard_ratings" add constraint "scorecard_ratings_scorecard_id_foreign" foreign key ("scorecard_id") references "scorecards" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "scorecard_ratings" add constraint "scorecard_ratings_attribute_id_foreign" foreign key ("attribute_id") references "job_scorecard_attributes" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "scorecard_ratings" add constraint "scorecard_ratings_rating_check" check ("rating" between 1 and 4);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "scorecard_ratings" cascade;`);
    this.addSql(`drop table if exists "scorecards" cascade;`);
    this.addSql(`drop table if exists "job_scorecard_attributes" cascade;`);
  }
}
