// The decisions recorded on the application (decision 086), under its status history: who moved it
// to Offer, Hired or Not Selected, when, why, and against how many scorecards (left out by the
// loader for a member who may not read the scorecards yet). The team's only.
import type { DecisionView } from "#modules/applications/browser.ts";

type Shown = Omit<DecisionView, "tally" | "againstMost"> & { tally: string | null; againstMost: boolean | null };

export function DecisionHistory({ decisions }: { decisions: Shown[] }) {
  if (!decisions.length) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Decisions (only your team sees them)</h3>
      <ol aria-label="Decisions" className="mt-2 grid gap-3">
        {decisions.map((d) => (
          <li key={d.id} className="text-sm">
            <p>
              <span className="font-medium">{d.toLabel}</span>
              <span className="text-muted">
                {" "}
                · {d.by} · {d.at}
                {d.tally ? ` · ${d.tally}` : ""}
              </span>
            </p>
            <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-soft">
              {d.why ? `Why: ${d.why}` : "No reason given."}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
