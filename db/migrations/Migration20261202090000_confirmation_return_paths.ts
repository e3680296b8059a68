import { Migration } from "@mikro-orm/migrations";

// A sign-up confirmation link leads back to the page the person signed up from (Apply on a job):
// the path is kept with the link's token, never put in the link.
export class Migration20261202090000_confirmation_return_paths extends Migration {
  override name = "Migration20261202090000_confirmation_return_paths";

  override up(): void | Promise<void> {
    this.addSql(`alter table "account_tokens" add column "return_to" varchar(1000) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "account_tokens" drop column "return_to";`);
  }
}
