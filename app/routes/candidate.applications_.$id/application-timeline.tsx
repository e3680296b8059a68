// The candidate's application as one timeline (decision 076): an ordered list, oldest first, each
// entry with what happened, who did it and when (UTC, as the messages read); the answers as sent
// sit in the first entry. The reply box closes it (#messages, where the emails link), a plain POST
// form that works with JavaScript off. A new kind from the module (e.g. an interview with its
// calendar file) needs its case in `EntryBody`: the switch is exhaustive, so the type checker says so.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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
  const { t } = useTranslation("timeline");
  return (
    <Card as="section" aria-labelledby="timeline-title" className="grid gap-5">
      <div>
        <h2 id="timeline-title" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("intro", { company })}</p>
      </div>
      <ol aria-label={t("listLabel")} className="grid gap-5 border-l-2 border-line pl-5">
        {entries.map((entry) => (
          <li key={entry.id} id={entry.id} className="relative">
            <span aria-hidden className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-solid" />
            <article aria-labelledby={`${entry.id}-title`}>
              <h3 id={`${entry.id}-title`} className="font-semibold">
                {title(entry, company, label, t)}
              </h3>
              <p className="mt-0.5 text-xs text-muted">
                {entry.who} · <time dateTime={entry.at}>{entry.when}</time>
              </p>
              <EntryBody entry={entry} sent={sent} label={label} t={t} />
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
            {t("writeTo", { company })}
          </h3>
          <p className="mt-1 text-sm text-muted">{reply.closedReason ?? t("replyNote")}</p>
        </div>
        {answer?.error && !reply.mayWrite ? <ErrorBox errors={[answer.error]} /> : null}
        {reply.mayWrite && !reply.closedReason ? <MessageForm lastMessageId={lastMessageId} answer={answer} /> : null}
      </section>
    </Card>
  );
}

function title(
  entry: TimelineEntry,
  company: string,
  statusLabel: (status: string) => string,
  t: TFunction<"timeline">,
): string {
  switch (entry.kind) {
    case "submitted":
      return t("entry.submitted");
    case "stage":
      return t("entry.stage", { stage: statusLabel(entry.to) });
    case "decision":
      return entry.decision === "hired" ? t("entry.hired") : t("entry.rejected");
    case "message":
      return entry.message.mine ? t("entry.mine") : t("entry.from", { company });
    case "job-closed":
      return t("entry.jobClosed", { company });
    case "withdrawn":
      return t("entry.withdrawn");
    case "interview":
      return entry.state === "booked"
        ? t("entry.interviewBooked")
        : entry.state === "offered"
          ? t("entry.interviewOffered")
          : t("entry.interviewCancelled");
    default:
      return unknownKind(entry);
  }
}

function EntryBody({
  entry,
  sent,
  label: statusLabel,
  t,
}: {
  entry: TimelineEntry;
  sent: SentAnswers;
  label: (status: string) => string;
  t: TFunction<"timeline">;
}): ReactNode {
  switch (entry.kind) {
    case "submitted":
      return <SentWith sent={sent} t={t} />;
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
      return <p className="mt-1 text-sm text-soft">{t("jobClosedBody")}</p>;
    case "withdrawn":
      return <p className="mt-1 text-sm text-soft">{t("withdrawnBody")}</p>;
    case "interview":
      return (
        <div className="mt-1 grid gap-1 text-sm">
          <p className="text-soft">{entry.summary}</p>
          <p className="flex flex-wrap gap-3">
            {entry.state !== "cancelled" ? (
              <Link to={entry.pageHref} className={smallTextLink}>
                {entry.state === "booked" ? t("seeInterview") : t("pickTime")}
              </Link>
            ) : null}
            {entry.calendarHref ? (
              <a href={entry.calendarHref} className={smallTextLink}>
                {t("calendar")}
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
function SentWith({ sent, t }: { sent: SentAnswers; t: TFunction<"timeline"> }) {
  return (
    <div className="mt-2 grid gap-2 text-sm">
      {sent.resume ? (
        <a
          href={`/resumes/${sent.resume.id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit [overflow-wrap:anywhere] font-semibold text-brand hover:underline"
        >
          {t("resume", { name: sent.resume.name, size: sent.resume.sizeKb })}
        </a>
      ) : (
        <p className="text-muted">{t("noResume")}</p>
      )}
      {sent.answers.length ? (
        <details open={sent.toCopy} className="group">
          <summary className="w-fit cursor-pointer font-semibold text-brand">
            {t(sent.toCopy ? "prepared" : "asSent", { count: sent.answers.length })}
          </summary>
          <ol className="mt-3 grid gap-4">
            {sent.answers.map((a, i) => (
              <li key={i}>
                <p className="font-medium">
                  {i + 1}. {a.question}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-soft">
                  {a.type === "rating" ? t("rating", { rating: a.answer }) : a.answer}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : (
        <p className="text-muted">{t("noQuestions")}</p>
      )}
    </div>
  );
}
