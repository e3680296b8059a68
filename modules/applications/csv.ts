// A job's applications as CSV for the employer: one row per application with its stage, the AI's
// scores, the team's average rating, a rejection's private reason, how many messages the thread holds,
// the team's scorecards (the mean per attribute, the mean recommendation and how many are in, as far
// as the member may read them: decision 085) and one column per question, streamed in pages so a large job
// never sits in memory whole. Dates are in the company's time zone ("2026-11-24 14:05 Europe/Berlin",
// so the zone travels with the file). Cells a spreadsheet would run as a formula are neutralised.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { jobOfMember, type JobQuestionView, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { Application, ApplicationAnswer } from "./entities.ts";
import { candidateLabel, STATUS_LABELS } from "./review.ts";
import { averageRatings } from "./ratings.ts";
import { messageCounts } from "./messages.ts";
import { COLLABORATION_LABEL } from "../ai/index.server.ts";
import { scoresFor } from "./scoring.ts";
import { rejectionReasons } from "./rejections.ts";
import { csvDateTime } from "./zoned-dates.ts";
import { scorecardColumns, scorecardMeans } from "./scorecard-summary.ts";

// A leading =, +, -, @, tab or carriage return (or their full-width forms) starts a formula.
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const neutralise = (value: string) => (FORMULA.test(value) ? `'${value}` : value);

const PAGE = 200;

/**
 * The CSV of a job's applications, oldest first, for a member who decides on them (else not found).
 * Throws QuotaExceededError past the member's CSV exports for the minute.
 */
export async function applicationsCsv(
  member: Member,
  jobId: string,
  questions: JobQuestionView[],
): Promise<ReadableStream<Uint8Array>> {
  await jobOfMember(member, jobId, "decide");
  await enforceQuota("csv-exports", member.userId);
  const companyId = member.companyId;
  const attributes = await scorecardColumns(jobId);
  const columns = [
    { key: "name", header: "Name" },
    { key: "email", header: "Email" },
    { key: "stage", header: "Stage" },
    { key: "applied", header: "Applied" },
    { key: "updated", header: "Stage last updated" },
    { key: "rejectionReason", header: "Rejection reason (private)" },
    { key: "rejectionNote", header: "Rejection note (private)" },
    { key: "overall", header: "Overall match (%)" },
    { key: "technical", header: "Technical" },
    { key: "communication", header: "Communication" },
    { key: "cultureFit", header: COLLABORATION_LABEL },
    { key: "rating", header: "Average rating" },
    { key: "ratings", header: "Ratings" },
    { key: "messages", header: "Messages" },
    // Owners name attributes: the prefix keeps a name from starting a header cell (no formula).
    ...attributes.map((a, i) => ({ key: `sc${i}`, header: `Scorecard: ${a.name} (mean of 4)` })),
    { key: "recommendation", header: "Scorecard: Overall recommendation (mean of 4)" },
    { key: "scorecards", header: "Scorecards submitted" },
    ...questions.map((q, i) => ({ key: `q${i}`, header: q.questionText })),
    { key: "resume", header: "Resume" },
  ];
  const csv = stringify({ header: true, columns, bom: true, cast: { string: neutralise } });

  async function* rows() {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const page: Application[] = await em().find(
        Application,
        after
          ? {
              jobId,
              companyId,
              $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, id: { $gt: after.id } }],
            }
          : { jobId, companyId },
        { orderBy: { createdAt: "asc", id: "asc" }, limit: PAGE },
      );
      if (!page.length) return;
      const ids = page.map((a) => a.id);
      const [people, answers, scores, ratings, messages, reasons, cards] = await Promise.all([
        publicProfiles(page.flatMap((a) => (a.candidateId ? [a.candidateId] : []))),
        em().find(ApplicationAnswer, { applicationId: { $in: ids } }),
        scoresFor(ids),
        averageRatings(ids),
        messageCounts(ids),
        rejectionReasons(page.filter((a) => a.status === "rejected").map((a) => a.id)),
        scorecardMeans(member, ids),
      ]);
      for (const application of page) {
        const person = application.candidateId ? people.get(application.candidateId) : undefined;
        const mine = answers.filter((a) => a.applicationId === application.id);
        const score = scores.get(application.id);
        const rating = ratings.get(application.id);
        const card = cards.get(application.id);
        const row: Record<string, string> = {
          name: candidateLabel(application.candidateId, person),
          email: person?.email ?? "",
          stage: STATUS_LABELS[application.status],
          applied: csvDateTime(application.createdAt, member.timeZone),
          updated: csvDateTime(application.updatedAt, member.timeZone),
          rejectionReason: reasons.get(application.id)?.reason ?? "",
          rejectionNote: reasons.get(application.id)?.note ?? "",
          overall: score ? String(score.overall) : "",
          technical: score ? String(score.technical) : "",
          communication: score ? String(score.communication) : "",
          cultureFit: score ? String(score.cultureFit) : "",
          rating: rating ? String(rating.average) : "",
          ratings: rating ? String(rating.count) : "0",
          messages: String(messages.get(application.id) ?? 0),
          recommendation: card && card.average !== null ? String(card.average) : "",
          scorecards: String(card?.count ?? 0),
          resume:
            application.resumeId && application.status !== "withdrawn"
              ? new URL(`/resumes/${application.resumeId}`, config().publicUrl).toString()
              : "",
        };
        attributes.forEach((a, i) => {
          const mean = card?.attributes.get(a.id);
          row[`sc${i}`] = mean === undefined ? "" : String(mean);
        });
        questions.forEach((q, i) => {
          const answer = mine.find((a) => a.questionId === q.id) ?? mine.find((a) => a.questionText === q.questionText);
          row[`q${i}`] = answer ? (answer.rating ? `${answer.rating}/5` : answer.answer) : "";
        });
        yield row;
      }
      const last = page[page.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  Readable.from(rows())
    .on("error", (error) => csv.destroy(error))
    .pipe(csv);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
