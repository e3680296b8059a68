import { Migration } from "@mikro-orm/migrations";

export class Migration20261122190531_jobs extends Migration {
  override name = "Migration20261122190531_jobs";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "jobs" ("id" uuid not null, "employer_id" uuid null, "status" text not null default 'draft', "title" varchar(200) null, "company_name" varchar(160) null, "company_logo" varchar(500) null, "location" varchar(200) null, "location_type" text null, "employment_type" text null, "category" text null, "experience_level" text null, "salary_min" int null, "salary_max" int null, "salary_currency" text not null default 'USD', "requirements" text null, "description" text null, "benefits" jsonb not null default '[]', "skills" jsonb not null default '[]', "draft" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "published_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "jobs_employer_id_status_index" on "jobs" ("employer_id", "status");`);

    this.addSql(
      `create table "job_questions" ("id" uuid not null, "job_id" uuid not null, "question_text" text not null, "question_type" text not null, "category" text not null default 'custom', "options" jsonb null, "required" boolean not null default true, "order_index" int not null, primary key ("id"));`,
    );
    this.addSql(`create index "job_questions_job_id_index" on "job_questions" ("job_id");`);

    this.addSql(`alter table "users" add "company_logo" varchar(500) null;`);

    this.addSql(
      `alter table "jobs" add constraint "jobs_status_check" check ("status" in ('draft', 'active', 'closed', 'archived'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_location_type_check" check ("location_type" in ('onsite', 'remote', 'hybrid'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_employment_type_check" check ("employment_type" in ('FULLTIME', 'PARTTIME', 'CONTRACT', 'FREELANCE'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_category_check" check ("category" in ('Software Engineering', 'Data Science', 'Product Management', 'Design', 'Marketing', 'Sales', 'Finance', 'Operations', 'HR', 'Other'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_experience_level_check" check ("experience_level" in ('entry', 'mid', 'senior', 'lead', 'executive'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_salary_currency_check" check ("salary_currency" in ('USD', 'EUR', 'GBP', 'CAD'));`,
    );

    // Rules the database keeps too: a job past draft is complete, titles are never blank,
    // salaries are whole non-negative numbers in order, and questions are well formed.
    this.addSql(
      `alter table "jobs" add constraint "jobs_title_not_blank" check ("title" is null or btrim("title") <> '');`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_published_complete" check ("status" = 'draft' or ("title" is not null and "company_name" is not null and btrim("company_name") <> '' and "location" is not null and "location_type" is not null and "employment_type" is not null and "category" is not null and "requirements" is not null and "description" is not null));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_salary_min_check" check ("salary_min" is null or "salary_min" >= 0);`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_salary_max_check" check ("salary_max" is null or "salary_max" >= 0);`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_salary_range_check" check ("salary_min" is null or "salary_max" is null or "salary_min" <= "salary_max");`,
    );
    this.addSql(`alter table "jobs" add constraint "jobs_benefits_array" check (jsonb_typeof("benefits") = 'array');`);
    this.addSql(`alter table "jobs" add constraint "jobs_skills_array" check (jsonb_typeof("skills") = 'array');`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_employer_id_foreign" foreign key ("employer_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "job_questions" add constraint "job_questions_text_not_blank" check (btrim("question_text") <> '');`,
    );
    this.addSql(
      `alter table "job_questions" add constraint "job_questions_options_check" check (("question_type" = 'multiple_choice') = ("options" is not null and jsonb_typeof("options") = 'array' and jsonb_array_length("options") >= 2));`,
    );
    this.addSql(
      `alter table "job_questions" add constraint "job_questions_order_unique" unique ("job_id", "order_index");`,
    );

    this.addSql(
      `alter table "job_questions" add constraint "job_questions_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "job_questions" add constraint "job_questions_question_type_check" check ("question_type" in ('text', 'multiple_choice', 'rating'));`,
    );
    this.addSql(
      `alter table "job_questions" add constraint "job_questions_category_check" check ("category" in ('technical-deep', 'practical-experience', 'system-design', 'code-quality', 'troubleshooting', 'custom'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "job_questions" drop constraint "job_questions_job_id_foreign";`);

    this.addSql(`drop table if exists "jobs" cascade;`);
    this.addSql(`drop table if exists "job_questions" cascade;`);

    this.addSql(`alter table "users" drop column "company_logo";`);
  }
}
