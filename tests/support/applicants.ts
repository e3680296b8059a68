// Many applicants to one job at once, written straight to the database (candidates, applications
// and scores in three statements), for the applicants list's tests and journeys.
import { randomUUID } from "node:crypto";
import { em } from "../../lib/db.ts";

export interface SeededApplicant {
  name: string;
  status?: "submitted" | "reviewed" | "shortlisted" | "rejected" | "withdrawn";
  /** The overall match; null or absent: not scored yet. */
  score?: number | null;
  appliedAt: Date;
}

/** Adds the applicants to the company's job; returns their application ids in the order given. */
export async function seedApplicants(
  jobId: string,
  companyId: string,
  applicants: SeededApplicant[],
): Promise<string[]> {
  const rows = applicants.map((a) => ({
    user: randomUUID(),
    id: randomUUID(),
    name: a.name,
    status: a.status ?? "submitted",
    score: a.score ?? null,
    at: a.appliedAt.toISOString(),
  }));
  const json = JSON.stringify(rows);
  await em().execute(
    `insert into users (id, email, password_hash, role, full_name, created_at, updated_at)
     select r."user", 'seeded-' || r."user" || '@example.com', 'x', 'candidate', r.name, now(), now()
       from json_to_recordset(?::json) as r("user" uuid, name text)`,
    [json],
  );
  await em().execute(
    `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
     select r.id, ?, r."user", ?, r.status, r.at, r.at from json_to_recordset(?::json) as r(id uuid, "user" uuid, status text, at timestamptz)`,
    [jobId, companyId, json],
  );
  await em().execute(
    `insert into application_scores (application_id, technical, communication, culture_fit, overall, reasons, method, source, with_resume, scored_at)
     select r.id, r.score, r.score, r.score, r.score,
            jsonb_build_object('technical', 'Seeded.', 'communication', 'Seeded.', 'cultureFit', 'Seeded.', 'overall', 'Seeded match of ' || r.score || '.'),
            'builtin', 'builtin', false, now()
       from json_to_recordset(?::json) as r(id uuid, score int) where r.score is not null`,
    [json],
  );
  return rows.map((r) => r.id);
}
