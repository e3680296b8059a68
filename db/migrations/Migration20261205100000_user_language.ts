import { Migration } from "@mikro-orm/migrations";

// The language an account chose on /account (decision 090): null until it chooses, and then the
// browser's language applies. Only the site's languages are stored.
export class Migration20261205100000_user_language extends Migration {
  override name = "Migration20261205100000_user_language";

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "language" varchar(8) null;`);
    this.addSql(`alter table "users" add constraint "users_language_check" check ("language" in ('en', 'de'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint if exists "users_language_check";`);
    this.addSql(`alter table "users" drop column if exists "language";`);
  }
}
