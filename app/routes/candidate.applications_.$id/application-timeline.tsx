// The candidate's application as one timeline (decision 076): an ordered list, oldest first, each
// entry with what happened, who did it and when (UTC, as the messages read); the answers as sent
// sit in the first entry. The reply box closes it (#messages, where the emails link), a plain POST
// form that works with JavaScript off. A new kind from the module (e.g. an interview with its
// calendar file) needs its case in `EntryBody`: the switch is exhaustive, so the type checker says so.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { smallTextLink } from "#app/components/ui/styles.ts";
import type { TimelineEntry } from "#modules/applications/index.server.ts";
import { MessageForm, MessageText, type MessageActionData } from "#app/components/application-messages.tsx";
import { ErrorBox } from "#app/components/forms.tsx";
import { Card, useStatusLabel } from "#app/components/job-bits.tsx";

export interface SentAnswers {
  answers: { question: string; type: string; answer: string }[];
  resume: { id: string; name: string; sizeKb: number } | null;
  /** An imported listing: the answers are to copy to the company's site, so they start open. */
  toCopy: boolean;
}

export function ApplicationTimeline({
  entries,
  company,
  sent,
  reply,
  lastMessageId,
  answer,
}: {
  entries: TimelineEntry[];
  company: string;
  sent: SentAnswers;
  reply: { mayWrite: boolean; closedReason: string | null };
  lastMessageId: string | null;
  answer: MessageActionData | null;
}) {
  const label = useStatusLabel();
  return (
    <Card as="section" aria-labelledby="timeline-title" className="grid gap-5">
      <div>
        <h2 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h2>
        <p className="mt-1 text-sm text-muted">What you sent, and what {company} told you, oldest first.</p>
      </div>
      <ol aria-label="Timeline, oldest first" className="grid gap-5 border-l-2 border-line pl-5">
        {entries.map((entry) => (
          <li key={entry.id} id={entry.id} className="relative">
            <span aria-hidden className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-solid" />
            <article aria-labelledby={`${entry.id}-title`}>
              <h3 id={`${entry.id}-title`} className="font-semibold">
                {title(entry, company, label)}
              </h3>
              <p className="mt-0.5 text-xs text-muted">
                {entry.who} · <time dateTime={entry.at}>{entry.when}</time>
              </p>
              <EntryBody entry={entry} sent={sent} label={label} />
            </article>
          </li>
        ))}
      </ol>
      <section
        id="messages"
        aria-labelledby="reply-title"
        className="grid scroll-mt-6 gap-3 border-t border-subtle pt-4"
      >
        <div>
          <h3 id="reply-title" className="font-semibold">
            Write to {company}
          </h3>
          <p className="mt-1 text-sm text-muted">
            {reply.closedReason ?? `They read it with your application, and we email you their replies.`}
          </p>
        </div>
        {answer?.error && !reply.mayWrite ? <ErrorBox errors={[answer.error]} /> : null}
        {reply.mayWrite && !reply.closedReason ? <MessageForm lastMessageId={lastMessageId} answer={answer} /> : null}
      </section>
    </Card>
  );
}

function title(entry: TimelineEntry, company: string, statusLabel: (status: string) => string): string {
  switch (entry.kind) {
    case "submitted":
      return "You applied";
    case "stage":
      return `Moved to ${statusLabel(entry.to)}`;
    case "decision":
      return entry.decision === "hired" ? "You're hired" : "Not selected";
    case "message":
      return entry.message.mine ? "Your message" : `Message from ${company}`;
    case "job-closed":
      return `${company} closed the job`;
    case "withdrawn":
      return "You withdrew your application";
    case "interview":
      return entry.state === "booked"
        ? "Interview booked"
        : entry.state === "offered"
          ? "Interview times offered"
          : "Interview cancelled";
    default:
      return unknownKind(entry);
  }
}

function EntryBody({
  entry,
  sent,
  label: statusLabel,
}: {
  entry: TimelineEntry;
  sent: SentAnswers;
  label: (status: string) => string;
}): ReactNode {
  switch (entry.kind) {
    case "submitted":
      return <SentWith sent={sent} />;
    case "stage":
      return (
        <>
          <p className="mt-1 text-sm text-soft">
            {statusLabel(entry.from)} → {statusLabel(entry.to)}
          </p>
          {entry.words ? <Words text={entry.words} /> : null}
        </>
      );
    case "decision":
      return entry.words ? <Words text={entry.words} /> : null;
    case "message":
      return (
        <div
          className={`mt-2 rounded-lg border px-3 py-2 ${entry.message.mine ? "border-brand-200 bg-brand-tint dark:border-brand-800" : "border-line"}`}
        >
          <MessageText body={entry.message.body} />
        </div>
      );
    case "job-closed":
      return <p className="mt-1 text-sm text-soft">It no longer takes applications, and yours wasn't decided.</p>;
    case "withdrawn":
      return <p className="mt-1 text-sm text-soft">The company sees it as Withdrawn.</p>;
    case "interview":
      return (
        <div className="mt-1 grid gap-1 text-sm">
          <p className="text-soft">{entry.summary}</p>
          <p className="flex flex-wrap gap-3">
            {entry.state !== "cancelled" ? (
              <Link to={entry.pageHref} className={smallTextLink}>
                {entry.state === "booked" ? "See or change your interview" : "Pick a time"}
              </Link>
            ) : null}
            {entry.calendarHref ? (
              <a href={entry.calendarHref} className={smallTextLink}>
                Download the calendar file (.ics)
              </a>
            ) : null}
          </p>
        </div>
      );
    default:
      return unknownKind(entry);
  }
}

/** A new kind the page has not learned to draw: a type error here, nothing at run time. */
function unknownKind(entry: never): string {
  return (entry as TimelineEntry).kind;
}

/** The employer's own words sent with the change's email. */
function Words({ text }: { text: string }) {
  return (
    <blockquote className="mt-2 border-l-2 border-line pl-3">
      <MessageText body={text} />
    </blockquote>
  );
}

/** The resume and the answers, as sent (the questions as asked then). */
function SentWith({ sent }: { sent: SentAnswers }) {
  return (
    <div className="mt-2 grid gap-2 text-sm">
      {sent.resume ? (
        <a
          href={`/resumes/${sent.resume.id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit [overflow-wrap:anywhere] font-semibold text-brand hover:underline"
        >
          Resume: {sent.resume.name} ({sent.resume.sizeKb} KB)
        </a>
      ) : (
        <p className="text-muted">No resume was sent with this application.</p>
      )}
      {sent.answers.length ? (
        <details open={sent.toCopy} className="group">
          <summary className="w-fit cursor-pointer font-semibold text-brand">
            {sent.toCopy ? "Your prepared answers" : "Your answers, as sent"} ({sent.answers.length})
          </summary>
          <ol className="mt-3 grid gap-4">
            {sent.answers.map((a, i) => (
              <li key={i}>
                <p className="font-medium">
                  {i + 1}. {a.question}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-soft">
                  {a.type === "rating" ? `${a.answer} of 5` : a.answer}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : (
        <p className="text-muted">This job asked no screening questions.</p>
      )}
    </div>
  );
}
