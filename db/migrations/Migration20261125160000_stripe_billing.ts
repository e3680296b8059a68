import { Migration } from "@mikro-orm/migrations";

// Self-service billing through Stripe (decision 056). A subscription row learns its Stripe customer
// (one per account: an employer company's is its plan holder's) and mirrors the Stripe
// subscription's state as last fetched from Stripe. Each webhook event is kept by id, so the same
// event delivered twice is handled once.
export class Migration20261125160000_stripe_billing extends Migration {
  override name = "Migration20261125160000_stripe_billing";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "subscriptions" add column "stripe_customer_id" varchar(255) null, add column "stripe_subscription_id" varchar(255) null, add column "stripe_status" varchar(40) null, add column "current_period_end" timestamptz null, add column "cancel_at_period_end" boolean not null default false, add column "payment_failed_at" timestamptz null, add column "lapsed_at" timestamptz null, add column "lapse_notice" text null;`,
    );
    this.addSql(
      `create unique index "subscriptions_stripe_customer_id_unique" on "subscriptions" ("stripe_customer_id");`,
    );
    this.addSql(
      `create table "billing_events" ("id" varchar(255) not null, "type" varchar(100) not null, "received_at" timestamptz not null, "outcome" varchar(200) not null, primary key ("id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing_events" cascade;`);
    this.addSql(`drop index if exists "subscriptions_stripe_customer_id_unique";`);
    this.addSql(
      `alter table "subscriptions" drop column "stripe_customer_id", drop column "stripe_subscription_id", drop column "stripe_status", drop column "current_period_end", drop column "cancel_at_period_end", drop column "payment_failed_at", drop column "lapsed_at", drop column "lapse_notice";`,
    );
  }
}
