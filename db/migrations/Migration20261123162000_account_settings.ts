import { Migration } from "@mikro-orm/migrations";

// Account settings: whether the person gets the application emails (new applications for
// employers, status changes for candidates). On unless they turn it off on /account.
export class Migration20261123162000_account_settings extends Migration {
  override name = "Migration20261123162000_account_settings";

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "email_notifications" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "email_notifications";`);
  }
}
