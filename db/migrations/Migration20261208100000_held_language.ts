import { Migration } from "@mikro-orm/migrations";

// The language a visitor applied in (decision 090): the link's email is written in it, and the
// account the link makes keeps it. Null for English and for rows held before it.
export class Migration20261208100000_held_language extends Migration {
  override name = "Migration20261208100000_held_language";

  override up(): void | Promise<void> {
    this.addSql(`alter table "held_applications" add column "language" varchar(8) null;`);
    this.addSql(
      `alter table "held_applications" add constraint "held_applications_language_check" check ("language" in ('en', 'de'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "held_applications" drop constraint if exists "held_applications_language_check";`);
    this.addSql(`alter table "held_applications" drop column if exists "language";`);
  }
}
