import { Migration } from "@mikro-orm/migrations";

// Quotas on expensive actions (lib/quotas.ts): one row per quota, key (an account, an address or
// the site) and fixed window, counted up in one statement so every web node sees the same count.
// Rows of windows long gone are purged by the hourly housekeeping job.
export class Migration20261124100000_quotas extends Migration {
  override name = "Migration20261124100000_quotas";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "quota_counters" ("quota" varchar(40) not null, "key" varchar(200) not null, "window_start" timestamptz not null, "window_end" timestamptz not null, "used" int not null, primary key ("quota", "key", "window_start"));`,
    );
    this.addSql(`create index "quota_counters_window_end_index" on "quota_counters" ("window_end");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "quota_counters" cascade;`);
  }
}
