import { Migration } from "@mikro-orm/migrations";

// The paid plan a sign-up link named (?plan=business): remembered as the plan to upgrade to, while
// the account starts on its Free Trial. Accounts that were given such a plan at sign-up keep it.
export class Migration20261124110000_intended_plan extends Migration {
  override name = "Migration20261124110000_intended_plan";

  override up(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" add column "intended_plan_id" varchar(40) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" drop column "intended_plan_id";`);
  }
}
