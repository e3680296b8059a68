import { Migration } from "@mikro-orm/migrations";

// Full-text search over the board: a stored tsvector weighted title (A) > skills and requirements
// (B) > company (C) > description (D), its GIN index, and a partial index for listing active jobs
// newest first (the search with no words, and keyset paging).
export class Migration20261122203500_board_search extends Migration {
  override name = "Migration20261122203500_board_search";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "jobs" add column "search_vector" tsvector generated always as (${SEARCH_VECTOR}) stored;`,
    );
    this.addSql(
      `create index "jobs_search_vector_index" on "jobs" using gin ("search_vector") where "status" = 'active';`,
    );
    this.addSql(
      `create index "jobs_active_published_index" on "jobs" ("published_at" desc, "id" desc) where "status" = 'active';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "jobs_active_published_index";`);
    this.addSql(`drop index "jobs_search_vector_index";`);
    this.addSql(`alter table "jobs" drop column "search_vector";`);
  }
}

export const SEARCH_VECTOR = `setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', "skills"), 'B') || setweight(to_tsvector('english', coalesce("requirements", '')), 'B') || setweight(to_tsvector('english', coalesce("company_name", '')), 'C') || setweight(to_tsvector('english', coalesce("description", '')), 'D')`;
