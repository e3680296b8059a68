// The thread between a company and a candidate on an application (decision 071), as both pages
// show it: oldest first, who wrote each and when, and the form to write one. The form is a plain
// POST with intent "message" to the page itself, which redirects back to #messages; with
// JavaScript the text area is left alone while the post is in flight, and is emptied only once the
// message is in the thread (a new key). A refused post keeps the text and shows why beside it.
// The employer's form also offers the company's templates ("Use template" fills the text area on
// the server) and a Preview of the text as the candidate will read it (decision 072).
import { Form, Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "#locales/index.ts";
import { ErrorBox, IntentButton, SelectField, TextAreaField } from "./forms.tsx";
import { Card } from "./job-bits.tsx";

export const MAX_MESSAGE_CHARS = 5000;

export interface MessageItem {
  id: string;
  side: "company" | "candidate";
  authorName: string;
  mine: boolean;
  body: string;
  createdAt: string;
  when: string;
}

/** What a page's action answers a refused message, a preview or a used template with. */
export interface MessageActionData {
  form: "message";
  body: string;
  error?: string;
  /** The text as the candidate will read it (intent "preview"). */
  preview?: string;
  /** Set when the server filled the text area (a template): a new key shows the new text. */
  filled?: string;
  /** The template it was filled from: the picker keeps showing it. */
  template?: string;
}

/** A company's template, as the picker lists it. */
export interface TemplateChoice {
  id: string;
  name: string;
}

// An http(s) address, up to a space or a character that never ends one in running text.
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;
// Punctuation that closes the sentence rather than the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/** The text with each http(s) address as a link (new tab, no referrer); everything else stays text. */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    if (!url || !isWebAddress(url)) continue;
    parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={url}
        rel="nofollow noopener noreferrer"
        target="_blank"
        className="font-medium text-brand underline [overflow-wrap:anywhere]"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The thread's card: `action` is the page's own path; `answer` a refused post's message and text. */
export function MessageThreadCard({
  messages,
  mayWrite,
  closedReason,
  readOnlyReason,
  intro,
  answer,
  templates,
}: {
  messages: MessageItem[];
  mayWrite: boolean;
  /** Why nobody can write here (shown in place of the form). */
  closedReason: string | null;
  /** Why this reader can't write (an interviewer). */
  readOnlyReason?: string | null;
  intro: string;
  answer?: MessageActionData | null;
  /** The company's templates, for a member who writes (the employer's page only). */
  templates?: TemplateChoice[];
}) {
  const { t } = useTranslation("review");
  return (
    <Card className="scroll-mt-6">
      <section id="messages" aria-labelledby="messages-title" className="grid gap-4">
        <div>
          <h2 id="messages-title" className="text-lg font-semibold">
            {t("thread.heading")}
          </h2>
          <p className="mt-1 text-sm text-muted">{closedReason ?? intro}</p>
        </div>
        {messages.length ? (
          <ol className="grid gap-3" aria-label={t("thread.label")}>
            {messages.map((m) => (
              <li
                key={m.id}
                id={`message-${m.id}`}
                className={`rounded-lg border px-3 py-2 ${m.mine ? "border-brand-200 bg-brand-tint dark:border-brand-800" : "border-line"}`}
              >
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold">
                    {/* A member's own is "Name (you)"; the candidate's own is already "You". */}
                    {m.mine && m.side === "company" ? t("thread.you", { name: m.authorName }) : m.authorName}
                  </span>
                  <time dateTime={m.createdAt} className="text-xs text-muted">
                    {m.when}
                  </time>
                </p>
                <MessageText body={m.body} />
              </li>
            ))}
          </ol>
        ) : closedReason ? null : (
          <p className="text-sm text-muted">{t("thread.none")}</p>
        )}
        {answer?.error && !(mayWrite && !closedReason) ? <ErrorBox errors={[answer.error]} /> : null}
        {mayWrite && !closedReason ? (
          <MessageForm lastMessageId={messages.at(-1)?.id ?? null} answer={answer} templates={templates} />
        ) : readOnlyReason && !closedReason ? (
          <p className="text-sm text-muted">{readOnlyReason}</p>
        ) : null}
      </section>
    </Card>
  );
}

/** A message's text: its lines kept, its addresses links. */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="mt-1 whitespace-pre-line break-words text-soft">
      <Linkified text={body} />
    </p>
  );
}

/**
 * The form to write one: a plain POST (intent "message") to the page itself. Its key changes once a
 * message lands (`lastMessageId`, or a template filled in), which empties it; until then it keeps
 * what was typed.
 */
export function MessageForm({
  lastMessageId,
  answer,
  templates,
}: {
  lastMessageId: string | null;
  answer?: MessageActionData | null;
  templates?: TemplateChoice[];
}) {
  const { t, i18n } = useTranslation("review");
  return (
    <Form
      key={`${lastMessageId ?? "first"}:${answer?.filled ?? ""}`}
      method="post"
      className="grid gap-3"
      preventScrollReset
    >
      {answer?.preview ? <MessagePreview text={answer.preview} /> : null}
      {templates ? <TemplatePicker templates={templates} chosen={answer?.template} /> : null}
      <TextAreaField
        id="message-body"
        name="body"
        label={t("thread.write")}
        rows={4}
        defaultValue={answer?.body ?? ""}
        errors={answer?.error ? [answer.error] : undefined}
        hint={t("thread.hint", { max: MAX_MESSAGE_CHARS.toLocaleString(intlLocale(i18n.language)) })}
      />
      <div className="flex flex-wrap gap-2">
        <IntentButton intent="message" variant="primary" pendingLabel={t("thread.sending")}>
          {t("thread.send")}
        </IntentButton>
        {templates ? (
          <IntentButton intent="preview" pendingLabel={t("thread.previewing")}>
            {t("thread.preview")}
          </IntentButton>
        ) : null}
      </div>
    </Form>
  );
}

/** The text as it will be sent, placeholders filled in; Send below posts what the text area holds. */
export function MessagePreview({ text, title }: { text: string; title?: string }) {
  const { t } = useTranslation("review");
  return (
    <section
      aria-labelledby="message-preview-title"
      className="rounded-lg border border-brand-200 bg-brand-tint px-3 py-2 dark:border-brand-800"
    >
      <h3 id="message-preview-title" className="text-sm font-semibold">
        {title ?? t("thread.previewTitle")}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-soft" data-testid="message-preview">
        <Linkified text={text} />
      </p>
    </section>
  );
}

/** "Use template": a plain submit in the form it sits in, so the server fills the text area. */
export function TemplatePicker({ templates, chosen }: { templates: TemplateChoice[]; chosen?: string }) {
  const { t } = useTranslation("review");
  if (!templates.length)
    return (
      <p className="text-sm text-muted">
        <Link to="/employer/templates" className="font-semibold text-brand hover:underline">
          {t("thread.addTemplates")}
        </Link>{" "}
        {t("thread.addTemplatesAfter")}
      </p>
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        id="message-template"
        name="template"
        label={t("thread.template")}
        defaultValue={templates.find((t) => t.id === chosen)?.id ?? templates[0]!.id}
        options={templates.map((t) => [t.id, t.name] as const)}
      />
      <IntentButton intent="use-template" pendingLabel={t("thread.filling")}>
        {t("thread.useTemplate")}
      </IntentButton>
      <Link to="/employer/templates" className="pb-2 text-sm font-semibold text-brand hover:underline">
        {t("thread.manageTemplates")}
      </Link>
    </div>
  );
}
