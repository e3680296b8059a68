import { Migration } from "@mikro-orm/migrations";

// Wrong second-step codes are sign-in attempts of their own kind, counted per account across its
// pending sign-ins; a right password clears only the password ones. two_factor remembers when the
// owner was last told that the codes stopped being taken.
export class Migration20261201214500_second_step_limits extends Migration {
  override name = "Migration20261201214500_second_step_limits";

  override up(): void {
    this.addSql(`alter table "sign_in_attempts" add column "kind" varchar(16) not null default 'password';`);
    this.addSql(`alter table "two_factor" add column "lock_notice_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "two_factor" drop column "lock_notice_at";`);
    this.addSql(`alter table "sign_in_attempts" drop column "kind";`);
  }
}
