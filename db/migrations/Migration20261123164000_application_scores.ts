import { Migration } from "@mikro-orm/migrations";

// One score per application (rescoring replaces it), and when an imported listing's generated
// questions were made.
export class Migration20261123164000_application_scores extends Migration {
  override name = "Migration20261123164000_application_scores";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "application_scores" ("application_id" uuid not null references "applications" ("id") on delete cascade, "technical" smallint not null, "communication" smallint not null, "culture_fit" smallint not null, "overall" smallint not null, "reasons" jsonb not null, "method" text not null, "source" text not null, "with_resume" boolean not null, "scored_at" timestamptz not null, primary key ("application_id"));`,
    );
    this.addSql(
      `alter table "application_scores" add constraint "application_scores_range_check" check ("technical" between 0 and 100 and "communication" between 0 and 100 and "culture_fit" between 0 and 100 and "overall" between 0 and 100);`,
    );
    this.addSql(`alter table "jobs" add "questions_generated_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "application_scores" cascade;`);
    this.addSql(`alter table "jobs" drop column if exists "questions_generated_at";`);
  }
}
