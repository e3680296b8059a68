import { Migration } from "@mikro-orm/migrations";

// Whether a member gets the weekly digest of applicants waiting 14+ days (decision 075): on by
// default, turned off on /account or by the digest's unsubscribe link.
export class Migration20261202170000_waiting_digest extends Migration {
  override name = "Migration20261202170000_waiting_digest";

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "waiting_digest" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "waiting_digest";`);
  }
}
