// The landing hero's illustration: an example of the scorecard an employer sees on an application.
// Static markup with real text (no image), so it is sharp, themable and read by screen readers.
import { useTranslation } from "react-i18next";

// Labels are catalogue keys (home namespace); the English of the last is the AI's COLLABORATION_LABEL.
const SCORES = [
  { label: "scorecard.technical", value: 94 },
  { label: "scorecard.communication", value: 88 },
  { label: "scorecard.collaboration", value: 91 },
] as const;

const OVERALL = 92;

export function ScorecardPreview() {
  const circumference = 2 * Math.PI * 34;
  const { t } = useTranslation("home");
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-brand-900/10 dark:shadow-black/40">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-muted">{t("scorecard.role")}</p>
            <p className="mt-1 text-lg font-semibold text-strong">{t("scorecard.applicant")}</p>
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-ok-wash px-2.5 py-0.5 text-xs font-semibold text-ok-ink">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600 dark:bg-emerald-300" />
              {t("scorecard.shortlisted")}
            </p>
          </div>
          <div className="relative grid size-20 shrink-0 place-items-center">
            <svg aria-hidden="true" viewBox="0 0 80 80" width="80" height="80" className="absolute inset-0 -rotate-90">
              <circle cx="40" cy="40" r="34" fill="none" strokeWidth="8" className="stroke-hairline" />
              <circle
                cx="40"
                cy="40"
                r="34"
                fill="none"
                strokeWidth="8"
                strokeLinecap="round"
                strokeDasharray={`${(circumference * OVERALL) / 100} ${circumference}`}
                className="stroke-brand-solid"
              />
            </svg>
            <p className="relative text-center leading-none">
              <span className="block text-xl font-bold text-strong">{OVERALL}%</span>
              <span className="mt-0.5 block text-[0.65rem] font-medium uppercase tracking-wide text-muted">
                {t("scorecard.match")}
              </span>
            </p>
          </div>
        </div>

        <ul className="mt-6 grid gap-4">
          {SCORES.map((s) => (
            <li key={s.label}>
              <p className="flex justify-between text-sm">
                <span className="font-medium text-soft">{t(s.label)}</span>
                <span className="font-semibold text-strong">{s.value}%</span>
              </p>
              <div aria-hidden="true" className="mt-1.5 h-2 rounded-full bg-shade">
                <div className="h-2 rounded-full bg-brand-solid" style={{ width: `${s.value}%` }} />
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-6 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/70">
          <p className="font-medium text-strong">{t("scorecard.question")}</p>
          <p className="mt-1 text-soft">{t("scorecard.answer")}</p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">{t("scorecard.caption")}</figcaption>
    </figure>
  );
}
