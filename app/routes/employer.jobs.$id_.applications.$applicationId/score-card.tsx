// The AI's reading of an application on the employer's page: four figures, each with its reason.
// The lines' names and the guidance are the catalogue's (review.score); their English is the AI
// module's COLLABORATION_LABEL and SCORING_GUIDANCE.
import { useTranslation } from "react-i18next";
import type { ApplicationScoreView } from "#modules/applications/index.server.ts";
import { Card } from "#app/components/ui/card.tsx";

export const SCORE_LINES = ["overall", "technical", "communication", "cultureFit"] as const;

/** The AI's reading of the application: four figures, each with the line behind it. */
export function ScoreCard({ score, deleted }: { score: ApplicationScoreView | null; deleted: boolean }) {
  const { t } = useTranslation("review");
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("score.heading")}</h2>
      {score ? (
        <>
          <dl className="mt-3 grid gap-3">
            {SCORE_LINES.map((key) => (
              <div key={key}>
                <dt className="flex items-baseline justify-between text-sm">
                  <span className="font-medium">{t(`score.${key}`)}</span>
                  <span className="font-bold tabular-nums">
                    {key === "overall" ? `${score.overall}%` : `${score[key]}/100`}
                  </span>
                </dt>
                <dd className="mt-1 text-sm text-muted">{score.reasons[key]}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-muted">
            {score.source === "fallback" ? t("score.fallback") : ""}
            {score.withResume ? t("score.withResume") : t("score.answersOnly")} {t("score.guide")}
          </p>
          <p className="mt-2 text-xs text-muted">{t("score.guidance")}</p>
        </>
      ) : deleted ? (
        <p className="mt-2 text-sm text-muted">{t("score.deleted")}</p>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("score.scoring")}</p>
      )}
    </Card>
  );
}
