// An interview kit as an interviewer reads it (decision 087): the questions to ask in order, the
// scorecard attributes it covers with what good looks like, and the prompt for their notes.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { InterviewKit } from "#modules/hiring/browser.ts";
import { Link } from "@remix-run/react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";

export function KitBody({ kit, notes }: { kit: InterviewKit; notes?: ReactNode }) {
  const { t } = useTranslation("review");
  return (
    <div className="grid gap-4">
      <div>
        <h3 className="font-semibold">{t("kit.questions")}</h3>
        <ol className="mt-2 grid list-decimal gap-2 pl-6">
          {kit.questions.map((q, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              {q}
            </li>
          ))}
        </ol>
      </div>
      <div>
        <h3 className="font-semibold">{t("kit.attributes")}</h3>
        {kit.attributes.length ? (
          <ul className="mt-2 grid gap-2">
            {kit.attributes.map((a) => (
              <li key={a.id}>
                <p className="font-medium [overflow-wrap:anywhere]">
                  {a.name} <Badge>{t(`groups.${a.group}`)}</Badge>
                  {a.retired ? <Badge tone="yellow">{t("kit.retired")}</Badge> : null}
                </p>
                {a.guidance ? <p className="text-sm text-soft">{a.guidance}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted">{t("kit.noAttributes")}</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t("kit.notes")}</h3>
        {kit.notesPrompt ? <p className="mt-1 whitespace-pre-line text-soft">{kit.notesPrompt}</p> : null}
        {notes}
      </div>
    </div>
  );
}

/** The kit on the application page and the member's scorecard page. */
export function InterviewKitCard({
  kit,
  chosen,
  notes,
  jobKitsHref,
  inside = false,
}: {
  kit: InterviewKit;
  chosen: boolean;
  notes: ReactNode;
  jobKitsHref: string;
  /** Within another card (the scorecard page): a bordered part of it instead of a card of its own. */
  inside?: boolean;
}) {
  const { t } = useTranslation("review");
  const body = (
    <>
      <h2 id="interview-kit-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
        {t("kit.heading", { name: kit.name })}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {chosen ? t("kit.chosen") : t("kit.first")}{" "}
        <Link to={jobKitsHref} className="font-semibold text-brand hover:underline">
          {t("kit.all")}
        </Link>
      </p>
      <div className="mt-4">
        <KitBody kit={kit} notes={notes} />
      </div>
    </>
  );
  return inside ? (
    <section
      id="interview-kit"
      aria-labelledby="interview-kit-heading"
      className="mt-6 rounded-xl border border-subtle p-4"
    >
      {body}
    </section>
  ) : (
    <Card as="section" id="interview-kit" aria-labelledby="interview-kit-heading">
      {body}
    </Card>
  );
}
