// The apply wizard's review step: AI feedback on the written answers before they are sent (plans
// that include it), or where to get it. Plain props only (browser bundle).
import { textLink } from "#app/components/ui/styles.ts";
import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import type { FeedbackView } from "#app/apply-view.ts";

/** AI feedback on the written answers before sending them (the Professional plan), or where to get it. */
export function AnswerFeedbackPanel({ feedback }: { feedback: FeedbackView }) {
  const { t } = useTranslation("apply");
  if (!feedback.included) {
    return (
      <p className="mt-6 text-sm text-soft">
        <Trans
          t={t}
          i18nKey="feedback.offer"
          components={{ plan: <Link to="/pricing?audience=job-seekers" className={textLink} /> }}
        />
      </p>
    );
  }
  if (!feedback.items.length) return null;
  return (
    <section className="mt-6 grid gap-3" aria-labelledby="answer-feedback">
      <h3 id="answer-feedback" className="font-semibold">
        {t("feedback.heading")}
      </h3>
      <p className="text-sm text-muted">{t("feedback.intro")}</p>
      <ol className="grid gap-3">
        {feedback.items.map((item, i) => (
          <li key={i} className="rounded-lg border border-line p-3 text-sm">
            <p className="font-medium [overflow-wrap:anywhere]">{item.question}</p>
            {item.strengths.length ? (
              <ul className="mt-2 grid gap-1 text-ok" aria-label={t("feedback.works")}>
                {item.strengths.map((s) => (
                  <li key={s} className="[overflow-wrap:anywhere]">
                    ✓ {s}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.tips.length ? (
              <ul className="mt-2 grid gap-1 text-ink" aria-label={t("feedback.add")}>
                {item.tips.map((t) => (
                  <li key={t}>→ {t}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-soft">{t("feedback.fine")}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
