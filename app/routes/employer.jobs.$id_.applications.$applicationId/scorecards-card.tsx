// The team's scorecards on the employer's application page (#scorecards, decision 083): the
// member's own (write, continue or edit it), and once they may read them (theirs submitted, or
// an owner) every submitted rating per attribute with who gave it, the overall recommendations
// with the take-aways, and who has not submitted yet. What is hidden the server never sent.
import { scaleLabel, type ScorecardPicture } from "#modules/applications/browser.ts";
import { SCORECARD_GROUP_LABELS } from "#modules/hiring/browser.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

const TONES: Record<number, BadgeTone> = { 1: "red", 2: "yellow", 3: "teal", 4: "green" };
const toneOf = (point: number | null): BadgeTone => (point === null ? "slate" : (TONES[point] ?? "slate"));

const names = (people: { name: string; mine: boolean }[]) => people.map((p) => (p.mine ? "you" : p.name)).join(", ");

export function ScorecardsCard({ picture, path }: { picture: ScorecardPicture; path: string }) {
  const { myState } = picture;
  return (
    <Card as="section" id="scorecards" aria-labelledby="scorecards-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="scorecards-heading" className="text-lg font-semibold">
          Scorecards
        </h2>
        <Badge tone={myState === "submitted" ? "green" : myState === "draft" ? "yellow" : "slate"}>
          {myState === "submitted" ? "Yours is submitted" : myState === "draft" ? "Your draft" : "Yours to write"}
        </Badge>
        <ButtonLink to={path} size="sm" variant={myState === "submitted" ? "secondary" : "primary"} className="ml-auto">
          {myState === "submitted"
            ? "Edit your scorecard"
            : myState === "draft"
              ? "Continue your draft"
              : "Write your scorecard"}
        </ButtonLink>
      </div>
      {!picture.visible ? (
        <p className="text-muted">
          {picture.submittedCount
            ? `${picture.submittedCount} ${picture.submittedCount === 1 ? "colleague has" : "colleagues have"} submitted a scorecard. `
            : "No scorecards submitted yet. "}
          You see your colleagues&apos; scorecards once you submit yours, so each one is given on its own.
        </p>
      ) : picture.recommendations.length ? (
        <>
          <div>
            <h3 className="font-semibold">Overall recommendations</h3>
            <ul className="mt-2 grid gap-3">
              {picture.recommendations.map((r, i) => (
                <li key={i} className="rounded-xl border border-subtle p-3">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">{r.mine ? `${r.by} (you)` : r.by}</span>
                    <Badge tone={toneOf(r.recommendation)}>{scaleLabel(r.recommendation)}</Badge>
                    <span className="text-xs text-muted">
                      {`Submitted ${r.submittedAt}${r.editedAt ? ` · changed ${r.editedAt}` : ""}`}
                    </span>
                  </p>
                  {r.takeaways ? <p className="mt-1 whitespace-pre-line text-sm text-soft">{r.takeaways}</p> : null}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">By attribute</h3>
            <dl className="mt-2 grid gap-3">
              {picture.attributes.map((a) => (
                <div key={a.id} className="grid gap-1 border-t border-subtle pt-3 sm:grid-cols-[1fr_2fr] sm:gap-4">
                  <dt className="[overflow-wrap:anywhere]">
                    <span className="font-medium">{a.name}</span>{" "}
                    <span className="text-xs text-muted">
                      {SCORECARD_GROUP_LABELS[a.group]}
                      {a.retired ? " · retired" : ""}
                    </span>
                  </dt>
                  <dd className="flex flex-wrap gap-2">
                    {a.ratings.length ? (
                      a.ratings.map((r, i) => (
                        <span key={i} className="inline-flex items-center gap-1.5 text-sm">
                          <Badge tone={toneOf(r.rating)}>{scaleLabel(r.rating)}</Badge>
                          <span className="[overflow-wrap:anywhere]">{r.mine ? "you" : r.by}</span>
                        </span>
                      ))
                    ) : (
                      <span className="text-sm text-muted">Not rated yet</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      ) : (
        <p className="text-muted">No scorecards submitted yet.</p>
      )}
      {picture.pending.length ? (
        <p className="text-sm text-muted">
          <span className="font-medium text-fg">Not submitted yet:</span> {names(picture.pending)}.
        </p>
      ) : (
        <p className="text-sm text-muted">Everyone who reviews this job has submitted a scorecard.</p>
      )}
    </Card>
  );
}
