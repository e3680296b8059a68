// AI help for the review, in the background: a score per application (technical, communication,
// culture fit, an overall match, each with its reason), and screening questions for imported
// listings that came without any. Each job is safe to run twice: a score is one row per application
// (a rerun replaces it), and a listing's questions are stored once.
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { asDraftQuestion, generateQuestions, scoreApplication } from "../ai/index.server.ts";
import {
  addGeneratedQuestions,
  jobForScoring,
  jobToApply,
  type QuestionCategory,
  type QuestionType,
} from "../hiring/index.server.ts";
import { Application, ApplicationAnswer, Resume } from "./entities.ts";

export const SCORE_QUEUE = "applications.score";
export const PREPARE_QUESTIONS_QUEUE = "applications.prepare-questions";

/** Questions made for a listing that has none (12, made once per job). */
export const GENERATED_QUESTION_COUNT = 12;

export interface ApplicationScoreView {
  technical: number;
  communication: number;
  cultureFit: number;
  overall: number;
  reasons: { technical: string; communication: string; cultureFit: string; overall: string };
  /** "ai", "builtin", or "fallback" when the AI service failed and the built-in method stood in. */
  source: string;
  withResume: boolean;
  scoredAt: string;
}

interface ScoreRow {
  application_id: string;
  technical: number;
  communication: number;
  culture_fit: number;
  overall: number;
  reasons: ApplicationScoreView["reasons"];
  source: string;
  with_resume: boolean;
  scored_at: Date;
}

/** The scores of these applications, by application id (one query). */
export async function scoresFor(applicationIds: string[]): Promise<Map<string, ApplicationScoreView>> {
  if (!applicationIds.length) return new Map();
  const rows = await em().execute<ScoreRow[]>(
    `select * from application_scores where application_id = any(?::uuid[])`,
    [`{${applicationIds.join(",")}}`],
  );
  return new Map(
    rows.map((r) => [
      r.application_id,
      {
        technical: r.technical,
        communication: r.communication,
        cultureFit: r.culture_fit,
        overall: r.overall,
        reasons: r.reasons,
        source: r.source,
        withResume: r.with_resume,
        scoredAt: new Date(r.scored_at).toISOString(),
      },
    ]),
  );
}

/** Scores one application from its job, its answers and its resume's text; replaces any earlier score. */
export async function scoreOne(applicationId: string): Promise<void> {
  const application = await em().findOne(Application, { id: applicationId });
  // A deleted candidate's application has nothing left to score.
  if (!application?.candidateId) return;
  const [job, answers, resume] = await Promise.all([
    jobForScoring(application.jobId),
    em().find(ApplicationAnswer, { applicationId }, { orderBy: { orderIndex: "asc" } }),
    application.resumeId ? em().findOne(Resume, { id: application.resumeId }, { populate: ["text"] }) : null,
  ]);
  if (!job) return;
  const resumeText = resume?.textStatus === "ready" ? (resume.text ?? null) : null;
  // Only the job, the answers and the resume's text: never a name, photo, email or address.
  const score = await scoreApplication({
    job,
    answers: answers.map((a) => ({
      question: a.questionText,
      type: a.questionType as QuestionType,
      category: a.category,
      answer: a.answer,
      rating: a.rating ?? null,
    })),
    resumeText,
  });
  await transaction(async () => {
    // The score is written only while the application still has its candidate: an account deleted
    // while the model was reading holds this row until its erasure commits, and then nothing is written.
    const current = await lockForUpdate(Application, { id: applicationId });
    if (!current?.candidateId) return;
    await writeScore(applicationId, score, resumeText !== null);
  });
}

async function writeScore(
  applicationId: string,
  score: Awaited<ReturnType<typeof scoreApplication>>,
  withResume: boolean,
): Promise<void> {
  await em().execute(
    `insert into application_scores (application_id, technical, communication, culture_fit, overall, reasons, method, source, with_resume, scored_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     on conflict (application_id) do update set technical = excluded.technical, communication = excluded.communication,
       culture_fit = excluded.culture_fit, overall = excluded.overall, reasons = excluded.reasons, method = excluded.method,
       source = excluded.source, with_resume = excluded.with_resume, scored_at = excluded.scored_at`,
    [
      applicationId,
      score.technical,
      score.communication,
      score.cultureFit,
      score.overall,
      JSON.stringify(score.reasons),
      score.method,
      score.source,
      withResume,
      now(),
    ],
  );
}

const scoreQueue: QueueDefinition<{ applicationId: string }> = {
  name: SCORE_QUEUE,
  // A model may be slow: up to two minutes a run; a run whose worker died is retried after 10 s.
  expireInSeconds: 120,
  heartbeatSeconds: 10,
  handle: ({ applicationId }) => scoreOne(applicationId),
};

/** Makes the screening questions of an imported listing that has none, once. */
export async function prepareQuestions(jobId: string): Promise<void> {
  const job = await jobToApply(jobId);
  if (!job?.questionsPending) return;
  const generated = await generateQuestions({
    title: job.title,
    description: job.description,
    requirements: job.requirements,
    skills: job.skills,
    count: GENERATED_QUESTION_COUNT,
  });
  await addGeneratedQuestions(
    jobId,
    generated.questions.map((q) => {
      const draft = asDraftQuestion(q);
      return {
        questionText: draft.question_text,
        questionType: draft.question_type as QuestionType,
        category: draft.category as QuestionCategory,
        options: q.options ?? null,
        required: true,
      };
    }),
  );
}

const prepareQuestionsQueue: QueueDefinition<{ jobId: string }> = {
  name: PREPARE_QUESTIONS_QUEUE,
  policy: "exclusive",
  expireInSeconds: 120,
  heartbeatSeconds: 10,
  handle: ({ jobId }) => prepareQuestions(jobId),
};

/** Asks for a listing's questions; a request already waiting or running for the job is not repeated. */
export async function requestQuestions(jobId: string): Promise<void> {
  await enqueue(PREPARE_QUESTIONS_QUEUE, { jobId }, { singletonKey: jobId });
}

export const scoringQueues = [scoreQueue, prepareQuestionsQueue];
