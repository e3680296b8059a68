import { Migration } from "@mikro-orm/migrations";

// Board search at 100k-1M jobs (decision 014):
// - the full document vector stays in the row (storage main) instead of out of line in TOAST, so
//   checking a row against the words no longer fetches it from TOAST; the description and
//   requirements move out instead. The column added below rewrites every row in the new layout.
// - a narrow ranking vector (title A, skills B, company C), in the row, for ts_rank_cd.
// - a GIN index on (published_at, search_vector) over active jobs (btree_gin), so the newest
//   jobs that match are found inside one index scan. It replaces the GIN index on search_vector
//   alone, which it also serves.
export class Migration20261123160000_board_search_speed extends Migration {
  override name = "Migration20261123160000_board_search_speed";

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(
      `alter table "jobs" alter column "search_vector" set storage main, add column "rank_vector" tsvector generated always as (${RANK_VECTOR}) stored;`,
    );
    this.addSql(
      `create index "jobs_recent_search_index" on "jobs" using gin ("published_at", "search_vector") where "status" = 'active';`,
    );
    this.addSql(`drop index "jobs_search_vector_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create index "jobs_search_vector_index" on "jobs" using gin ("search_vector") where "status" = 'active';`,
    );
    this.addSql(`drop index "jobs_recent_search_index";`);
    this.addSql(`alter table "jobs" drop column "rank_vector", alter column "search_vector" set storage extended;`);
  }
}

export const RANK_VECTOR = `setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', "skills"), 'B') || setweight(to_tsvector('english', coalesce("company_name", '')), 'C')`;
