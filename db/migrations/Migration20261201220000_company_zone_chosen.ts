import { Migration } from "@mikro-orm/migrations";

// Whether an owner has saved the company's time zone: until then a published job's place sets it
// (modules/hiring/place-zones.ts). Existing companies that moved off UTC were set by an owner.
export class Migration20261201220000_company_zone_chosen extends Migration {
  override name = "Migration20261201220000_company_zone_chosen";

  override async up(): Promise<void> {
    this.addSql(`alter table "companies" add column "time_zone_chosen" boolean not null default false;`);
    this.addSql(`update "companies" set "time_zone_chosen" = true where "time_zone" <> 'UTC';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "companies" drop column "time_zone_chosen";`);
  }
}
