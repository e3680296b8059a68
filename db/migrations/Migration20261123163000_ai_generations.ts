import { Migration } from "@mikro-orm/migrations";

// Text the AI writes in the background (a job's description, its screening questions): one row per
// request, pending until a worker fills in the result. At most one pending request per job and kind,
// so pressing Generate twice enqueues one job. job_id and owner_id are ids from other modules.
export class Migration20261123163000_ai_generations extends Migration {
  override name = "Migration20261123163000_ai_generations";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ai_generations" ("id" uuid not null default gen_random_uuid() primary key, "job_id" uuid not null, "owner_id" uuid not null, "kind" varchar(20) not null check ("kind" in ('description', 'questions')), "status" varchar(20) not null default 'pending' check ("status" in ('pending', 'done', 'failed')), "input" jsonb not null, "result" jsonb null, "source" varchar(20) null check ("source" in ('ai', 'fallback', 'builtin')), "error" text null, "queue_job_id" uuid null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, "delivered_at" timestamptz null);`,
    );
    this.addSql(
      `create unique index "ai_generations_one_pending" on "ai_generations" ("job_id", "kind") where "status" = 'pending';`,
    );
    this.addSql(`create index "ai_generations_job_id_owner_id_index" on "ai_generations" ("job_id", "owner_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ai_generations" cascade;`);
  }
}
