import { Migration } from "@mikro-orm/migrations";

// A deleted candidate's applications stay, without the candidate (decision 039): the employer's
// counts and pipeline stay true, and the application reads "Deleted candidate". The answers,
// resume and scores are erased with the account; the row keeps the job, status and dates.
export class Migration20261124180000_deleted_candidates extends Migration {
  override name = "Migration20261124180000_deleted_candidates";

  override up(): void | Promise<void> {
    this.addSql(`alter table "applications" alter column "candidate_id" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "applications" where "candidate_id" is null;`);
    this.addSql(`alter table "applications" alter column "candidate_id" set not null;`);
  }
}
