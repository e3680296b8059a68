// Voluntary self-identification for US jobs (issue 35 item 2, decision 088). The answers wait in
// the apply draft (`application_drafts.eeo`) and are written with the application, in its
// transaction, to their own table. Only two reads exist: the candidate's own answers (their data
// export) and the owner's counts per job and stage, where any small count is hidden. No reviewer's
// page, the applicant list, the CSV or the AI scorer reads this table.
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { jobOfMember, placeKeys, type Member } from "../hiring/index.server.ts";
import { EeoSelfIdentification, type ApplicationDraft } from "./entities.ts";
import { PIPELINE_STAGES, STATUS_LABELS } from "./pipeline.ts";
import {
  EEO_OPTIONS,
  EEO_QUESTIONS,
  eeoLabel,
  offersEeo,
  readEeoAnswers,
  type EeoAnswers,
  type EeoQuestion,
} from "./eeo-vocabulary.ts";

/** A job's applicants are asked when the job is in the United States and taken here. */
export const asksEeo = (job: { location: string | null; companyId: string | null }) =>
  job.companyId !== null && offersEeo(placeKeys(job.location));

/** The draft's answers as the wizard shows them ("" for a question not answered yet). */
export function draftEeoAnswers(draft: { eeo?: Record<string, string> | null } | null): Record<EeoQuestion, string> {
  const stored = draft?.eeo ?? {};
  return Object.fromEntries(
    EEO_QUESTIONS.map((q) => [q, EEO_OPTIONS[q].some((o) => o.code === stored[q]) ? stored[q]! : ""]),
  ) as Record<EeoQuestion, string>;
}

/** The posted section, as the draft keeps it: codes only, a blank question left out. */
export function postedEeo(form: FormData): Record<string, string> {
  const answers = readEeoAnswers((name) => form.get(name));
  return Object.fromEntries(
    EEO_QUESTIONS.flatMap((q) =>
      answers[q] !== "declined" || form.get(`eeo_${q}`) === "declined" ? [[q, answers[q]]] : [],
    ),
  );
}

/** Writes the application's answers in the caller's transaction: whatever was left blank is "declined". */
export function recordSelfIdentification(tx: EntityManager, applicationId: string, draftEeo: Record<string, string>) {
  const answers: EeoAnswers = readEeoAnswers((name) => draftEeo[name.slice(4)]);
  tx.create(EeoSelfIdentification, { applicationId, ...answers, createdAt: now() });
}

/** The candidate's own answers, by application, for their export (labels, as they chose them). */
export async function ownSelfIdentifications(applicationIds: string[]): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  if (!applicationIds.length) return found;
  const rows = await em().find(EeoSelfIdentification, { applicationId: { $in: applicationIds } });
  for (const row of rows)
    found.set(row.applicationId, Object.fromEntries(EEO_QUESTIONS.map((q) => [q, eeoLabel(q, row[q])])));
  return found;
}

/** The draft's section for the export: labels of what was chosen so far. */
export function draftSelfIdentification(draft: ApplicationDraft): Record<string, string> | null {
  if (!draft.eeo) return null;
  return Object.fromEntries(EEO_QUESTIONS.flatMap((q) => (draft.eeo![q] ? [[q, eeoLabel(q, draft.eeo![q]!)]] : [])));
}

/** The smallest count shown; anything smaller reads as hidden. */
export const EEO_MIN_COUNT = 5;

/** A count in the report: the number, or null when it is hidden. */
export type EeoCell = number | null;

export interface EeoReport {
  job: { id: string; title: string };
  /** Applicants who answered (declining included), all stages: none means nothing to show. */
  answered: boolean;
  /** Per question: its options, and per stage a count per option (null: hidden). */
  questions: {
    question: EeoQuestion;
    options: { code: string; label: string }[];
    stages: { stage: string; label: string; counts: EeoCell[] }[];
  }[];
}

/**
 * Hides small counts in one stage's answers to one question. A count below the minimum is hidden;
 * the owner knows the stage's size from the pipeline, so the hidden counts must not add up to less
 * than the minimum either (that would tell them, say, that nobody at the stage chose one answer, or
 * give a lone hidden count by subtraction): the smallest shown counts join them until they do.
 * No totals are shown.
 */
export function suppress(counts: readonly number[], min = EEO_MIN_COUNT): EeoCell[] {
  // An empty stage tells nothing: its zeros show.
  if (counts.every((n) => n === 0)) return [...counts];
  const hidden = counts.map((n) => n < min);
  if (!hidden.some(Boolean)) return [...counts];
  let hiddenSum = counts.reduce((sum, n, i) => sum + (hidden[i] ? n : 0), 0);
  const shown = counts.map((n, i) => ({ n, i })).filter(({ i }) => !hidden[i]);
  shown.sort((a, b) => a.n - b.n);
  for (const { n, i } of shown) {
    if (hiddenSum >= min && hidden.filter(Boolean).length >= 2) break;
    hidden[i] = true;
    hiddenSum += n;
  }
  return counts.map((n, i) => (hidden[i] ? null : n));
}

const COLUMNS: Record<EeoQuestion, string> = {
  gender: "gender",
  raceEthnicity: "race_ethnicity",
  veteranStatus: "veteran_status",
  disabilityStatus: "disability_status",
};

/**
 * The owner's report for one of their jobs: counts per answer per stage, small ones hidden.
 * Anyone else (a recruiter, an interviewer, another company) finds no such job.
 */
export async function eeoReport(member: Member, jobId: string): Promise<EeoReport> {
  const job = await jobOfMember(member, jobId, "manage-team");
  const parts = EEO_QUESTIONS.map(
    (q) =>
      `select '${q}' as question, a.status, e.${COLUMNS[q]} as code, count(*)::int as n
         from eeo_self_identifications e join applications a on a.id = e.application_id
        where a.job_id = ? group by a.status, e.${COLUMNS[q]}`,
  );
  const rows = await em().execute<{ question: EeoQuestion; status: string; code: string; n: number }[]>(
    parts.join(" union all "),
    EEO_QUESTIONS.map(() => job.id),
  );
  const count = (q: EeoQuestion, stage: string, code: string) =>
    rows.find((r) => r.question === q && r.status === stage && r.code === code)?.n ?? 0;
  return {
    job: { id: job.id, title: job.title ?? "Untitled job" },
    answered: rows.length > 0,
    questions: EEO_QUESTIONS.map((question) => ({
      question,
      options: EEO_OPTIONS[question].map(({ code, label }) => ({ code, label })),
      stages: PIPELINE_STAGES.map((stage) => ({
        stage,
        label: STATUS_LABELS[stage],
        counts: suppress(EEO_OPTIONS[question].map((o) => count(question, stage, o.code))),
      })),
    })),
  };
}
