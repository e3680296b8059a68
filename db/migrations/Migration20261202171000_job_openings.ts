import { Migration } from "@mikro-orm/migrations";

// How many people a job hires (decision 075): the hire that fills the last opening offers to
// close the job and tell the undecided applicants. Every job so far hires one.
export class Migration20261202171000_job_openings extends Migration {
  override name = "Migration20261202171000_job_openings";

  override up(): void | Promise<void> {
    this.addSql(`alter table "jobs" add column "openings" int not null default 1;`);
    this.addSql(`alter table "jobs" add constraint "jobs_openings_check" check ("openings" between 1 and 100);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "jobs" drop column "openings";`);
  }
}
