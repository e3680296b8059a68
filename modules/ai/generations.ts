// Writing in the background: a request is a row in ai_generations (pending, then done or failed)
// and a pg-boss job that fills it in. The table allows one pending request per job and kind, and
// the job is enqueued in the same transaction as the row, so pressing Generate twice gives one job.
// What a result is for is the caller's business: the post wizard takes finished results once
// (`collectGenerations`) and puts them in its draft.
import { em } from "../../lib/db.ts";
import { enqueue, getBoss, type QueueDefinition } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { generateDescription, generateQuestions } from "./generate.ts";
import type { DescriptionInput, GeneratedQuestion, QuestionsInput, ResultSource } from "./types.ts";

export const GENERATION_QUEUE = "ai.generate";

export type GenerationKind = "description" | "questions";

export type GenerationRequest =
  { kind: "description"; input: DescriptionInput } | { kind: "questions"; input: QuestionsInput };

/** A request that has finished: its result, or the reason it failed for good. */
export type FinishedGeneration =
  | { id: string; kind: "description"; status: "done"; text: string; source: ResultSource; error: string | null }
  | {
      id: string;
      kind: "questions";
      status: "done";
      questions: GeneratedQuestion[];
      source: ResultSource;
      error: string | null;
    }
  | { id: string; kind: GenerationKind; status: "failed"; error: string | null };

interface Row {
  id: string;
  kind: GenerationKind;
  status: "pending" | "done" | "failed";
  input: DescriptionInput | QuestionsInput;
  result: { text?: string; questions?: GeneratedQuestion[] } | null;
  source: ResultSource | null;
  error: string | null;
  queue_job_id: string | null;
}

/**
 * Asks for a description or questions for `jobId` on behalf of `ownerId`. When one of that kind is
 * already pending for the job, nothing new is enqueued. Each new request counts against the
 * owner's AI generations for the hour: past them it throws QuotaExceededError and nothing is kept.
 * Runs inside the caller's transaction when there is one.
 */
export async function requestGeneration(
  ownerId: string,
  jobId: string,
  request: GenerationRequest,
): Promise<{ id: string; enqueued: boolean }> {
  return em().transactional(async (tx) => {
    const inserted: { id: string }[] = await tx.execute(
      `insert into ai_generations (job_id, owner_id, kind, input) values (?, ?, ?, ?::jsonb)
       on conflict (job_id, kind) where status = 'pending' do nothing returning id`,
      [jobId, ownerId, request.kind, JSON.stringify(request.input)],
    );
    if (!inserted.length) {
      const [pending] = await tx.execute(
        `select id from ai_generations where job_id = ? and kind = ? and status = 'pending'`,
        [jobId, request.kind],
      );
      return { id: pending.id as string, enqueued: false };
    }
    const id = inserted[0]!.id;
    // Counted here, in the same transaction: a refused request leaves no row behind.
    await enforceQuota("ai-generations", ownerId);
    const queueJobId = await enqueue(GENERATION_QUEUE, { generationId: id });
    await tx.execute(`update ai_generations set queue_job_id = ? where id = ?`, [queueJobId, id]);
    return { id, enqueued: true };
  });
}

/**
 * The owner's requests for a job: which kinds are still pending, and the finished ones not taken
 * before (each is returned once: call inside the transaction that uses it, so a rollback gives it
 * back). A request whose job failed for good (retries spent) is marked failed here.
 */
export async function collectGenerations(
  ownerId: string,
  jobId: string,
): Promise<{ pending: GenerationKind[]; finished: FinishedGeneration[] }> {
  return em().transactional(async (tx) => {
    const pendingRows: Row[] = await tx.execute(
      `select * from ai_generations where job_id = ? and owner_id = ? and status = 'pending'`,
      [jobId, ownerId],
    );
    const stillPending: Row[] = [];
    for (const row of pendingRows) {
      const failure = await failureOf(row);
      if (failure === null) stillPending.push(row);
      else
        await tx.execute(
          `update ai_generations set status = 'failed', error = ?, finished_at = now() where id = ? and status = 'pending'`,
          [failure, row.id],
        );
    }
    // Row locks make two readers at once take each result only once.
    const taken: Row[] = await tx.execute(
      `update ai_generations set delivered_at = now()
        where job_id = ? and owner_id = ? and status <> 'pending' and delivered_at is null
        returning *`,
      [jobId, ownerId],
    );
    // Each statement sees the latest commits: a request that finished after the first read is
    // taken here, and is no longer pending.
    const pending = stillPending.filter((row) => !taken.some((t) => t.id === row.id)).map((row) => row.kind);
    return { pending, finished: taken.sort((a, b) => a.kind.localeCompare(b.kind)).map(finished) };
  });
}

/** Why the request's job failed for good, or null while it may still run. */
async function failureOf(row: Row): Promise<string | null> {
  if (!row.queue_job_id) return "The request was never queued";
  const [job] = await getBoss().findJobs<object>(GENERATION_QUEUE, { id: row.queue_job_id });
  if (!job) return "The request's job is gone";
  if (job.state !== "failed" && job.state !== "cancelled") return null;
  const message = (job.output as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : `The job ${job.state === "failed" ? "failed" : "was cancelled"}`;
}

function finished(row: Row): FinishedGeneration {
  if (row.status === "failed" || !row.result || !row.source)
    return { id: row.id, kind: row.kind, status: "failed", error: row.error };
  const base = { id: row.id, status: "done" as const, source: row.source, error: row.error };
  return row.kind === "description"
    ? { ...base, kind: "description", text: row.result.text ?? "" }
    : { ...base, kind: "questions", questions: row.result.questions ?? [] };
}

/**
 * Fills in one request. A provider that fails gives the built-in result (source "fallback"), so
 * this throws only when the database does; pg-boss then retries, and a request that runs twice is
 * written once.
 */
async function runGeneration(generationId: string): Promise<void> {
  const [row]: Row[] = await em().execute(`select * from ai_generations where id = ? and status = 'pending'`, [
    generationId,
  ]);
  if (!row) return;
  const { source, error, ...result } =
    row.kind === "description"
      ? await generateDescription(row.input as DescriptionInput)
      : await generateQuestions(row.input as QuestionsInput);
  await em().execute(
    `update ai_generations set status = 'done', result = ?::jsonb, source = ?, error = ?, finished_at = now() where id = ? and status = 'pending'`,
    [JSON.stringify(result), source, error ?? null, generationId],
  );
}

// A model call takes up to 3 attempts of 30 s with back-off (http.ts): expire well after that.
const generationQueue: QueueDefinition<{ generationId: string }> = {
  name: GENERATION_QUEUE,
  retryLimit: 2,
  retryDelay: 2,
  expireInSeconds: 180,
  async handle({ generationId }) {
    await runGeneration(generationId);
  },
};

export const aiQueues = [generationQueue];
