import { Migration } from "@mikro-orm/migrations";

// One row per email the app means to send once, keyed by an idempotency key the sender chooses
// (e.g. the application and the kind of message). A job claims the row ('sending') before it sends
// and marks it 'sent' once the mail server accepted the message, so a retried job never sends a
// message that already went out (decision 026).
export class Migration20261124120000_sent_emails extends Migration {
  override name = "Migration20261124120000_sent_emails";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sent_emails" ("key" text not null, "state" text not null, "recipient" text not null, "subject" text not null, "job_id" uuid null, "attempt" int null, "claimed_at" timestamptz not null, "sent_at" timestamptz null, "message_id" text null, primary key ("key"));`,
    );
    this.addSql(
      `alter table "sent_emails" add constraint "sent_emails_state_check" check ("state" in ('sending', 'sent'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sent_emails" cascade;`);
  }
}
