// The application's interview on the employer's page (#interview): offer times while the
// application is in Interview, the times waiting for the candidate, or the booked time; owners and
// recruiters offer new times or cancel (posted to …/interview), interviewers read.
import { Form, Link } from "@remix-run/react";
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
  const live = interview && interview.status !== "cancelled" ? interview : null;
  if (!live && !inInterview) return null;
  const mayChange = live ? live.mayChange : mayOffer;
  return (
    <Card as="section" id="interview" aria-labelledby="interview-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="interview-heading" className="text-lg font-semibold">
          Interview
        </h2>
        {live ? (
          <Badge tone={live.status === "booked" ? "green" : "yellow"}>
            {live.status === "booked" ? "Booked" : "Waiting for the candidate"}
          </Badge>
        ) : null}
      </div>
      {!live ? (
        <p className="text-muted">
          {interview?.status === "cancelled"
            ? `The last interview was cancelled by ${interview.cancelledBy === "candidate" ? candidate : "your team"}.`
            : `No times offered yet. ${candidate} picks one of the times you offer.`}
        </p>
      ) : live.booked ? (
        <p>
          <strong>{live.booked.label}</strong>
          <YourTime iso={live.booked.startsAt} zone={live.timeZone} />
        </p>
      ) : (
        <div>
          <p>Times offered, waiting for {candidate} to pick one:</p>
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
            {live ? "Offer new times" : "Offer interview times"}
          </ButtonLink>
          {live && !live.started ? (
            <Form method="post" action={path}>
              <IntentButton intent="cancel" variant="danger" size="sm" pendingLabel="Cancelling...">
                Cancel interview
              </IntentButton>
            </Form>
          ) : null}
        </div>
      ) : !live ? null : (
        <p className="text-sm text-muted">
          Owners and recruiters change the interview. <Link to="#messages">Messages</Link> reach the candidate.
        </p>
      )}
    </Card>
  );
}
