import { Migration } from "@mikro-orm/migrations";

// A decision recorded (issue 34 item 5, decision 086): a move to Offer or Hired, or a rejection
// after an interview or a submitted scorecard, keeps who decided, when and why, and how many of the
// submitted scorecards it went against at that moment, on the team's private side of the
// application (applications' decisions.ts; never the candidate's). One per status change, written
// in the move's transaction. A deleted member's decisions stay (decided_by null: "Former member").
// Companies choose whether members see the others' scorecards only after submitting their own
// (on by default, decision 083's rule).
export class Migration20261204110000_hiring_decisions extends Migration {
  override name = "Migration20261204110000_hiring_decisions";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "application_decisions" ("id" uuid not null, "application_id" uuid not null, "status_change_id" integer not null, "decided_by" uuid null, "decided_at" timestamptz not null, "to_status" varchar(20) not null, "why" text null, "scorecards" smallint not null, "against" smallint not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "application_decisions_application_id_index" on "application_decisions" ("application_id");`,
    );
    this.addSql(
      `create unique index "application_decisions_status_change_id_unique" on "application_decisions" ("status_change_id");`,
    );
    this.addSql(`create index "application_decisions_decided_by_index" on "application_decisions" ("decided_by");`);
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_status_change_id_foreign" foreign key ("status_change_id") references "application_status_changes" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_decided_by_foreign" foreign key ("decided_by") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_to_status_check" check ("to_status" in ('offer', 'hired', 'rejected'));`,
    );
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_why_check" check (char_length("why") <= 1000);`,
    );
    this.addSql(
      `alter table "application_decisions" add constraint "application_decisions_counts_check" check ("against" between 0 and "scorecards");`,
    );
    this.addSql(`alter table "companies" add column "blind_scorecards" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "companies" drop column "blind_scorecards";`);
    this.addSql(`drop table if exists "application_decisions" cascade;`);
  }
}
