// AI feedback on the candidate's answers, on the apply wizard's review step: for plans that include
// it (billing-plans), the ai module's advice per written answer; for the others, the offer.
import { includesAnswerFeedback } from "#modules/billing-plans/index.server.ts";
import { answerFeedback } from "#modules/ai/index.server.ts";
import type { FeedbackView } from "#app/apply-view.ts";
import { jobForScoring } from "#modules/hiring/index.server.ts";
import type { ApplyState } from "#modules/applications/index.server.ts";

export async function feedbackFor(candidateId: string, state: ApplyState): Promise<FeedbackView> {
  if (!(await includesAnswerFeedback(candidateId))) return { included: false, items: [] };
  const job = await jobForScoring(state.job.id);
  if (!job) return { included: true, items: [] };
  const answers = state.job.questions.map((q) => ({
    question: q.questionText,
    type: q.questionType,
    category: q.category,
    answer: state.answers[q.id] ?? "",
  }));
  return { included: true, items: answerFeedback(job, answers) };
}
