// The decisions recorded on the application (decision 086), under its status history: who moved it
// to Offer, Hired or Not Selected, when, why, and against how many scorecards (left out by the
// loader for a member who may not read the scorecards yet). The team's only.
import { useTranslation } from "react-i18next";
import type { DecisionView } from "#modules/applications/browser.ts";
import { useStatusLabel } from "#app/components/job-bits.tsx";

type Shown = Omit<DecisionView, "tally" | "againstMost"> & { tally: string | null; againstMost: boolean | null };

export function DecisionHistory({ decisions }: { decisions: Shown[] }) {
  const { t } = useTranslation("review");
  const statusLabel = useStatusLabel();
  if (!decisions.length) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">{t("decisions.heading")}</h3>
      <ol aria-label={t("decisions.label")} className="mt-2 grid gap-3">
        {decisions.map((d) => (
          <li key={d.id} className="text-sm">
            <p>
              <span className="font-medium">{statusLabel(d.to)}</span>
              <span className="text-muted">
                {" "}
                · {d.by} · {d.at}
                {d.tally ? ` · ${d.tally}` : ""}
              </span>
            </p>
            <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-soft">
              {d.why ? t("decisions.why", { why: d.why }) : t("decisions.noReason")}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
