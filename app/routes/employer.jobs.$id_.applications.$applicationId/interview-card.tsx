// The application's interview on the employer's page (#interview): offer times while the
// application is in Interview, the times waiting for the candidate, or the booked time; owners and
// recruiters offer new times or cancel (posted to …/interview), interviewers read.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { InterviewView } from "#modules/interviews/index.server.ts";
import { Card } from "#app/components/ui/card.tsx";
import { ButtonLink, IntentButton } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { InterviewFactsList, YourTime } from "#app/components/interview.tsx";

type Interview = InterviewView & { mayChange: boolean };

export function InterviewCard({
  interview,
  inInterview,
  mayOffer,
  path,
  candidate,
}: {
  interview: Interview | null;
  inInterview: boolean;
  mayOffer: boolean;
  /** The interview page, …/applications/{id}/interview. */
  path: string;
  candidate: string;
}) {
  const { t } = useTranslation("review");
  const live = interview && interview.status !== "cancelled" ? interview : null;
  if (!live && !inInterview) return null;
  const mayChange = live ? live.mayChange : mayOffer;
  return (
    <Card as="section" id="interview" aria-labelledby="interview-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="interview-heading" className="text-lg font-semibold">
          {t("interview.heading")}
        </h2>
        {live ? (
          <Badge tone={live.status === "booked" ? "green" : "yellow"}>
            {live.status === "booked" ? t("interview.booked") : t("interview.waiting")}
          </Badge>
        ) : null}
      </div>
      {!live ? (
        <p className="text-muted">
          {interview?.status === "cancelled"
            ? interview.cancelledBy === "candidate"
              ? t("interview.cancelledByCandidate", { name: candidate })
              : t("interview.cancelledByTeam")
            : t("interview.noTimes", { name: candidate })}
        </p>
      ) : live.booked ? (
        <p>
          <strong>{live.booked.label}</strong>
          <YourTime iso={live.booked.startsAt} zone={live.timeZone} />
        </p>
      ) : (
        <div>
          <p>{t("interview.timesOffered", { name: candidate })}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {live.options.map((slot) => (
              <li key={slot.id}>{slot.label}</li>
            ))}
          </ul>
        </div>
      )}
      {live ? <InterviewFactsList interview={live} /> : null}
      {mayChange ? (
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={path} variant={live ? "secondary" : "primary"} size="sm">
            {live ? t("interview.offerNew") : t("interview.offer")}
          </ButtonLink>
          {live && !live.started ? (
            <Form method="post" action={path}>
              <IntentButton intent="cancel" variant="danger" size="sm" pendingLabel={t("cancelling")}>
                {t("interview.cancel")}
              </IntentButton>
            </Form>
          ) : null}
        </div>
      ) : !live ? null : (
        <p className="text-sm text-muted">
          {t("interview.readOnlyBefore")} <Link to="#messages">{t("interview.messages")}</Link>{" "}
          {t("interview.readOnlyAfter")}
        </p>
      )}
    </Card>
  );
}
