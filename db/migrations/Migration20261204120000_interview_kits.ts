import { Migration } from "@mikro-orm/migrations";

// Interview kits (issue 34 item 2, decision 087): a job's kits (hiring's,
// modules/hiring/interview-kits.ts), each a name, the questions to ask in order, the scorecard
// attributes it covers (ids of job_scorecard_attributes, which are never deleted) and a prompt for
// the interviewer's notes. An interview (interviews') may name the kit it uses; deleting the kit
// leaves the interview on the job's first kit.
export class Migration20261204120000_interview_kits extends Migration {
  override name = "Migration20261204120000_interview_kits";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "interview_kits" ("id" uuid not null, "job_id" uuid not null, "name" varchar(80) not null, "questions" jsonb not null default '[]', "attribute_ids" jsonb not null default '[]', "notes_prompt" varchar(500) not null default '', "position" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "interview_kits_job_id_position_index" on "interview_kits" ("job_id", "position");`);
    this.addSql(
      `alter table "interview_kits" add constraint "interview_kits_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "interviews" add column "kit_id" uuid null;`);
    this.addSql(
      `alter table "interviews" add constraint "interviews_kit_id_foreign" foreign key ("kit_id") references "interview_kits" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "interviews_kit_id_index" on "interviews" ("kit_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "interviews" drop constraint "interviews_kit_id_foreign";`);
    this.addSql(`alter table "interviews" drop column "kit_id";`);
    this.addSql(`drop table if exists "interview_kits" cascade;`);
  }
}
