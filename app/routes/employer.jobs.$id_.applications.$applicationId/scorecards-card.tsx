// The team's scorecards on the employer's application page (#scorecards, decisions 083 and 085):
// the member's own (write, continue or edit it), and once they may read them (theirs submitted, or
// an owner) every submitted rating per attribute with who gave it and its spread over the scale,
// the overall recommendations with the take-aways, and who has not submitted yet (owners and
// recruiters remind each by email). Beside it the AI's dimensions, set apart as the AI's: they
// are never counted among the team's ratings. What is hidden the server never sent.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ratingSpread, SCALE, type ScorecardPicture, type ScorecardReminders } from "#modules/applications/browser.ts";
import type { ApplicationScoreView } from "#modules/applications/index.server.ts";
import { SCORE_LINES } from "./score-card.tsx";
import { intlLocale } from "#locales/index.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { ButtonLink, IntentButton } from "#app/components/ui/button.tsx";

const TONES: Record<number, BadgeTone> = { 1: "red", 2: "yellow", 3: "teal", 4: "green" };
const toneOf = (point: number | null): BadgeTone => (point === null ? "slate" : (TONES[point] ?? "slate"));

/** A point of the scale in the page's language ("Strong yes"; null: "Not assessed"). */
export function useScaleLabel(): (point: number | null) => string {
  const { t } = useTranslation("review");
  return (point) => t(`scale.${point ?? "na"}`, { defaultValue: t("scale.na") });
}

/** "Lowest No, highest Strong yes · Strong no 0 · No 1 · Yes 0 · Strong yes 1 · 1 not assessed". */
function Spread({ ratings, label }: { ratings: (number | null)[]; label: string }) {
  const { t, i18n } = useTranslation("review");
  const scaleLabel = useScaleLabel();
  const spread = ratingSpread(ratings);
  if (spread.lowest === null)
    return spread.notAssessed ? (
      <p className="text-xs text-muted">{t("scorecards.notAssessedByAnyone", { label })}</p>
    ) : null;
  // As the module's meanLabel ("2.5"), in the page's locale ("2,5").
  const mean = spread.mean!.toLocaleString(intlLocale(i18n.language), { maximumFractionDigits: 1 });
  return (
    <p className="text-xs text-muted" aria-label={label}>
      <span className="font-medium text-fg">
        {spread.lowest === spread.highest
          ? t("scorecards.all", { label: scaleLabel(spread.lowest) })
          : t("scorecards.range", { lowest: scaleLabel(spread.lowest), highest: scaleLabel(spread.highest) })}
      </span>
      {t("scorecards.mean", { mean })}
      {SCALE.map((point) => `${scaleLabel(point)} ${spread.counts[point]}`).join(" · ")}
      {spread.notAssessed ? t("scorecards.notAssessedCount", { count: spread.notAssessed }) : ""}
    </p>
  );
}

/** The AI's four figures, labelled as its own. */
function AiView({ score }: { score: ApplicationScoreView | null }) {
  const { t } = useTranslation("review");
  return (
    <aside aria-labelledby="ai-view-heading" className="rounded-xl border border-dashed border-subtle bg-band p-3">
      <h3 id="ai-view-heading" className="font-semibold">
        {t("scorecards.aiView")}
      </h3>
      <p className="text-xs text-muted">{t("scorecards.aiViewNote")}</p>
      {score ? (
        <dl className="mt-2 grid gap-1 text-sm">
          {SCORE_LINES.map((key) => (
            <div key={key} className="flex items-baseline justify-between gap-3">
              <dt>{t(`score.${key}`)}</dt>
              <dd className="font-semibold tabular-nums">
                {key === "overall" ? `${score.overall}%` : `${score[key]}/100`}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("scorecards.noAiScore")}</p>
      )}
    </aside>
  );
}

function Pending({ reminders }: { reminders: ScorecardReminders }) {
  const { t } = useTranslation("review");
  if (!reminders.pending.length) return <p className="text-sm text-muted">{t("scorecards.everyoneSubmitted")}</p>;
  return (
    <div className="text-sm">
      <p className="font-medium">{t("scorecards.notSubmitted")}</p>
      <ul className="mt-1 grid gap-2" aria-label={t("scorecards.notSubmittedLabel")}>
        {reminders.pending.map((p) => (
          <li key={p.userId} className="flex flex-wrap items-center gap-2">
            <span className="[overflow-wrap:anywhere]">{p.mine ? t("scorecards.youShort") : p.name}</span>
            {p.remindedAt ? (
              <span className="text-xs text-muted">{t("scorecards.reminded", { at: p.remindedAt })}</span>
            ) : null}
            {p.mayRemind ? (
              <Form method="post" className="inline">
                <input type="hidden" name="member" value={p.userId} />
                <IntentButton
                  intent="remind-scorecard"
                  size="sm"
                  pendingLabel={t("scorecards.sending")}
                  aria-label={t("scorecards.remindLabel", { name: p.name })}
                >
                  {t("scorecards.remind")}
                </IntentButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ScorecardsCard({
  picture,
  reminders,
  score,
  path,
}: {
  picture: ScorecardPicture;
  reminders: ScorecardReminders;
  score: ApplicationScoreView | null;
  path: string;
}) {
  const { myState } = picture;
  const { t } = useTranslation("review");
  const scaleLabel = useScaleLabel();
  return (
    <Card as="section" id="scorecards" aria-labelledby="scorecards-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="scorecards-heading" className="text-lg font-semibold">
          {t("scorecards.heading")}
        </h2>
        <Badge tone={myState === "submitted" ? "green" : myState === "draft" ? "yellow" : "slate"}>
          {myState === "submitted"
            ? t("scorecards.mineSubmitted")
            : myState === "draft"
              ? t("scorecards.mineDraft")
              : t("scorecards.mineToWrite")}
        </Badge>
        <ButtonLink to={path} size="sm" variant={myState === "submitted" ? "secondary" : "primary"} className="ml-auto">
          {myState === "submitted"
            ? t("scorecards.edit")
            : myState === "draft"
              ? t("scorecards.continueDraft")
              : t("scorecards.write")}
        </ButtonLink>
      </div>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-4">
          {!picture.visible ? (
            <p className="text-muted">
              {picture.submittedCount
                ? t("scorecards.colleaguesSubmitted", { count: picture.submittedCount })
                : t("scorecards.noneYetSpace")}
              {t("scorecards.hiddenUntil")}
            </p>
          ) : picture.recommendations.length ? (
            <>
              <div>
                <h3 className="font-semibold">{t("scorecards.recommendations")}</h3>
                <Spread
                  ratings={picture.recommendations.map((r) => r.recommendation)}
                  label={t("scorecards.spreadOfRecommendations")}
                />
                <ul className="mt-2 grid gap-3">
                  {picture.recommendations.map((r, i) => (
                    <li key={i} className="rounded-xl border border-subtle p-3">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium [overflow-wrap:anywhere]">
                          {r.mine ? t("scorecards.you", { name: r.by }) : r.by}
                        </span>
                        <Badge tone={toneOf(r.recommendation)}>{scaleLabel(r.recommendation)}</Badge>
                        <span className="text-xs text-muted">
                          {t("scorecards.submitted", { at: r.submittedAt }) +
                            (r.editedAt ? t("scorecards.changed", { at: r.editedAt }) : "")}
                        </span>
                      </p>
                      {r.takeaways ? <p className="mt-1 whitespace-pre-line text-sm text-soft">{r.takeaways}</p> : null}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="font-semibold">{t("scorecards.byAttribute")}</h3>
                <dl className="mt-2 grid gap-3">
                  {picture.attributes.map((a) => (
                    <div key={a.id} className="grid gap-1 border-t border-subtle pt-3 sm:grid-cols-[1fr_2fr] sm:gap-4">
                      <dt className="[overflow-wrap:anywhere]">
                        <span className="font-medium">{a.name}</span>{" "}
                        <span className="text-xs text-muted">
                          {t(`groups.${a.group}`)}
                          {a.retired ? t("scorecards.retired") : ""}
                        </span>
                      </dt>
                      <dd className="grid gap-1">
                        <span className="flex flex-wrap gap-2">
                          {a.ratings.length ? (
                            a.ratings.map((r, i) => (
                              <span key={i} className="inline-flex items-center gap-1.5 text-sm">
                                <Badge tone={toneOf(r.rating)}>{scaleLabel(r.rating)}</Badge>
                                <span className="[overflow-wrap:anywhere]">
                                  {r.mine ? t("scorecards.youShort") : r.by}
                                </span>
                              </span>
                            ))
                          ) : (
                            <span className="text-sm text-muted">{t("scorecards.notRated")}</span>
                          )}
                        </span>
                        <Spread
                          ratings={a.ratings.map((r) => r.rating)}
                          label={t("scorecards.spreadOf", { name: a.name })}
                        />
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </>
          ) : (
            <p className="text-muted">{t("scorecards.noneYet")}</p>
          )}
          <Pending reminders={reminders} />
        </div>
        <AiView score={score} />
      </div>
    </Card>
  );
}
