import { Migration } from "@mikro-orm/migrations";
import { MATCH_TEXT } from "./Migration20261125130000_search_relevance.ts";

// The board's search at 1M jobs (decision 060):
// - rank_vector is kept in the row (storage main), as decision 014 meant: with the default
//   storage PostgreSQL moved it to TOAST in most rows (the row holds search_vector too), so ranking
//   read two more pages per job. A new storage applies to rows as they are written, so the table is
//   rewritten here, in publish order (CLUSTER on a temporary index), as a live board's rows are:
//   the newest jobs, which the search ranks first, then share pages.
// - Each job's pay in US dollars (the minimum-salary filter's expression), employment type,
//   category and location type join the newest jobs, the words and the place in the search's GIN
//   index, so a narrow filter with a common word meets the few jobs it keeps inside the index scan,
//   instead of reading every job with the word ("engineer" from $400,000: 236 ms at 100,000 jobs
//   before). Statistics on the pay expression let the planner see how narrow a minimum is (it
//   ignores a partial index's).
// - The trigram index (the spelling fallback's) also holds the publish time, so the fallback, which
//   looks among the newest jobs only, meets them in the index instead of reading every job whose
//   title or skills look like the word ("rust": 2,128 jobs read for 214 at 100,000 jobs).
// The rewrite holds an exclusive lock on jobs: about 30 s per 100,000 jobs on the 2-core machine.
export class Migration20261126100000_search_speed extends Migration {
  override name = "Migration20261126100000_search_speed";

  override async up(): Promise<void> {
    await this.execute(`drop index if exists "jobs_recent_rank_index";`);
    await this.execute(`drop index if exists "jobs_match_text_trgm_index";`);
    await this.execute(`alter table "jobs" alter column "rank_vector" set storage main;`);
    await this.execute(`create index "jobs_published_order_tmp" on "jobs" ("published_at");`);
    await this.execute(`cluster "jobs" using "jobs_published_order_tmp";`);
    await this.execute(`drop index "jobs_published_order_tmp";`);
    await this.execute(`create statistics "jobs_salary_usd_stats" on (${SALARY_USD}) from "jobs";`);
    await this.execute(
      `create index "jobs_recent_rank_index" on "jobs" using gin ("published_at", "rank_vector", "place_keys", (${SALARY_USD}), "employment_type", "category", "location_type") where "status" = 'active';`,
    );
    await this.execute(
      `create index "jobs_match_text_trgm_index" on "jobs" using gin ("published_at", (${MATCH_TEXT}) gin_trgm_ops) where "status" = 'active';`,
    );
    await this.execute(`analyze "jobs";`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "jobs_match_text_trgm_index";`);
    await this.execute(
      `create index "jobs_match_text_trgm_index" on "jobs" using gin ((${MATCH_TEXT}) gin_trgm_ops) where "status" = 'active';`,
    );
    await this.execute(`drop index if exists "jobs_recent_rank_index";`);
    await this.execute(
      `create index "jobs_recent_rank_index" on "jobs" using gin ("published_at", "rank_vector", "place_keys") where "status" = 'active';`,
    );
    await this.execute(`drop statistics if exists "jobs_salary_usd_stats";`);
    await this.execute(`alter table "jobs" alter column "rank_vector" set storage extended;`);
  }
}

/**
 * The minimum-salary filter's expression (SALARY_USD_SQL in modules/search/currency.ts, with the rates
 * of 2026-11-02) without the search's table alias: an index serves only the same expression. Frozen
 * here; new rates need a new migration that makes the index and statistics again.
 */
const SALARY_USD = `(coalesce(salary_max, salary_min) * (case salary_currency when 'USD' then 1 when 'EUR' then 1.08 when 'GBP' then 1.29 when 'CAD' then 0.72 else 1 end))`;
