import { Migration } from "@mikro-orm/migrations";

// Employers hire as a team (modules/hiring/team.ts, decision 049): a company owns its jobs and has
// members with a role; interviewers are assigned to jobs; owners invite colleagues by a link that
// carries the invitation's id signed with the server's secret (lib/signed-links.ts). Every existing employer becomes the owner of a company named
// after their company name (or their name, or their address), and their jobs and the applications
// to them move to it. Applications are scoped by company from now on (employer_id goes).
export class Migration20261125090000_companies extends Migration {
  override name = "Migration20261125090000_companies";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "companies" ("id" uuid not null, "name" varchar(160) not null, "time_zone" varchar(64) not null default 'UTC', "billing_user_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "companies" add constraint "companies_billing_user_id_foreign" foreign key ("billing_user_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "company_members" ("company_id" uuid not null, "user_id" uuid not null, "role" text not null, "joined_at" timestamptz not null, primary key ("company_id", "user_id"));`,
    );
    this.addSql(
      `alter table "company_members" add constraint "company_members_role_check" check ("role" in ('owner', 'recruiter', 'interviewer'));`,
    );
    this.addSql(`create unique index "company_members_user_id_unique" on "company_members" ("user_id");`);
    this.addSql(
      `alter table "company_members" add constraint "company_members_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "company_members" add constraint "company_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "job_assignments" ("job_id" uuid not null, "user_id" uuid not null, "assigned_at" timestamptz not null, primary key ("job_id", "user_id"));`,
    );
    this.addSql(`create index "job_assignments_user_id_index" on "job_assignments" ("user_id");`);
    this.addSql(
      `alter table "job_assignments" add constraint "job_assignments_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "job_assignments" add constraint "job_assignments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "company_invitations" ("id" uuid not null, "company_id" uuid not null, "email" varchar(254) not null, "role" text not null, "invited_by" uuid null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "company_invitations" add constraint "company_invitations_role_check" check ("role" in ('owner', 'recruiter', 'interviewer'));`,
    );
    this.addSql(
      `create index "company_invitations_company_id_created_at_index" on "company_invitations" ("company_id", "created_at");`,
    );
    this.addSql(
      `alter table "company_invitations" add constraint "company_invitations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "company_invitations" add constraint "company_invitations_invited_by_foreign" foreign key ("invited_by") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "company_invitations" add constraint "company_invitations_accepted_by_foreign" foreign key ("accepted_by") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "jobs" add column "company_id" uuid null;`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "jobs_company_id_status_index" on "jobs" ("company_id", "status");`);
    this.addSql(`alter table "applications" add column "company_id" uuid null;`);

    // Every employer owns a company made from what they told us at sign-up.
    this.addSql(`insert into "companies" ("id", "name", "billing_user_id", "created_at")
      select gen_random_uuid(), left(coalesce(nullif(btrim(u."company_name"), ''), nullif(btrim(u."full_name"), ''), split_part(u."email", '@', 1)), 160), u."id", u."created_at"
      from "users" u where u."role" = 'employer';`);
    this.addSql(
      `insert into "company_members" ("company_id", "user_id", "role", "joined_at") select "id", "billing_user_id", 'owner', "created_at" from "companies";`,
    );
    this.addSql(
      `update "jobs" j set "company_id" = m."company_id" from "company_members" m where m."user_id" = j."employer_id";`,
    );
    this.addSql(`update "applications" a set "company_id" = j."company_id" from "jobs" j where j."id" = a."job_id";`);

    this.addSql(`drop index if exists "applications_employer_index";`);
    this.addSql(`alter table "applications" drop column "employer_id";`);
    this.addSql(`create index "applications_company_id_status_index" on "applications" ("company_id", "status");`);
    this.addSql(
      `alter table "applications" add constraint "applications_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "applications" add column "employer_id" uuid null;`);
    this.addSql(`update "applications" a set "employer_id" = j."employer_id" from "jobs" j where j."id" = a."job_id";`);
    this.addSql(`create index "applications_employer_index" on "applications" ("employer_id", "status");`);
    this.addSql(`alter table "applications" drop column "company_id";`);
    this.addSql(`alter table "jobs" drop column "company_id";`);
    this.addSql(`drop table if exists "company_invitations" cascade;`);
    this.addSql(`drop table if exists "job_assignments" cascade;`);
    this.addSql(`drop table if exists "company_members" cascade;`);
    this.addSql(`drop table if exists "companies" cascade;`);
  }
}
