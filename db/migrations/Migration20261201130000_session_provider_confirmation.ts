import { Migration } from "@mikro-orm/migrations";

// When this session last completed a sign-in with an identity provider: an account without a
// password confirms a sensitive change (two-factor, email, providers, deletion) with one made in
// the same session moments before, never with one made in another browser.
export class Migration20261201130000_session_provider_confirmation extends Migration {
  override name = "Migration20261201130000_session_provider_confirmation";

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add column "provider_confirmed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "provider_confirmed_at";`);
  }
}
