import { Migration } from "@mikro-orm/migrations";

export class Migration20261121145038_subscriptions extends Migration {
  override name = "Migration20261121145038_subscriptions";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "subscriptions" ("id" serial primary key, "user_id" uuid not null, "audience" text not null, "plan_id" varchar(40) not null, "billing" text not null default 'monthly', "started_at" timestamptz not null, "trial_ends_at" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_unique" unique ("user_id");`);

    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_audience_check" check ("audience" in ('candidate', 'employer'));`,
    );
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_billing_check" check ("billing" in ('monthly', 'annual'));`,
    );

    // Accounts from before subscriptions existed: the Free Trial from their sign-up, for the 14 days
    // of TRIAL_DAYS (written out here, as a migration must not change when the catalog does).
    this.addSql(
      `insert into "subscriptions" ("user_id", "audience", "plan_id", "billing", "started_at", "trial_ends_at", "updated_at") select "id", "role", 'free-trial', 'monthly', "created_at", "created_at" + interval '14 days', now() from "users" on conflict ("user_id") do nothing;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "subscriptions" cascade;`);
  }
}
