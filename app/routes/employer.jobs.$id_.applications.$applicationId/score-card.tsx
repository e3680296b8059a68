// The AI's reading of an application on the employer's page: four figures, each with its reason.
import { COLLABORATION_LABEL, SCORING_GUIDANCE } from "#modules/ai/browser.ts";
import type { ApplicationScoreView } from "#modules/applications/index.server.ts";
import { Card } from "#app/components/ui/card.tsx";

export const SCORE_LINES = [
  ["overall", "Overall match"],
  ["technical", "Technical"],
  ["communication", "Communication"],
  ["cultureFit", COLLABORATION_LABEL],
] as const;

/** The AI's reading of the application: four figures, each with the line behind it. */
export function ScoreCard({ score, deleted }: { score: ApplicationScoreView | null; deleted: boolean }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">AI match</h2>
      {score ? (
        <>
          <dl className="mt-3 grid gap-3">
            {SCORE_LINES.map(([key, label]) => (
              <div key={key}>
                <dt className="flex items-baseline justify-between text-sm">
                  <span className="font-medium">{label}</span>
                  <span className="font-bold tabular-nums">
                    {key === "overall" ? `${score.overall}%` : `${score[key]}/100`}
                  </span>
                </dt>
                <dd className="mt-1 text-sm text-muted">{score.reasons[key]}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-muted">
            {score.source === "fallback" ? "The AI service was unavailable, so the built-in method scored this. " : ""}
            {score.withResume ? "Read from the answers and the resume." : "Read from the answers only."} A guide for
            your review: people decide.
          </p>
          <p className="mt-2 text-xs text-muted">{SCORING_GUIDANCE}</p>
        </>
      ) : deleted ? (
        <p className="mt-2 text-sm text-muted">No score: the candidate deleted their account.</p>
      ) : (
        <p className="mt-2 text-sm text-muted">Scoring this application… Refresh in a moment.</p>
      )}
    </Card>
  );
}
