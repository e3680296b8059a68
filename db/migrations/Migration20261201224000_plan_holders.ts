import { Migration } from "@mikro-orm/migrations";

// A company's plan holder is a current member (the account that created it, or an owner who took
// the plan over through checkout). Holders who left a company before this rule kept paying for it
// and lent it their limits: those companies have no holder now and are on their own trial. A company
// whose last member deleted their account keeps no pending invitations.
export class Migration20261201224000_plan_holders extends Migration {
  override name = "Migration20261201224000_plan_holders";

  override up(): void | Promise<void> {
    this.addSql(
      `update "companies" c set "billing_user_id" = null where "billing_user_id" is not null and not exists (select 1 from "company_members" m where m."company_id" = c."id" and m."user_id" = c."billing_user_id");`,
    );
    this.addSql(
      `delete from "company_invitations" i where i."accepted_at" is null and not exists (select 1 from "company_members" m where m."company_id" = i."company_id");`,
    );
    this.addSql(`create index "companies_billing_user_id_index" on "companies" ("billing_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "companies_billing_user_id_index";`);
  }
}
