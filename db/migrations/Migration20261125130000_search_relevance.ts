import { Migration } from "@mikro-orm/migrations";
import { placeKeys } from "../../modules/hiring/index.server.ts";

// Search a job seeker can trust (decision 053):
// - jobs.place_keys: the places a job's location names or implies ("country:de", "city:de-berlin"),
//   from the gazetteer in modules/hiring/places.ts, so "Germany", "DE" and "Deutschland" find the
//   same jobs. Written by hiring on every write; filled here for the jobs already there, in batches.
// - pg_trgm and a trigram index on each active job's title and skills, for words spelt like the
//   query's when its exact words find few ("javascrpt"). An expression index: no table rewrite.
// - words now match the narrow rank_vector (title, skills, company) only, so a GIN index over
//   (published_at, rank_vector, place_keys) replaces the one over (published_at, search_vector):
//   one index scan meets the newest jobs, the words and the place (decision 014's shape), instead
//   of handing the search every job whose description mentions a word.
export class Migration20261125130000_search_relevance extends Migration {
  override name = "Migration20261125130000_search_relevance";

  override async up(): Promise<void> {
    await this.execute(`create extension if not exists pg_trgm;`);
    // A job alert keeps its search's remote choice and salary currency (null and USD: the defaults).
    await this.execute(
      `alter table "job_alerts" add column "include_remote" boolean null, add column "salary_currency" varchar(3) not null default 'USD';`,
    );
    await this.execute(`alter table "jobs" add column "place_keys" text[] not null default '{}';`);
    const batch = 5000;
    for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
      const rows = (await this.execute(
        `select "id", "location" from "jobs" where "id" > ? and "location" is not null order by "id" limit ${batch}`,
        [after],
      )) as { id: string; location: string }[];
      if (!rows.length) break;
      const keys = rows.map((r) => ({ id: r.id, keys: placeKeys(r.location) })).filter((r) => r.keys.length);
      if (keys.length) {
        await this.execute(
          `update "jobs" j set "place_keys" = array(select json_array_elements_text(k."keys")) from json_to_recordset(?::json) as k("id" uuid, "keys" json) where j."id" = k."id"`,
          [JSON.stringify(keys)],
        );
      }
      after = rows.at(-1)!.id;
      if (rows.length < batch) break;
    }
    await this.execute(
      `create index "jobs_recent_rank_index" on "jobs" using gin ("published_at", "rank_vector", "place_keys") where "status" = 'active';`,
    );
    await this.execute(`drop index if exists "jobs_recent_search_index";`);
    await this.execute(
      `create index "jobs_match_text_trgm_index" on "jobs" using gin ((${MATCH_TEXT}) gin_trgm_ops) where "status" = 'active';`,
    );
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "jobs_match_text_trgm_index";`);
    await this.execute(
      `create index "jobs_recent_search_index" on "jobs" using gin ("published_at", "search_vector") where "status" = 'active';`,
    );
    await this.execute(`drop index if exists "jobs_recent_rank_index";`);
    await this.execute(`alter table "jobs" drop column "place_keys";`);
    await this.execute(`alter table "job_alerts" drop column "include_remote", drop column "salary_currency";`);
  }
}

/** A job's title and skills as one text, for trigram matching (the search uses the same expression). */
export const MATCH_TEXT = `coalesce("title", '') || ' ' || "skills"::text`;
