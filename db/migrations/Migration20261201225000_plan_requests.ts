import { Migration } from "@mikro-orm/migrations";

// Requests for a paid plan where this server takes no payment online: the operator is emailed and
// changes the plan. One open request per plan holder, plan and billing period, so a second click
// (or two at once) records and emails nothing more.
export class Migration20261201225000_plan_requests extends Migration {
  override name = "Migration20261201225000_plan_requests";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "plan_requests" ("id" serial primary key, "holder_id" uuid not null, "requested_by" uuid not null, "audience" text check ("audience" in ('candidate', 'employer')) not null, "plan_id" varchar(40) not null, "billing" text check ("billing" in ('monthly', 'annual')) not null, "requested_at" timestamptz not null, "handled_at" timestamptz null);`,
    );
    this.addSql(`create index "plan_requests_holder_id_index" on "plan_requests" ("holder_id");`);
    this.addSql(
      `create unique index "plan_requests_open_unique" on "plan_requests" ("holder_id", "plan_id", "billing") where "handled_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "plan_requests" cascade;`);
  }
}
