import { Migration } from "@mikro-orm/migrations";

// Google's Indexing API (modules/feeds/indexing.ts, decision 079): each board job's one pending
// notification (the latest change wins; `version` tells a run that the job changed again while it
// was sending), and the publish requests counted per Google day (midnight Pacific time).
export class Migration20261203100000_indexing_notifications extends Migration {
  override name = "Migration20261203100000_indexing_notifications";

  override up(): void | Promise<void> {
    this.addSql(`create table "indexing_notifications" (
      "job_id" uuid not null primary key,
      "url" varchar(1000) not null,
      "type" text not null check ("type" in ('URL_UPDATED', 'URL_DELETED')),
      "version" integer not null default 1,
      "requested_at" timestamptz not null,
      "claimed_until" timestamptz null
    );`);
    this.addSql(
      `create index "indexing_notifications_requested_at_index" on "indexing_notifications" ("requested_at", "job_id");`,
    );
    this.addSql(
      `create table "indexing_quota_days" ("day" date not null primary key, "used" integer not null default 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "indexing_quota_days";`);
    this.addSql(`drop table "indexing_notifications";`);
  }
}
