import { Migration } from "@mikro-orm/migrations";

// Replies of the job-search provider, kept 15 minutes per request so a repeated search, from any
// web process, spends no paid quota. Expired rows are purged by the hourly housekeeping job.
export class Migration20261123120000_provider_cache extends Migration {
  override name = "Migration20261123120000_provider_cache";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "provider_cache" ("id" serial primary key, "provider" varchar(40) not null, "cache_key" varchar(1000) not null, "body" jsonb not null, "fetched_at" timestamptz not null, "expires_at" timestamptz not null);`,
    );
    this.addSql(
      `create unique index "provider_cache_provider_cache_key_unique" on "provider_cache" ("provider", "cache_key");`,
    );
    this.addSql(`create index "provider_cache_expires_at_index" on "provider_cache" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "provider_cache" cascade;`);
  }
}
