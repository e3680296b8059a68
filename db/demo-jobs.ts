// Demo jobs into the database: set-based SQL, a few thousand jobs per statement, because the ORM's
// unit of work is far too slow for the 100,000 jobs a load test wants. The jobs themselves come
// from the generator in seed/demo.ts (a seeded PRNG: a seed always gives the same jobs, ids and dates aside).
import { randomUUID } from "node:crypto";
import type { EntityManager, Kysely } from "@mikro-orm/postgresql";
import { transaction } from "../lib/db.ts";
import { now } from "../lib/clock.ts";
import { placeKeys } from "../lib/places.ts";
import { memberFor, type JobStatus } from "../modules/hiring/index.server.ts";
import { demoCompanyName, demoJobStream } from "./seed/demo.ts";

// ---------------------------------------------------------------------------------------------
// Inserting

const BATCH = 2_000;

// One JSON document per batch, unpacked by PostgreSQL: a single round trip and no per-row
// parameters.
const INSERT_JOBS = `
  insert into jobs (id, employer_id, company_id, status, title, company_name, location, place_keys, location_type, employment_type,
                    category, experience_level, salary_min, salary_max, salary_currency, requirements,
                    description, benefits, skills, created_at, updated_at, published_at)
  select id, employer_id, company_id, status, title, company_name, location, array(select json_array_elements_text(place_keys)), location_type, employment_type,
         category, experience_level, salary_min, salary_max, salary_currency, requirements,
         description, benefits, skills, created_at, published_at, published_at
    from json_to_recordset($1::json) as j(id uuid, employer_id uuid, company_id uuid, status text, title text,
         company_name text, location text, place_keys json, location_type text, employment_type text, category text,
         experience_level text, salary_min int, salary_max int, salary_currency text,
         requirements text, description text, benefits jsonb, skills jsonb, created_at timestamptz,
         published_at timestamptz)`;

const INSERT_QUESTIONS = `
  insert into job_questions (id, job_id, question_text, question_type, category, options, required, order_index)
  select gen_random_uuid(), job_id, question_text, question_type, category, options, required, order_index
    from json_to_recordset($1::json) as q(job_id uuid, question_text text, question_type text,
         category text, options jsonb, required boolean, order_index int)`;

/**
 * Runs SQL with real bind parameters ($1) on the transaction's connection. em.execute() would do,
 * but it inlines `?` parameters as quoted literals, escaping them a character at a time: about
 * half a second per 5 MB batch, which made 100,000 jobs take 53 s instead of 20 s. Kysely is the
 * ORM's own driver layer (lib/queue.ts hands it to pg-boss the same way).
 */
function executeBound(tx: EntityManager, text: string, parameters: unknown[]) {
  const query = { sql: text, parameters, query: { kind: "RawNode" }, queryId: { queryId: "demo-jobs" } };
  return tx.getKysely().executeQuery(query as unknown as Parameters<Kysely<unknown>["executeQuery"]>[0]);
}

export interface InsertDemoJobsOptions {
  count: number;
  /** Jobs go to these employers in turn (none: jobs without an employer). */
  employerIds: string[];
  /** The employers' company names; an employer without one gets a demo company of its own. */
  companyNames?: Record<string, string | null | undefined>;
  seed?: number;
  status?: Exclude<JobStatus, "draft">;
}

/** Inserts `count` demo jobs with their screening questions in one transaction; returns the count. */
export async function insertDemoJobs(options: InsertDemoJobsOptions): Promise<number> {
  const { count, employerIds, companyNames = {}, seed = 1, status = "active" } = options;
  const companies = employerIds.map((id, k) => companyNames[id] || demoCompanyName(seed, k));
  const nextJob = demoJobStream(seed, companies);
  const start = now().getTime();
  // Each employer's company (made now if they have none yet).
  const companyOf = new Map<string, string>();
  for (const id of new Set(employerIds)) companyOf.set(id, (await memberFor(id)).companyId);

  /** Jobs [from, to) and their questions, as the two statements' JSON parameters. */
  const batch = (from: number, to: number): [string, string] => {
    const jobs: unknown[] = [];
    const questions: unknown[] = [];
    for (let i = from; i < to; i++) {
      const job = nextJob(i);
      const id = randomUUID();
      const publishedAt = start - job.ageMinutes * 60_000;
      const employerId = employerIds.length ? employerIds[i % employerIds.length]! : null;
      jobs.push({
        id,
        employer_id: employerId,
        company_id: employerId ? companyOf.get(employerId) : null,
        status,
        title: job.title,
        company_name: job.companyName,
        location: job.location,
        place_keys: placeKeys(job.location),
        location_type: job.locationType,
        employment_type: job.employmentType,
        category: job.category,
        experience_level: job.experienceLevel,
        salary_min: job.salaryMin,
        salary_max: job.salaryMax,
        salary_currency: job.salaryCurrency,
        requirements: job.requirements,
        description: job.description,
        benefits: job.benefits,
        skills: job.skills,
        created_at: new Date(publishedAt - job.draftMinutes * 60_000).toISOString(),
        published_at: new Date(publishedAt).toISOString(),
      });
      job.questions.forEach((q, order) =>
        questions.push({
          job_id: id,
          question_text: q.questionText,
          question_type: q.questionType,
          category: q.category,
          options: q.options ?? undefined, // absent reads as SQL null
          required: q.required,
          order_index: order,
        }),
      );
    }
    return [JSON.stringify(jobs), JSON.stringify(questions)];
  };

  await transaction(async (tx) => {
    // The next batch is built while the database writes the previous one.
    let writing: Promise<unknown> = Promise.resolve();
    for (let from = 0; from < count; from += BATCH) {
      const [jobs, questions] = batch(from, Math.min(count, from + BATCH));
      await writing;
      writing = executeBound(tx, INSERT_JOBS, [jobs]).then(() => executeBound(tx, INSERT_QUESTIONS, [questions]));
    }
    await writing;
  });
  return count;
}
