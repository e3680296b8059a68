import { Migration } from "@mikro-orm/migrations";

// The salary insight's figures (modules/search/salary-insight.ts, decision 055): per category,
// region ("remote", or the location's last part, lower-cased) and currency, the median and middle
// half of active jobs' salary midpoints, from at least 5 jobs. A scheduled job rewrites the table;
// job pages read one row instead of scanning the board on every view.
export class Migration20261125150000_salary_figures extends Migration {
  override name = "Migration20261125150000_salary_figures";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "salary_figures" ("category" varchar(60) not null, "region" varchar(200) not null, "currency" varchar(3) not null, "count" int not null, "median" int not null, "low" int not null, "high" int not null, "refreshed_at" timestamptz not null, primary key ("category", "region", "currency"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "salary_figures" cascade;`);
  }
}
